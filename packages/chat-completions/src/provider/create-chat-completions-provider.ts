import { type ChatProvider, createCodecProvider } from "@interlingua/core";
import { createChatCompletionsCodec } from "../chat-completions-codec";
import type { ChatCompletionsCodecOptions } from "../chat-completions-codec-options";
import {
  buildChatCompletionsUpstreamRequest,
  defaultChatCompletionsPath,
} from "../http/chat-completions-http-binding";
import { chatCompletionsProviderCapabilities } from "./chat-completions-provider-capabilities";

/** Options for {@link createChatCompletionsProvider}. */
export interface ChatCompletionsProviderOptions extends ChatCompletionsCodecOptions {
  /**
   * Upstream base URL (`https://api.openai.com`, `https://openrouter.ai/api/v1`,
   * `http://127.0.0.1:11434/v1`): with or without the version path, see `path`.
   */
  baseURL: string;
  /** API key sent as `Authorization: Bearer`; an empty key sends none (local servers). */
  apiKey: string;
  /**
   * Path of chat completions under `baseURL`; defaults to `/chat/completions` when the base URL
   * ends with a version (`/v1`), else `/v1/chat/completions`.
   */
  path?: string;
  /** The fetch to call with; defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every upstream call (`HTTP-Referer` for OpenRouter, an `api-key` for Azure). */
  headers?: Record<string, string>;
  /** Provider id for logs and routing; defaults to `chat-completions`. */
  id?: string;
}

/**
 * A backend that speaks the chat-completions format upstream, for any compatible server (OpenAI,
 * vLLM, Ollama, llama.cpp, LM Studio, DeepSeek, OpenRouter, Groq, Together, Mistral, xAI, Azure):
 * the codec run the other way (core's `createCodecProvider`), in the server's dialect, calling
 * `{baseURL}{path}`. Streams ask for usage on the last chunk.
 */
export function createChatCompletionsProvider(options: ChatCompletionsProviderOptions): ChatProvider {
  const codec = createChatCompletionsCodec(options);
  const path = options.path ?? defaultChatCompletionsPath(options.baseURL);
  return createCodecProvider(codec, {
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    fetch: options.fetch,
    headers: options.headers,
    id: options.id ?? "chat-completions",
    capabilities: chatCompletionsProviderCapabilities,
    // The provider always wants usage; the front encoder sends it on only to callers that asked.
    buildUpstreamRequest: (upstream) => buildChatCompletionsUpstreamRequest(upstream, path, true),
  });
}
