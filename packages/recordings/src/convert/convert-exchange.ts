import {
  CanonicalError,
  type ConversionContext,
  collect,
  createConversionContext,
  type Loss,
  readableFrom,
  reportUnmappedRequestFields,
} from "@interlingua/core";
import { decodeExchange, requestLocation } from "../canonical/decode-exchange";
import type { RecordedExchange, RecordedResponse } from "../format/recorded-exchange";
import { findRecordingFormat, type RecordingFormat, type RecordingFormats } from "../format/recording-format";
import { redactedValue, redactHeaders } from "../format/redact-headers";

/** A loss of one exchange's conversion, with the side of the exchange it happened on. */
export interface ExchangeLoss extends Loss {
  /** `request` or `response` (the stream and error answers count as the response). */
  side: "request" | "response";
}

/** What converting one exchange gave: the converted exchange or why it failed, and the losses. */
export interface ExchangeConversion {
  /** The source exchange's name. */
  id?: string;
  /** Source format id. */
  from: string;
  /** Target format id. */
  to: string;
  /** The converted exchange; absent when the conversion failed. */
  exchange?: RecordedExchange;
  /** What the conversion could not carry, in order. */
  losses: ExchangeLoss[];
  /** Why the exchange failed (invalid input, or the first loss in strict mode). */
  failure?: { side: "request" | "response"; message: string; param?: string };
}

/** Options of {@link convertExchange}. */
export interface ConvertExchangeOptions {
  /** Target format id. */
  to: string;
  /** The formats known. */
  formats: RecordingFormats;
  /** Fail the exchange on its first loss. */
  strict?: boolean;
  /** Clock for conversions; defaults to 0 so output is deterministic. */
  now?: () => number;
}

/**
 * Converts one recorded exchange to another format: the request, and the response, stream or
 * error, each through the canonical model, kept together. Ids a target needs are generated
 * deterministically, so converting the same input twice gives the same output. Never throws for
 * bad exchanges: a failure is reported in the result.
 */
export async function convertExchange(
  exchange: RecordedExchange,
  options: ConvertExchangeOptions,
): Promise<ExchangeConversion> {
  const result: ExchangeConversion = { from: exchange.format, to: options.to, losses: [] };
  if (exchange.id !== undefined) result.id = exchange.id;
  let counter = 0;
  const contextOptions = {
    strict: options.strict ?? false,
    generateId: (prefix: string) => `${prefix}_${String(++counter).padStart(6, "0")}`,
    now: options.now ?? (() => 0),
  };
  const requestContext = createConversionContext(contextOptions);
  const responseContext = createConversionContext(contextOptions);
  let side: ExchangeLoss["side"] = "request";
  try {
    const source = findRecordingFormat(options.formats, exchange.format);
    const target = findRecordingFormat(options.formats, options.to);
    const canonical = await decodeExchange(exchange, options.formats, {
      request: requestContext,
      response: responseContext,
    });
    const converted: RecordedExchange = { format: target.codec.id, method: "POST", path: "" };
    if (exchange.id !== undefined) converted.id = exchange.id;
    if (exchange.recordedAt !== undefined) converted.recordedAt = exchange.recordedAt;
    const streamed =
      exchange.response?.events !== undefined ||
      (requestLocation(options.formats, exchange)?.stream ?? canonical.request?.stream ?? false);
    if (canonical.request) {
      // The source's own fields the target cannot take, reported as the gateway does.
      reportUnmappedRequestFields(canonical.request, source.codec, target.codec.id, requestContext);
      const wire = target.codec.encodeRequest(canonical.request, requestContext);
      const upstream = target.codec.http.buildUpstreamRequest({
        baseURL: "",
        apiKey: redactedValue,
        model: canonical.request.model,
        stream: streamed,
        body: wire,
      });
      converted.path = upstream.url;
      converted.method = upstream.method;
      // The body is the codec's own encoding (the upstream builder may normalise fields such as
      // `stream: false` away); the path and headers are where and how the format sends it.
      converted.request = { headers: redactHeaders(upstream.headers), body: wire };
      // What the losses left may not be a valid request of the target (every part of the only
      // message dropped): such an exchange fails rather than being written out.
      target.codec.decodeRequest(
        wire,
        createConversionContext(),
        requestLocation(options.formats, converted),
      );
    } else if (exchange.path !== "" && source.codec.id === target.codec.id) {
      converted.path = exchange.path;
    }
    side = "response";
    if (exchange.response) {
      responseContext.request = canonical.request;
      converted.response = await convertResponse(exchange.response, canonical, target, responseContext);
    }
    result.exchange = converted;
  } catch (error) {
    result.failure = failureOf(error, side);
  }
  result.losses = [
    ...requestContext.losses.map((loss) => ({ side: "request" as const, ...loss })),
    ...responseContext.losses.map((loss) => ({ side: "response" as const, ...loss })),
  ];
  return result;
}

async function convertResponse(
  response: RecordedResponse,
  canonical: Awaited<ReturnType<typeof decodeExchange>>,
  target: RecordingFormat,
  context: ConversionContext,
): Promise<RecordedResponse> {
  if (canonical.events) {
    const events = await collect(
      readableFrom(canonical.events).pipeThrough(target.codec.createStreamEncoder(context)),
    );
    return { status: response.status, headers: { "content-type": "text/event-stream" }, events };
  }
  if (canonical.error) {
    const wire = target.codec.errorToWire(CanonicalError.fromData(canonical.error));
    return {
      status: wire.status,
      headers: { "content-type": "application/json", ...redactHeaders(wire.headers) },
      body: wire.body,
    };
  }
  if (canonical.response) {
    const body = target.codec.encodeResponse(canonical.response, context);
    return { status: response.status, headers: { "content-type": "application/json" }, body };
  }
  return { status: response.status, headers: {} };
}

function failureOf(error: unknown, side: ExchangeLoss["side"]): NonNullable<ExchangeConversion["failure"]> {
  const failure: NonNullable<ExchangeConversion["failure"]> = {
    side,
    message: error instanceof Error ? error.message : String(error),
  };
  if (CanonicalError.isInstance(error) && error.param !== undefined) failure.param = error.param;
  return failure;
}
