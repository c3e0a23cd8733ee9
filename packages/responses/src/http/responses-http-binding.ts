import type { CodecHttpBinding } from "@interlingua/core";
import type { ResponsesRequest } from "../wire/responses-request-schema";

/**
 * The responses format on HTTP: `POST /v1/responses` (under any prefix), callers authenticate with
 * `Authorization: Bearer <key>`, and upstream calls go to `{baseURL}/v1/responses` the same way.
 */
export const responsesHttpBinding: CodecHttpBinding<ResponsesRequest> = {
  matchChatRequest(method, url) {
    if (method !== "POST") return undefined;
    return url.pathname.replace(/\/+$/, "").endsWith("/v1/responses") ? {} : undefined;
  },
  readApiKey(request) {
    const authorization = request.headers.get("authorization");
    const match = authorization ? /^Bearer\s+(.+)$/i.exec(authorization.trim()) : null;
    return match?.[1];
  },
  buildUpstreamRequest(options) {
    const body = { ...options.body, model: options.model };
    if (options.stream) body.stream = true;
    else delete body.stream;
    return {
      url: `${options.baseURL.replace(/\/+$/, "")}/v1/responses`,
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: options.stream ? "text/event-stream" : "application/json",
        authorization: `Bearer ${options.apiKey}`,
        ...options.headers,
      },
      body: JSON.stringify(body),
    };
  },
};
