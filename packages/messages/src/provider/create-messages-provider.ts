import { type ChatProvider, createCodecProvider } from "@interlingua/core";
import { buildMessagesUpstreamRequest, type MessagesAuthStyle } from "../http/messages-http-binding";
import { createMessagesCodec, type MessagesCodecOptions } from "../messages-codec";
import { messagesProviderCapabilities } from "./messages-provider-capabilities";

/** Options of {@link createMessagesProvider}. */
export interface MessagesProviderOptions extends MessagesCodecOptions {
  /** Base URL of the upstream, without `/v1` (`https://api.anthropic.com`). */
  baseURL: string;
  /** API key for the upstream. */
  apiKey: string;
  /** Fetch implementation; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Extra headers on every call (`anthropic-beta`, ...). */
  headers?: Record<string, string>;
  /** `x-api-key` (default) or `Authorization: Bearer`. */
  authStyle?: MessagesAuthStyle;
  /** Provider id for logs and routing; defaults to `messages`. */
  id?: string;
}

/**
 * A {@link ChatProvider} for an upstream that speaks the messages format: the messages codec run
 * the other way (core's `createCodecProvider`), calling `{baseURL}/v1/messages` with the chosen
 * auth style. Upstream HTTP errors and stream `error` events become `CanonicalError`s, and the
 * signal aborts the call.
 */
export function createMessagesProvider(options: MessagesProviderOptions): ChatProvider {
  return createCodecProvider(createMessagesCodec(options), {
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    fetch: options.fetch,
    headers: options.headers,
    id: options.id ?? "messages",
    capabilities: messagesProviderCapabilities,
    buildUpstreamRequest: (upstream) => buildMessagesUpstreamRequest(upstream, options.authStyle),
  });
}
