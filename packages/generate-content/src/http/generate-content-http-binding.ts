import {
  CanonicalError,
  type CodecHttpBinding,
  decodePathSegment,
  type UpstreamRequest,
  type UpstreamRequestOptions,
} from "@interlingua/core";
import type { GenerateContentRequest } from "../wire/generate-content-request-schema";

/** The API version the provider calls unless told otherwise. */
export const generateContentApiVersion = "v1beta";

const chatPath = /\/(v1beta|v1|v1alpha)\/models\/([^/:]*):(generateContent|streamGenerateContent)$/;

/**
 * What a chat URL says: the model and whether a stream was asked for. Both `/v1beta/` (the 2.x SDK
 * line) and `/v1/` (the current line) are served; `:streamGenerateContent` streams (clients add
 * `alt=sse` for server-sent events). A missing model, or one that is not valid percent-encoding, is
 * refused with `invalid_request` naming `model`.
 */
export function matchGenerateContentPath(
  pathname: string,
): { model: string; stream: boolean; apiVersion: string } | undefined {
  const match = chatPath.exec(pathname);
  if (!match) return undefined;
  if (match[2] === "")
    throw new CanonicalError("invalid_request", "The URL path names no model before the method.", {
      param: "model",
    });
  return {
    apiVersion: match[1]!,
    model: decodePathSegment(match[2]!, "model"),
    stream: match[3] === "streamGenerateContent",
  };
}

/** The API key of a caller: the `x-goog-api-key` header (what the SDKs send) or the `key` query parameter. */
export function readGenerateContentApiKey(request: Request): string | undefined {
  const header = request.headers.get("x-goog-api-key");
  if (header) return header;
  return new URL(request.url).searchParams.get("key") || undefined;
}

/** The upstream HTTP call for a body: `{baseURL}/{apiVersion}/models/{model}:generateContent` or the SSE stream. */
export function buildGenerateContentUpstreamRequest(
  options: UpstreamRequestOptions<GenerateContentRequest>,
  apiVersion: string = generateContentApiVersion,
): UpstreamRequest {
  const model = options.model.replace(/^models\//, "");
  const method = options.stream ? "streamGenerateContent?alt=sse" : "generateContent";
  const { model: _model, ...body } = options.body;
  return {
    url: `${options.baseURL.replace(/\/+$/, "")}/${apiVersion}/models/${encodeURIComponent(model)}:${method}`,
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: options.stream ? "text/event-stream" : "application/json",
      "x-goog-api-key": options.apiKey,
      ...options.headers,
    },
    body: JSON.stringify(body),
  };
}

/** The generate-content format on HTTP. */
export const generateContentHttpBinding: CodecHttpBinding<GenerateContentRequest> = {
  matchChatRequest(method, url) {
    if (method.toUpperCase() !== "POST") return undefined;
    const match = matchGenerateContentPath(url.pathname);
    return match && { model: match.model, stream: match.stream };
  },
  readApiKey: readGenerateContentApiKey,
  buildUpstreamRequest: (options) => buildGenerateContentUpstreamRequest(options),
};
