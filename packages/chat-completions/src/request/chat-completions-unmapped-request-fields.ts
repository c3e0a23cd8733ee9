import type { UnmappedRequestFields } from "@interlingua/core";

/**
 * The chat-completions request fields kept in `extensions["chat-completions"]` that another format
 * cannot take (`logit_bias`, `prediction`, `verbosity`, a server's own settings, unmapped `audio`,
 * `response_format` and `json_schema` members, ...), apart from the decoder's own marks. `stream_options` is not lost: the front's stream encoder
 * answers it (usage when asked).
 */
export const chatCompletionsUnmappedRequestFields: UnmappedRequestFields = {
  marks: [
    "maxTokensField",
    "stopForm",
    "toolsEmpty",
    "toolChoice",
    "streamUsageUnasked",
    "schemaAbsent",
    "stream_options",
  ],
  holders: ["audio", "responseFormat", "jsonSchema"],
  toolMarks: ["parametersAbsent"],
  messageMarks: [
    "contentForm",
    "contentAbsent",
    "refusalAbsent",
    "legacyFunction",
    "contentNull",
    "callIdEmpty",
  ],
  // Inline data the caller spelled URL-safe: another format gets it in the standard alphabet.
  partFields: ["urlSafeBase64"],
};
