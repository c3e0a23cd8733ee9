import type { CodecHttpBinding, UpstreamRequest, UpstreamRequestOptions } from "@interlingua/core";
import type { MessagesRequest } from "../wire/messages-request";

/** The API version this package speaks (`anthropic-version`). */
export const messagesApiVersion = "2023-06-01";

/** How to present the API key upstream: `x-api-key` (the default) or `Authorization: Bearer`. */
export type MessagesAuthStyle = "x-api-key" | "bearer";

const chatPath = /\/v1\/messages$/;

/**
 * The API key of a caller: `x-api-key`, or a bearer token in `Authorization` (the newer SDK line
 * sends that when configured with an auth token).
 */
export function readMessagesApiKey(request: Request): string | undefined {
  const key = request.headers.get("x-api-key");
  if (key) return key;
  const authorization = request.headers.get("authorization");
  const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization) : null;
  return match?.[1]?.trim() || undefined;
}

/**
 * The version and beta features a caller asked for: `anthropic-version` / `anthropic-beta`, or the
 * seed document's spellings `vendor-version` / `vendor-beta`. Betas are comma-separated, or the
 * header repeated (which `Headers` joins with commas).
 */
export function readMessagesVersionHeaders(request: Request): { version?: string; betas: string[] } {
  const headers = request.headers;
  const version = headers.get("anthropic-version") ?? headers.get("vendor-version") ?? undefined;
  const betas = [headers.get("anthropic-beta"), headers.get("vendor-beta")]
    .flatMap((value) => (value ? value.split(",") : []))
    .map((beta) => beta.trim())
    .filter((beta) => beta !== "");
  return version === undefined ? { betas } : { version, betas };
}

/** The upstream HTTP call for a messages body, authenticated the given way. */
export function buildMessagesUpstreamRequest(
  options: UpstreamRequestOptions<MessagesRequest>,
  authStyle: MessagesAuthStyle = "x-api-key",
): UpstreamRequest {
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: options.stream ? "text/event-stream" : "application/json",
    "anthropic-version": messagesApiVersion,
    ...options.headers,
  };
  if (authStyle === "bearer") headers.authorization = `Bearer ${options.apiKey}`;
  else headers["x-api-key"] = options.apiKey;
  const body: MessagesRequest = { ...options.body, model: options.model };
  if (options.stream) body.stream = true;
  else delete body.stream;
  return {
    url: `${options.baseURL.replace(/\/+$/, "")}/v1/messages`,
    method: "POST",
    headers,
    body: JSON.stringify(body),
  };
}

/** The messages format on HTTP: `POST /v1/messages` (any query, such as the SDK's `?beta=true`). */
export const messagesHttpBinding: CodecHttpBinding<MessagesRequest> = {
  matchChatRequest(method, url) {
    return method.toUpperCase() === "POST" && chatPath.test(url.pathname) ? {} : undefined;
  },
  readApiKey: readMessagesApiKey,
  buildUpstreamRequest: (options) => buildMessagesUpstreamRequest(options),
};
