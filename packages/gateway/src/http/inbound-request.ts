/**
 * What the gateway reads of a caller's request. A Web `Request` is one; the Node entry gives one
 * without building a `Request` (decision 0020), and a handler that needs a real `Request` (a
 * mount, the side endpoints) gets one from {@link toRequest}.
 */
export interface InboundRequest {
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  /**
   * {@link url} already parsed, when the entry parsed it (the Node entry does): the gateway reads it
   * instead of parsing the URL a second time. Read, never changed.
   */
  readonly parsedUrl?: URL;
  readonly headers: Headers;
  /** Aborted when the caller goes away. */
  readonly signal: AbortSignal;
  /** The body, or `null` for a request without one; read once. */
  readonly body: ReadableStream<Uint8Array<ArrayBuffer>> | null;
  /**
   * Reads the body as UTF-8 text within `limit` bytes, with the rules of core's `readLimitedText`,
   * without making {@link body}'s stream: given by an entry that can read its runtime's own request
   * (the Node entry); read the body one way or the other, once.
   */
  readonly readText?: (limit: number) => Promise<string>;
}

/** The inbound request as a Web `Request`: itself if it is one, else one built from its parts. */
export function toRequest(inbound: InboundRequest): Request {
  if (inbound instanceof Request) return inbound;
  return new Request(inbound.url, {
    method: inbound.method,
    headers: inbound.headers,
    signal: inbound.signal,
    body: inbound.body,
    // Required by undici for a streamed request body.
    duplex: "half",
  } as RequestInit);
}
