import { type ChatProvider, createCodecProvider } from "@interlingua/core";
import { buildInteractionsUpstreamRequest, interactionsApiVersion } from "../http/interactions-http-binding";
import { interactionsCodec } from "../interactions-codec";
import type { InteractionsRequest } from "../wire/interactions-request-schema";
import { interactionsProviderCapabilities } from "./interactions-provider-capabilities";

/** Options of {@link createInteractionsProvider}. */
export interface InteractionsProviderOptions {
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
  /** Provider id for logs and routing; defaults to `interactions`. */
  id?: string;
}

/**
 * The body sent upstream: stateless unless the caller asked otherwise, so that any front's
 * conversation maps onto it. The whole history is in `input` and `store` is false unless the
 * request says `store` itself (a caller of this format continuing an upstream conversation with
 * `previous_interaction_id`, which then goes up unchanged; the gateway resolves the ids it issued
 * itself before a request gets here). `background` is not sent: the exchange is answered whole.
 */
export function statelessInteractionsBody(body: InteractionsRequest): InteractionsRequest {
  const { background: _background, ...rest } = body;
  return { ...rest, store: body.store ?? false };
}

/**
 * A {@link ChatProvider} for an upstream that speaks the Interactions API: the codec run the other
 * way (core's `createCodecProvider`), calling `POST {baseURL}/{apiVersion}/interactions`, stateless
 * (see {@link statelessInteractionsBody}); thinking levels are made legal for the model's family.
 */
export function createInteractionsProvider(options: InteractionsProviderOptions): ChatProvider {
  const apiVersion = options.apiVersion ?? interactionsApiVersion;
  return createCodecProvider(interactionsCodec, {
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    fetch: options.fetch,
    headers: options.headers,
    id: options.id ?? "interactions",
    capabilities: interactionsProviderCapabilities,
    buildUpstreamRequest: (upstream) =>
      buildInteractionsUpstreamRequest(
        { ...upstream, body: statelessInteractionsBody(upstream.body) },
        apiVersion,
      ),
  });
}
