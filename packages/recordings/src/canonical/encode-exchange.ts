import {
  CanonicalError,
  type ChatEvent,
  type ChatRequest,
  type ChatResponse,
  type ConversionContext,
  collect,
  createConversionContext,
  type ErrorData,
  readableFrom,
  replayEvents,
} from "@interlingua/core";
import type { RecordedExchange } from "../format/recorded-exchange";
import { findRecordingFormat, type RecordingFormats } from "../format/recording-format";
import { redactedValue, redactHeaders } from "../format/redact-headers";

/** A canonical exchange to record in a format: a request and its answer. */
export interface CanonicalExchangeInput {
  /** The exchange's name. */
  id?: string;
  request: ChatRequest;
  /** A whole answer (recorded as a stream when the request streams). */
  response?: ChatResponse;
  /** An error answer. */
  error?: ErrorData;
}

/**
 * Records a canonical exchange as a format would have carried it: the request encoded and sent to
 * the format's chat path, the answer as its JSON body, its stream events (when the request
 * streams) or its error body. Losses go to `context` (default: a fresh one, deterministic ids).
 */
export async function encodeExchange(
  input: CanonicalExchangeInput,
  format: string,
  formats: RecordingFormats,
  context: ConversionContext = createConversionContext({
    generateId: (prefix) => `${prefix}_recorded`,
    now: () => 0,
  }),
): Promise<RecordedExchange> {
  const codec = findRecordingFormat(formats, format).codec;
  const stream = input.request.stream ?? false;
  const body = codec.encodeRequest(input.request, context);
  const upstream = codec.http.buildUpstreamRequest({
    baseURL: "",
    apiKey: redactedValue,
    model: input.request.model,
    stream,
    body,
  });
  const exchange: RecordedExchange = {
    format,
    method: upstream.method,
    path: upstream.url,
    request: { headers: redactHeaders(upstream.headers), body },
  };
  if (input.id !== undefined) exchange.id = input.id;
  context.request = input.request;
  if (input.error) {
    const wire = codec.errorToWire(CanonicalError.fromData(input.error));
    exchange.response = {
      status: wire.status,
      headers: { "content-type": "application/json" },
      body: wire.body,
    };
  } else if (input.response && stream) {
    const events: ChatEvent[] = replayEvents(input.response);
    const wireEvents = await collect(readableFrom(events).pipeThrough(codec.createStreamEncoder(context)));
    exchange.response = { status: 200, headers: { "content-type": "text/event-stream" }, events: wireEvents };
  } else if (input.response) {
    const wire = codec.encodeResponse(input.response, context);
    exchange.response = { status: 200, headers: { "content-type": "application/json" }, body: wire };
  }
  return exchange;
}
