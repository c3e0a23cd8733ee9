import { createSpecValidator, interactionsSchemaProblems, type SpecFormat } from "@interlingua/core/test";
import type { LegalityFormat } from "./legality-gateway";
import type { BackendRequest, BackendRule } from "./rules/backend-rule";
import { chatCompletionsBackendRules } from "./rules/chat-completions-backend-rules";
import { generateContentBackendRules } from "./rules/generate-content-backend-rules";
import { interactionsBackendRules } from "./rules/interactions-backend-rules";
import { messagesBackendRules } from "./rules/messages-backend-rules";
import { responsesBackendRules } from "./rules/responses-backend-rules";

/** Each backend format's rule table. */
export const backendRules: Record<LegalityFormat, readonly BackendRule[]> = {
  messages: messagesBackendRules,
  responses: responsesBackendRules,
  "generate-content": generateContentBackendRules,
  "chat-completions": chatCompletionsBackendRules,
  interactions: interactionsBackendRules,
};

/** The vendor spec's request schema of each format. */
const requestSchemas: Record<SpecFormat, string> = {
  messages: "CreateMessageParams",
  responses: "CreateResponse",
  "generate-content": "GenerateContentRequest",
  "chat-completions": "CreateChatCompletionRequest",
};

/**
 * Problems the live APIs do not have: fields newer than the stored specs (Gemini 3's
 * `thinkingLevel`); a Schema's `type` beside `anyOf` (the spec calls it required, the API takes
 * `anyOf` alone; the rule table checks `type` everywhere else); an assistant turn's `output_text`
 * without `logprobs` (an output field the API does not ask back as input).
 */
const notInLiveApi = [
  /^\/generationConfig\/thinkingConfig\/thinkingLevel: property not declared/,
  /\/type: required property is missing$/,
  /^\/input\/\d+\/content\/\d+\/logprobs: required property is missing$/,
];

/**
 * The responses spec's `EasyInputMessage` and `InputMessage` both match a `{ role, content }` input
 * item, so its `oneOf` reports every such item ambiguous: an item that is a valid
 * `EasyInputMessage` is taken as one.
 */
function ambiguousEasyInput(format: LegalityFormat, body: Record<string, unknown>, problem: string): boolean {
  const match = /^\/input\/(\d+): must match exactly one schema in oneOf$/.exec(problem);
  if (format !== "responses" || !match || !Array.isArray(body.input)) return false;
  return createSpecValidator(format).validate("EasyInputMessage", body.input[Number(match[1])]).length === 0;
}

/**
 * An assistant turn of the history as the API takes it (`{ role: "assistant", content: [output_text
 * …] }`; `EasyInputMessage`'s description says it "can also contain previous assistant responses",
 * which its content schema does not list): its parts checked as `OutputMessageContent`, the item
 * with them set aside. Other bodies are returned as they are.
 */
function withAssistantHistoryChecked(
  format: LegalityFormat,
  body: Record<string, unknown>,
): { body: Record<string, unknown>; problems: string[] } {
  if (format !== "responses" || !Array.isArray(body.input)) return { body, problems: [] };
  const problems: string[] = [];
  const input = (body.input as Record<string, unknown>[]).map((item, index) => {
    if (item.role !== "assistant" || item.id !== undefined || !Array.isArray(item.content)) return item;
    (item.content as unknown[]).forEach((part, partIndex) => {
      for (const problem of createSpecValidator(format).validate("OutputMessageContent", part))
        problems.push(`/input/${index}/content/${partIndex}${problem}`);
    });
    return { ...item, content: "" };
  });
  return { body: { ...body, input }, problems };
}

/** Problems of a request body against its format's schema (for interactions, the one compiled from the client's types). */
function requestSchemaProblems(format: LegalityFormat, body: Record<string, unknown>): string[] {
  if (format === "interactions") return interactionsSchemaProblems("InteractionsCreateRequest", body);
  return createSpecValidator(format).validate(requestSchemas[format], body);
}

/**
 * Why a backend would refuse a request: its problems against the format's vendor schema (with its
 * enums and bounds) and against the format's rule table of documented constraints. Empty when the
 * backend accepts it.
 */
export function backendRequestProblems(format: LegalityFormat, request: BackendRequest): string[] {
  const history = withAssistantHistoryChecked(format, request.body);
  const spec = requestSchemaProblems(format, history.body)
    .filter((problem) => !notInLiveApi.some((pattern) => pattern.test(problem)))
    .filter((problem) => !ambiguousEasyInput(format, history.body, problem));
  const rules = backendRules[format].flatMap((rule) =>
    rule.check(request).map((problem) => `${rule.rule}: ${problem}`),
  );
  const live = history.problems.filter((problem) => !notInLiveApi.some((pattern) => pattern.test(problem)));
  return [...live, ...spec, ...rules];
}
