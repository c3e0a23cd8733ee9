import type { CodecHttpBinding, UpstreamRequest, UpstreamRequestOptions } from "@interlingua/core";
import type { ChatCompletionsRequest } from "../wire/chat-completions-request-schema";

/**
 * The upstream path of chat completions under `baseURL`: `/chat/completions` when the base URL
 * already ends with a version (`https://openrouter.ai/api/v1`, `http://localhost:11434/v1`, as
 * those servers document it), else `/v1/chat/completions` (`https://api.openai.com`).
 */
export function defaultChatCompletionsPath(baseURL: string): string {
  return /\/v\d+[a-z]*\/*$/i.test(baseURL) ? "/chat/completions" : "/v1/chat/completions";
}

/**
 * The upstream request for an encoded body at `path` under the base URL: `stream` set only when
 * streaming, and with `askUsage` `stream_options.include_usage` too (so the last chunk carries
 * usage) unless the body says otherwise; `Authorization: Bearer` when there is a key (local
 * servers need none).
 */
export function buildChatCompletionsUpstreamRequest(
  options: UpstreamRequestOptions<ChatCompletionsRequest>,
  path: string = defaultChatCompletionsPath(options.baseURL),
  askUsage = false,
): UpstreamRequest {
  const body: Record<string, unknown> = { ...options.body, model: options.model };
  if (options.stream) {
    body.stream = true;
    if (askUsage) body.stream_options ??= { include_usage: true };
  } else {
    delete body.stream;
    delete body.stream_options;
  }
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: options.stream ? "text/event-stream" : "application/json",
  };
  if (options.apiKey !== "") headers.authorization = `Bearer ${options.apiKey}`;
  return {
    url: `${options.baseURL.replace(/\/+$/, "")}${path}`,
    method: "POST",
    headers: { ...headers, ...options.headers },
    body: JSON.stringify(body),
  };
}

/**
 * The chat-completions format on HTTP: `POST /v1/chat/completions` (under any prefix), callers
 * authenticate with `Authorization: Bearer <key>`, and upstream calls go to the base URL's chat
 * completions path (or the `path` given) with the body as it is
 * ({@link buildChatCompletionsUpstreamRequest}): a caller's body passed through asks for usage only
 * if the caller did.
 */
export const chatCompletionsHttpBinding: CodecHttpBinding<ChatCompletionsRequest> = {
  matchChatRequest(method, url) {
    if (method !== "POST") return undefined;
    return url.pathname.replace(/\/+$/, "").endsWith("/v1/chat/completions") ? {} : undefined;
  },
  readApiKey(request) {
    const authorization = request.headers.get("authorization");
    const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization.trim()) : null;
    return match?.[1];
  },
  buildUpstreamRequest: (options) => buildChatCompletionsUpstreamRequest(options, options.path),
};
