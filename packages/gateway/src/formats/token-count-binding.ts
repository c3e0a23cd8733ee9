import type { RequestLocation, UpstreamRequest } from "@interlingua/core";

/** What {@link TokenCountBinding.buildUpstreamRequest} needs. */
export interface TokenCountUpstreamOptions {
  /** Base URL of the upstream, without the version path. */
  baseURL: string;
  /** Key presented upstream. */
  apiKey: string;
  /** Extra headers on the call. */
  headers?: Record<string, string>;
  /** The upstream model name, put where the format names the model. */
  model: string;
  /** A counting body of this format (the caller's, or one made by {@link TokenCountBinding.fromChatBody}). */
  body: unknown;
}

/**
 * A format's token-counting endpoint (`count_tokens`, `:countTokens`, `input_tokens`): how callers
 * reach it, how its body relates to the chat body the codec reads and writes, and how to call it
 * upstream. The gateway reads only this, never a format id.
 */
export interface TokenCountBinding {
  /**
   * Whether this URL is the format's counting endpoint (any method; the gateway answers 405 to all
   * but POST), and what its path says (the model, for formats that put it there). Throws an
   * `invalid_request` CanonicalError for such a URL whose model it cannot read.
   */
  match(url: URL): RequestLocation | undefined;
  /**
   * The caller's counting body as a body of the chat endpoint, for the codec's `decodeRequest`
   * (placeholders for what counting does not ask, such as an output budget). A body that is not a
   * counting body throws an `invalid_request` CanonicalError naming the field.
   */
  toChatBody(body: unknown): unknown;
  /** The counting body for a chat body this format's codec encoded: only what the endpoint accepts. */
  fromChatBody(body: unknown): unknown;
  /** The upstream call for a counting body, with the model put where the format names it. */
  buildUpstreamRequest(options: TokenCountUpstreamOptions): UpstreamRequest;
  /** The count in a successful upstream answer; throws if the answer is not the endpoint's. */
  readCount(body: unknown): number;
  /** The endpoint's answer for a count. */
  encodeCount(count: number): unknown;
}
