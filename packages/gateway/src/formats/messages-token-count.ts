import { messagesApiVersion } from "@interlingua/messages/http";
import { countBodyObject, readCountField } from "./count-body-object";
import { pickFields } from "./pick-fields";
import type { TokenCountBinding } from "./token-count-binding";

const countPath = /\/v1\/messages\/count_tokens\/?$/;

/** The fields `POST /v1/messages/count_tokens` accepts (its `CountMessageTokensParams`). */
const countFields = [
  "model",
  "messages",
  "system",
  "tools",
  "tool_choice",
  "thinking",
  "output_config",
  "cache_control",
] as const;

/**
 * The messages format's `POST /v1/messages/count_tokens` (any query, such as the SDK's
 * `?beta=true`): a messages body without `max_tokens`, answered `{"input_tokens": N}`.
 */
export const messagesTokenCount: TokenCountBinding = {
  match: (url) => (countPath.test(url.pathname) ? {} : undefined),
  toChatBody(body) {
    const object = countBodyObject(body);
    if (object.max_tokens !== undefined) return object;
    // The chat body needs an output budget, above any thinking budget; counting never uses it.
    const thinking = object.thinking as { budget_tokens?: unknown } | undefined;
    const budget = typeof thinking?.budget_tokens === "number" ? thinking.budget_tokens : 0;
    return { ...object, max_tokens: budget + 1 };
  },
  fromChatBody: (body) => pickFields(countBodyObject(body), countFields),
  buildUpstreamRequest(options) {
    return {
      url: `${options.baseURL.replace(/\/+$/, "")}/v1/messages/count_tokens`,
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "anthropic-version": messagesApiVersion,
        ...options.headers,
        "x-api-key": options.apiKey,
      },
      body: JSON.stringify({ ...countBodyObject(options.body), model: options.model }),
    };
  },
  readCount: (body) => readCountField(body, "input_tokens"),
  encodeCount: (count) => ({ input_tokens: count }),
};
