import { type ChatProvider, createCodecProvider } from "@interlingua/core";
import { createResponsesCodec } from "../responses-codec";
import type { ResponsesCodecOptions } from "../responses-codec-options";
import { responsesProviderCapabilities } from "./responses-provider-capabilities";

/**
 * Options for {@link createResponsesProvider}; `modelFamilies` names models the built-in table
 * does not know (a deployment's own names), so that their requests are made legal for them.
 */
export interface ResponsesProviderOptions extends ResponsesCodecOptions {
  /** Upstream base URL without the version path (`https://api.openai.com`). */
  baseURL: string;
  /** API key sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The fetch to call with; defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every upstream call. */
  headers?: Record<string, string>;
}

/**
 * A backend that speaks the responses format upstream: the responses codec run the other way
 * (core's `createCodecProvider`), calling `{baseURL}/v1/responses` and decoding the answer (whole
 * or streamed) back. Upstream error answers become `CanonicalError`s through the codec; network
 * failures are `unavailable`, and an aborted call rejects with `unavailable` naming the abort.
 */
export function createResponsesProvider(options: ResponsesProviderOptions): ChatProvider {
  const responsesCodec = createResponsesCodec(options);
  return createCodecProvider(responsesCodec, {
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    fetch: options.fetch,
    headers: options.headers,
    id: "responses",
    capabilities: responsesProviderCapabilities,
  });
}
