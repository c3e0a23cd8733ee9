import {
  type ChatCompletionsDialectName,
  chatCompletionsErrorToWire,
  chatCompletionsHttpBinding,
  chatCompletionsProviderCapabilities,
} from "@interlingua/chat-completions/http";
import { createLazyCodec } from "./create-lazy-codec";
import { createLazyProvider } from "./create-lazy-provider";
import type { GatewayFormat } from "./gateway-format";
import { createLazyModule } from "./lazy-module";
import { openAiModelListing } from "./openai-model-listing";

/** The chat-completions codec and provider, loaded on the format's first use. */
const chatCompletions = createLazyModule(
  "chat-completions format",
  () => import("@interlingua/chat-completions"),
);

/**
 * The chat-completions format in the gateway: `POST /v1/chat/completions` in front (streams end
 * with `data: [DONE]`), `GET /v1/models` in OpenAI's list shape, and as a backend any compatible
 * server in its dialect, at its path (`dialect` and `path` of the provider's config). Its tool calls
 * have no field for opaque state, so a backend's call state travels in sealed call ids; reasoning
 * state travels in `reasoning_details`, which clients that echo the assistant message give back.
 */
export const chatCompletionsGatewayFormat: GatewayFormat = {
  codec: createLazyCodec(
    { id: "chat-completions", http: chatCompletionsHttpBinding, errorToWire: chatCompletionsErrorToWire },
    chatCompletions,
    (module) => module.chatCompletionsCodec,
  ),
  load: chatCompletions.load,
  toolCallsCarryState: false,
  passThroughHeaders: [],
  sseComments: true,
  sseDoneData: "[DONE]",
  createProvider: (options) =>
    createLazyProvider(
      chatCompletions,
      { id: "chat-completions", capabilities: chatCompletionsProviderCapabilities },
      (module) =>
        module.createChatCompletionsProvider({
          baseURL: options.baseURL,
          apiKey: options.apiKey,
          headers: options.headers,
          fetch: options.fetch,
          dialect: options.dialect as ChatCompletionsDialectName | undefined,
          path: options.path,
        }),
    ),
  models: openAiModelListing,
  owns: {
    path: (url) => /\/v1\/chat\/completions(?:\/|$)/.test(url.pathname),
    caller: (headers) => /^Bearer\s/i.test(headers.get("authorization") ?? ""),
  },
};
