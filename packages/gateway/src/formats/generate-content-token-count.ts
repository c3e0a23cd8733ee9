import { CanonicalError, decodePathSegment } from "@interlingua/core";
import { generateContentApiVersion } from "@interlingua/generate-content/http";
import { countBodyObject, readCountField } from "./count-body-object";
import type { TokenCountBinding } from "./token-count-binding";

const countPath = /^\/(?:v1beta|v1|v1alpha)\/models\/([^/:]*):countTokens$/;

/**
 * The generate-content format's `POST /v1beta/models/{model}:countTokens` (or `/v1/…`): a body of
 * `contents` (with the Vertex clients' `systemInstruction`, `tools` and `generationConfig` beside
 * them) or a whole `generateContentRequest`, answered `{"totalTokens": N}`.
 */
export const generateContentTokenCount: TokenCountBinding = {
  match(url) {
    const match = countPath.exec(url.pathname);
    if (!match) return undefined;
    if (match[1] === "")
      throw new CanonicalError("invalid_request", "The URL path names no model before :countTokens.", {
        param: "model",
      });
    return { model: decodePathSegment(match[1]!, "model").replace(/^models\//, "") };
  },
  toChatBody(body) {
    const object = countBodyObject(body);
    const whole = object.generateContentRequest;
    if (whole === undefined) return object;
    if (object.contents !== undefined)
      throw new CanonicalError(
        "invalid_request",
        "contents and generateContentRequest are mutually exclusive: send one of them.",
        { param: "generateContentRequest" },
      );
    if (typeof whole !== "object" || whole === null || Array.isArray(whole))
      throw new CanonicalError("invalid_request", "generateContentRequest must be an object.", {
        param: "generateContentRequest",
      });
    return whole;
  },
  fromChatBody: (body) => ({ generateContentRequest: countBodyObject(body) }),
  buildUpstreamRequest(options) {
    const model = options.model.replace(/^models\//, "");
    const body = countBodyObject(options.body);
    const whole = body.generateContentRequest;
    const named =
      typeof whole === "object" && whole !== null
        ? { ...body, generateContentRequest: { ...whole, model: `models/${model}` } }
        : body;
    return {
      url: `${options.baseURL.replace(/\/+$/, "")}/${generateContentApiVersion}/models/${encodeURIComponent(model)}:countTokens`,
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        "x-goog-api-key": options.apiKey,
        ...options.headers,
      },
      body: JSON.stringify(named),
    };
  },
  // JSON of a protocol buffer leaves a zero out, so an answer object without the field counts 0.
  readCount: (body) =>
    readCountField(
      typeof body === "object" && body !== null ? { totalTokens: 0, ...body } : body,
      "totalTokens",
    ),
  encodeCount: (count) => ({ totalTokens: count }),
};
