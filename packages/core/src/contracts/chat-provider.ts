import type { ConversionContext } from "../conversion/conversion-context";
import type { ChatEvent } from "../model/chat-event";
import type { ChatRequest } from "../model/chat-request";
import type { ChatResponse } from "../model/chat-response";

/** What a provider declares about itself; shared code reads these instead of branching on ids. */
export interface ProviderCapabilities {
  /** Whether `stream` produces events incrementally (otherwise it replays a whole response). */
  streaming: boolean;
  /** Id of the wire format the provider speaks upstream, when it speaks one of ours (enables pass-through). */
  wireFormat?: string;
  /** Hosted tool kinds the backend can run (`web_search`, `code_execution`, ...). */
  hostedTools?: string[];
  /** Media kinds the backend accepts as input. */
  inputMedia?: ("image" | "audio" | "video" | "document" | "file")[];
}

/** Per-call options for a {@link ChatProvider}. */
export interface ProviderCallOptions {
  /** Aborts the upstream call. */
  signal?: AbortSignal;
  /** Where the provider records losses of its own conversions, and takes ids and time from. */
  context?: ConversionContext;
}

/**
 * A backend: anything that answers canonical requests. Vendor providers are built from their codec
 * run the other way; custom backends implement this directly. Failures reject with (or, mid-stream,
 * end the stream with) a `CanonicalError`.
 */
export interface ChatProvider {
  /** A name for logs and routing. */
  readonly id: string;
  /** What the provider can do. */
  readonly capabilities: ProviderCapabilities;
  /** Answers with a whole response. */
  generate(request: ChatRequest, options?: ProviderCallOptions): Promise<ChatResponse>;
  /**
   * Answers with a stream of events. Rejects when the call fails before its first event (so the
   * caller can still answer with an HTTP error); later failures end the stream with an `error` event.
   */
  stream(request: ChatRequest, options?: ProviderCallOptions): Promise<ReadableStream<ChatEvent>>;
  /**
   * {@link ChatProvider.stream} read a batch at a time: the same events, the same failures, but
   * each read gives every event one chunk of the upstream's body decoded to, so a consumer handles
   * them in one synchronous pass (a promise per chunk, not per event). Optional: without it, read
   * `stream` through core's `eventBatchesOf`.
   */
  streamBatches?(request: ChatRequest, options?: ProviderCallOptions): Promise<ChatEventBatches>;
}

/** One read of {@link ChatEventBatches}: the events of one chunk (none, or several), or the end. */
export type ChatEventBatch = { done: false; value: ChatEvent[] } | { done: true; value?: undefined };

/**
 * A provider's stream of canonical events, read by one reader a batch at a time (what
 * {@link ChatProvider.streamBatches} answers). `cancel` stops it and the upstream call under it.
 */
export interface ChatEventBatches {
  read(): Promise<ChatEventBatch>;
  cancel(reason?: unknown): Promise<void>;
}
