import { CanonicalError } from "@interlingua/core";
import { countBodyObject, readCountField } from "./count-body-object";
import { pickFields } from "./pick-fields";
import type { TokenCountBinding } from "./token-count-binding";

/** The fields `POST /v1/responses/input_tokens` accepts (its `TokenCountsBody`). */
const countFields = [
  "model",
  "input",
  "previous_response_id",
  "tools",
  "text",
  "reasoning",
  "truncation",
  "instructions",
  "conversation",
  "tool_choice",
  "parallel_tool_calls",
] as const;

/**
 * The responses format's `POST /v1/responses/input_tokens` (under any prefix): a responses body,
 * answered `{"object": "response.input_tokens", "input_tokens": N}`. The gateway routes by model,
 * so a body without one is refused naming `model`.
 */
export const responsesTokenCount: TokenCountBinding = {
  match: (url) => (url.pathname.replace(/\/+$/, "").endsWith("/v1/responses/input_tokens") ? {} : undefined),
  toChatBody(body) {
    const object = countBodyObject(body);
    if (typeof object.model !== "string" || object.model === "")
      throw new CanonicalError("invalid_request", "model is required: the gateway routes by model.", {
        param: "model",
        code: "missing_required_parameter",
      });
    return object.input === undefined || object.input === null ? { ...object, input: [] } : object;
  },
  fromChatBody: (body) => pickFields(countBodyObject(body), countFields),
  buildUpstreamRequest(options) {
    return {
      url: `${options.baseURL.replace(/\/+$/, "")}/v1/responses/input_tokens`,
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: `Bearer ${options.apiKey}`,
        ...options.headers,
      },
      body: JSON.stringify({ ...countBodyObject(options.body), model: options.model }),
    };
  },
  readCount: (body) => readCountField(body, "input_tokens"),
  encodeCount: (count) => ({ object: "response.input_tokens", input_tokens: count }),
};
