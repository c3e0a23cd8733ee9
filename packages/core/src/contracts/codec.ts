import type * as z from "zod/mini";
import type { ConversionContext } from "../conversion/conversion-context";
import type { UnmappedRequestFields } from "../conversion/report-unmapped-request-fields";
import type { CanonicalError } from "../errors/canonical-error";
import type { ChatEvent } from "../model/chat-event";
import type { ChatRequest } from "../model/chat-request";
import type { ChatResponse } from "../model/chat-response";
import type { StreamEncoderTransformer } from "../stream/stream-encoder-transformer";
import type { StreamTransformer } from "../stream/stream-transformer";

/** Request fields a format carries outside the body (generate-content puts model and stream mode in the path). */
export interface RequestLocation {
  /** Model named by the URL path. */
  model?: string;
  /** Whether the URL asked for a stream. */
  stream?: boolean;
}

/** An error ready to send: HTTP status, extra headers and the format's error body. */
export interface WireError<Body = unknown> {
  status: number;
  headers?: Record<string, string>;
  body: Body;
}

/** An HTTP request to send upstream, built by a codec's binding. */
export interface UpstreamRequest {
  url: string;
  method: "POST";
  headers: Record<string, string>;
  body: string;
}

/** What a format's HTTP binding needs to build an upstream call. */
export interface UpstreamRequestOptions<WireRequest> {
  /** Base URL of the upstream (`https://api.example.com`), without the version path. */
  baseURL: string;
  /** API key to authenticate with. */
  apiKey: string;
  /** The upstream model name. */
  model: string;
  /** Whether to ask for a stream. */
  stream: boolean;
  /** The encoded body. */
  body: WireRequest;
  /** Extra headers to send. */
  headers?: Record<string, string>;
  /**
   * Path under `baseURL` to call instead of the format's own, for a binding that takes one (a
   * chat-completions server mounted elsewhere); bindings without one ignore it.
   */
  path?: string;
}

/** How a format lives on HTTP: the paths it serves, how callers authenticate, how to call it upstream. */
export interface CodecHttpBinding<WireRequest = unknown> {
  /** Whether this request is the format's chat endpoint; returns what the path says, or undefined. */
  matchChatRequest(method: string, url: URL): RequestLocation | undefined;
  /** The API key a caller presented (in its request's headers), read the way this format's clients send it. */
  readApiKey(request: Pick<Request, "headers">): string | undefined;
  /** Builds the upstream HTTP request for an encoded body. */
  buildUpstreamRequest(options: UpstreamRequestOptions<WireRequest>): UpstreamRequest;
}

/**
 * A wire format, both ways. Decoders accept what real servers and clients send (tolerant, unknown
 * fields kept in `extensions`); encoders emit exactly what the format defines. Every method records
 * what it cannot carry in the context's losses.
 */
export interface Codec<
  WireRequest = unknown,
  WireResponse = unknown,
  WireEvent = unknown,
  WireErrorBody = unknown,
> {
  /** Format id, also the key of this format's `extensions` (`"messages"`). */
  readonly id: string;
  /**
   * Optional: which keys of a decoded request's `extensions[id]` are caller fields with no
   * canonical meaning, so that a conversion to another format reports each one lost
   * (`reportUnmappedRequestFields`). Without it, none is reported.
   */
  readonly unmappedRequestFields?: UnmappedRequestFields;
  /** Zod 4 schemas of the wire documents (zod/mini or the classic API). */
  readonly schemas: {
    request: z.core.$ZodType<WireRequest>;
    response: z.core.$ZodType<WireResponse>;
    event: z.core.$ZodType<WireEvent>;
    error: z.core.$ZodType<WireErrorBody>;
  };
  /** Validates and converts a caller's request; invalid input throws an `invalid_request` error naming the field. */
  decodeRequest(wire: unknown, context: ConversionContext, location?: RequestLocation): ChatRequest;
  /** Converts a canonical request to this format. */
  encodeRequest(request: ChatRequest, context: ConversionContext): WireRequest;
  /** Converts an upstream response of this format. */
  decodeResponse(wire: unknown, context: ConversionContext): ChatResponse;
  /** Converts a canonical response to this format. */
  encodeResponse(response: ChatResponse, context: ConversionContext): WireResponse;
  /**
   * Turns this format's stream events (parsed SSE data, or {@link StreamParseFailure} items) into
   * canonical events. The output always ends with exactly one `response-end` or `error`.
   */
  createStreamDecoder(context: ConversionContext): TransformStream<unknown, ChatEvent>;
  /** Turns canonical events into this format's stream events. */
  createStreamEncoder(context: ConversionContext): TransformStream<ChatEvent, WireEvent>;
  /**
   * Optional: {@link createStreamDecoder} as a synchronous `Transformer` (the object a
   * `TransformStream` is built from), with exactly the same output. A caller may fuse it with other
   * steps into one stream stage (core's `chainTransformers` and `transformReadable`), which saves
   * the cost of a stream stage per chunk. Its `transform` and `flush` must not return promises.
   */
  createStreamDecoderTransformer?(context: ConversionContext): StreamTransformer<unknown, ChatEvent>;
  /**
   * Optional: {@link createStreamEncoder} as a synchronous `Transformer`, with exactly the same
   * output; see {@link createStreamDecoderTransformer}. A gateway fuses it with SSE framing. Its
   * `fail` (see {@link StreamEncoderTransformer}) ends a stream it has started with the format's
   * error as the continuation of that stream; a gateway uses it when the encoder throws mid-stream
   * (a loss in strict mode), else it can only start the error afresh.
   */
  createStreamEncoderTransformer?(context: ConversionContext): StreamEncoderTransformer<WireEvent>;
  /** The SSE `event:` name for a wire event, or undefined where the format sends data lines only. */
  sseEventName(event: WireEvent): string | undefined;
  /** A canonical error as this format's status, headers and body. */
  errorToWire(error: CanonicalError): WireError<WireErrorBody>;
  /** This format's error answer as a canonical error. */
  errorFromWire(status: number, body: unknown, headers?: Headers | Record<string, string>): CanonicalError;
  /** The format's HTTP binding. */
  readonly http: CodecHttpBinding<WireRequest>;
}

/** Any codec, with its wire types erased. */
// biome-ignore lint/suspicious/noExplicitAny: erasing the codec's wire types is the point of this alias
export type AnyCodec = Codec<any, any, any, any>;
