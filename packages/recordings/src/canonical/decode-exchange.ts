import {
  type ChatEvent,
  type ChatRequest,
  type ChatResponse,
  type ConversionContext,
  collect,
  createConversionContext,
  type ErrorData,
  type RequestLocation,
  readableFrom,
} from "@interlingua/core";
import type { RecordedExchange } from "../format/recorded-exchange";
import { findRecordingFormat, type RecordingFormats, urlOfPath } from "../format/recording-format";

/** A recorded exchange in the canonical model. */
export interface CanonicalExchange {
  /** The wire format it was recorded in. */
  format: string;
  /** The exchange's name. */
  id?: string;
  /** The request, when recorded. */
  request?: ChatRequest;
  /** A whole (successful) answer. */
  response?: ChatResponse;
  /** A streamed answer's canonical events. */
  events?: ChatEvent[];
  /** An error answer. */
  error?: ErrorData;
}

/** What the request's path says (the model and stream mode some formats carry in the URL). */
export function requestLocation(
  formats: RecordingFormats,
  exchange: Pick<RecordedExchange, "format" | "method" | "path">,
): RequestLocation | undefined {
  if (exchange.path === "") return undefined;
  const url = urlOfPath(exchange.path);
  if (url === undefined) return undefined;
  return findRecordingFormat(formats, exchange.format).codec.http.matchChatRequest(
    exchange.method.toUpperCase(),
    url,
  );
}

/** Contexts for {@link decodeExchange}; each side gets its own, so losses are attributed. */
export interface DecodeExchangeContexts {
  request?: ConversionContext;
  response?: ConversionContext;
}

/**
 * Decodes every part of an exchange with its format's codec: the request, and the answer as a
 * response, a stream of events or an error. Throws what the codec throws on invalid input.
 */
export async function decodeExchange(
  exchange: RecordedExchange,
  formats: RecordingFormats,
  contexts: DecodeExchangeContexts = {},
): Promise<CanonicalExchange> {
  const codec = findRecordingFormat(formats, exchange.format).codec;
  const canonical: CanonicalExchange = { format: exchange.format };
  if (exchange.id !== undefined) canonical.id = exchange.id;
  if (exchange.request) {
    canonical.request = codec.decodeRequest(
      exchange.request.body,
      contexts.request ?? createConversionContext(),
      requestLocation(formats, exchange),
    );
  }
  const response = exchange.response;
  if (!response) return canonical;
  const context = contexts.response ?? createConversionContext();
  if (canonical.request) context.request = canonical.request;
  if (response.events !== undefined) {
    canonical.events = await collect(
      readableFrom(response.events).pipeThrough(codec.createStreamDecoder(context)),
    );
  } else if (response.status >= 400) {
    canonical.error = codec.errorFromWire(response.status, response.body, response.headers).toData();
  } else if (response.body !== undefined) {
    canonical.response = codec.decodeResponse(response.body, context);
  }
  return canonical;
}
