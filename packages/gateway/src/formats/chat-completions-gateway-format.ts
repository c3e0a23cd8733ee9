import {
  type ChatCompletionsDialectName,
  chatCompletionsCodec,
  createChatCompletionsProvider,
} from "@interlingua/chat-completions";
import type { GatewayFormat } from "./gateway-format";
import { openAiModelListing } from "./openai-model-listing";

/**
 * The chat-completions format in the gateway: `POST /v1/chat/completions` in front (streams end
 * with `data: [DONE]`), `GET /v1/models` in OpenAI's list shape, and as a backend any compatible
 * server in its dialect, at its path (`dialect` and `path` of the provider's config). Its tool calls have no field for
 * opaque state, so a backend's call state travels in sealed call ids; reasoning state travels in
 * `reasoning_details`, which clients that echo the assistant message give back.
 */
export const chatCompletionsGatewayFormat: GatewayFormat = {
  codec: chatCompletionsCodec,
  toolCallsCarryState: false,
  passThroughHeaders: [],
  sseComments: true,
  sseDoneData: "[DONE]",
  createProvider: (options) =>
    createChatCompletionsProvider({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      headers: options.headers,
      fetch: options.fetch,
      dialect: options.dialect as ChatCompletionsDialectName | undefined,
      path: options.path,
    }),
  models: openAiModelListing,
  owns: {
    path: (url) => /\/v1\/chat\/completions(?:\/|$)/.test(url.pathname),
    caller: (headers) => /^Bearer\s/i.test(headers.get("authorization") ?? ""),
  },
};
