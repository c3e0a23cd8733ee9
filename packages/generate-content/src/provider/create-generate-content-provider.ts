import { type ChatProvider, createCodecProvider } from "@interlingua/core";
import { createGenerateContentCodec, type GenerateContentCodecOptions } from "../generate-content-codec";
import {
  buildGenerateContentUpstreamRequest,
  generateContentApiVersion,
} from "../http/generate-content-http-binding";
import { generateContentProviderCapabilities } from "./generate-content-provider-capabilities";

/** Options of {@link createGenerateContentProvider}. */
export interface GenerateContentProviderOptions extends GenerateContentCodecOptions {
  /** Base URL of the upstream, without the version (`https://generativelanguage.googleapis.com`). */
  baseURL: string;
  /** API key, sent as `x-goog-api-key`. */
  apiKey: string;
  /** Path version to call: `v1beta` (default) or `v1`. */
  apiVersion?: string;
  /** Fetch implementation; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Extra headers on every call. */
  headers?: Record<string, string>;
  /** Provider id for logs and routing; defaults to `generate-content`. */
  id?: string;
}

/**
 * A {@link ChatProvider} for an upstream that speaks the generate-content format: the codec run the
 * other way (core's `createCodecProvider`), calling
 * `{baseURL}/{apiVersion}/models/{model}:generateContent` (or `:streamGenerateContent?alt=sse`).
 * HTTP errors and error chunks become `CanonicalError`s, and the signal aborts the call.
 */
export function createGenerateContentProvider(options: GenerateContentProviderOptions): ChatProvider {
  const apiVersion = options.apiVersion ?? generateContentApiVersion;
  return createCodecProvider(createGenerateContentCodec(options), {
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    fetch: options.fetch,
    headers: options.headers,
    id: options.id ?? "generate-content",
    capabilities: generateContentProviderCapabilities,
    buildUpstreamRequest: (upstream) => buildGenerateContentUpstreamRequest(upstream, apiVersion),
  });
}
