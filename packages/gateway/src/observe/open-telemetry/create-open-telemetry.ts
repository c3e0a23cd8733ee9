import {
  type Attributes,
  type Context,
  context,
  createNoopMeter,
  type Histogram,
  type Meter,
  type MeterProvider,
  metrics,
  ProxyTracerProvider,
  propagation,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapSetter,
  trace,
} from "@opentelemetry/api";
import type { InboundRequest } from "../../http/inbound-request";
import type { SecretRedactor } from "../../pipeline/create-secret-redactor";
import type { ExchangeEvent } from "../exchange-event";
import type { ExchangeRecord, ExchangeTelemetry } from "../exchange-record";
import { contentAttributes } from "./content-attributes";
import { attribute, genAiSchemaUrl, metric, providerNameByFormat } from "./gen-ai-conventions";

/** Options of {@link createOpenTelemetry}. */
export interface OpenTelemetryOptions {
  /** Record message content (redacted) on the exchange span. */
  captureContent: boolean;
  /**
   * Whether to emit only the latest GenAI conventions
   * (`OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental`); asked when a span is made, never
   * when the gateway is built (a Worker has no environment at module scope).
   */
  latestOnly: () => boolean;
  redact: SecretRedactor;
}

const instrumentationName = "@interlingua/gateway";

const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};
const headerSetter: TextMapSetter<Headers> = {
  set: (headers, key, value) => headers.set(key, value),
};

interface Instruments {
  provider: MeterProvider;
  tokenUsage: Histogram;
  duration: Histogram;
  timeToFirstChunk: Histogram;
}

function createInstruments(provider: MeterProvider): Instruments {
  const meter: Meter = provider.getMeter(instrumentationName, undefined, { schemaUrl: genAiSchemaUrl });
  const histogram = (spec: (typeof metric)[keyof typeof metric]) =>
    meter.createHistogram(spec.name, {
      unit: spec.unit,
      description: spec.description,
      advice: { explicitBucketBoundaries: [...spec.buckets] },
    });
  return {
    provider,
    tokenUsage: histogram(metric.tokenUsage),
    duration: histogram(metric.operationDuration),
    timeToFirstChunk: histogram(metric.timeToFirstChunk),
  };
}

/** The API's no-op tracer provider: what a {@link ProxyTracerProvider} delegates to until an SDK registers. */
const noopTracerProvider = new ProxyTracerProvider().getDelegate();

/**
 * Whether nothing is registered with the OpenTelemetry API: no tracer provider, no meter provider,
 * no propagator. Then every span, metric and `traceparent` of an exchange is the API's no-op, and
 * the exchange skips its telemetry (and the copy of the upstream headers it would inject into). A
 * provider of another copy of the API is never mistaken for a no-op. `meterIsNoop` caches the
 * meter provider's verdict by identity.
 */
function openTelemetryIsInert(meterIsNoop: (provider: MeterProvider) => boolean): boolean {
  const tracerProvider = trace.getTracerProvider();
  return (
    tracerProvider instanceof ProxyTracerProvider &&
    tracerProvider.getDelegate() === noopTracerProvider &&
    meterIsNoop(metrics.getMeterProvider()) &&
    propagation.fields().length === 0
  );
}

/** `gen_ai.provider.name` of a backend: its wire format's vendor, else its `providers` key. */
function providerName(backend: ExchangeEvent["backend"]): string | undefined {
  if (!backend) return undefined;
  return (backend.format && providerNameByFormat[backend.format]) || backend.provider;
}

/** Sets `name` to `value` when it is defined. */
function put(attributes: Attributes, name: string, value: string | number | boolean | string[] | undefined) {
  if (value !== undefined) attributes[name] = value;
}

/**
 * The gateway's OpenTelemetry instrumentation, on `@opentelemetry/api` alone: for each exchange a
 * SERVER span continuing the caller's trace (the active context, else its `traceparent`) named
 * `chat {model}` with the GenAI attributes, a CLIENT child span per upstream call whose context
 * goes upstream in `traceparent`, and the conventions' metrics. Without a registered SDK every
 * call would be the API's no-op, so the exchange has no telemetry (undefined), checked per exchange as
 * an SDK may register after the gateway is built. See decision 0012 and docs/observability.md.
 */
export function createOpenTelemetry(
  options: OpenTelemetryOptions,
): (record: ExchangeRecord, request: InboundRequest) => ExchangeTelemetry | undefined {
  const tracer = trace
    .getTracerProvider()
    .getTracer(instrumentationName, undefined, { schemaUrl: genAiSchemaUrl });
  let instruments: Instruments | undefined;
  const currentInstruments = () => {
    const provider = metrics.getMeterProvider();
    if (instruments?.provider !== provider) instruments = createInstruments(provider);
    return instruments;
  };

  let checkedMeterProvider: MeterProvider | undefined;
  let meterProviderIsNoop = false;
  const meterIsNoop = (provider: MeterProvider) => {
    if (provider !== checkedMeterProvider) {
      checkedMeterProvider = provider;
      meterProviderIsNoop =
        provider.getMeter(instrumentationName, undefined, { schemaUrl: genAiSchemaUrl }) ===
        createNoopMeter();
    }
    return meterProviderIsNoop;
  };

  function spanAttributes(event: ExchangeEvent, record: ExchangeRecord): Attributes {
    const attributes: Attributes = {
      [attribute.exchangeId]: event.id,
      [attribute.frontFormat]: event.front,
      [attribute.stream]: event.stream,
      [attribute.passThrough]: event.passThrough,
      [attribute.strict]: event.strict,
      [attribute.lossesCount]: event.losses.count,
      [attribute.httpResponseStatusCode]: event.status,
    };
    put(attributes, attribute.tenant, event.tenant);
    if (event.kind === "chat") attributes[attribute.operationName] = "chat";
    const provider = providerName(event.backend);
    put(attributes, attribute.providerName, provider);
    if (!options.latestOnly()) put(attributes, attribute.legacySystem, provider);
    put(attributes, attribute.provider, event.backend?.provider);
    put(attributes, attribute.backendFormat, event.backend?.format);
    put(attributes, attribute.requestModel, event.requestModel);
    put(attributes, attribute.upstreamModel, event.upstreamModel);
    put(attributes, attribute.responseModel, event.responseModel);
    put(attributes, attribute.responseId, event.responseId);
    if (event.finishReason !== undefined) attributes[attribute.responseFinishReasons] = [event.finishReason];
    const usage = event.usage;
    put(attributes, attribute.usageInputTokens, usage?.inputTokens);
    put(attributes, attribute.usageOutputTokens, usage?.outputTokens);
    put(attributes, attribute.usageCacheReadInputTokens, usage?.cacheReadTokens);
    put(attributes, attribute.usageCacheCreationInputTokens, usage?.cacheWriteTokens);
    put(attributes, attribute.usageReasoningOutputTokens, usage?.reasoningTokens);
    const request = record.request;
    put(attributes, attribute.requestMaxTokens, request?.maxOutputTokens);
    put(attributes, attribute.requestTemperature, request?.temperature);
    put(attributes, attribute.requestTopP, request?.topP);
    put(attributes, attribute.requestTopK, request?.topK);
    put(attributes, attribute.requestStopSequences, request?.stopSequences);
    put(attributes, attribute.requestSeed, request?.seed);
    put(attributes, attribute.requestFrequencyPenalty, request?.frequencyPenalty);
    put(attributes, attribute.requestPresencePenalty, request?.presencePenalty);
    if (request?.candidateCount !== undefined && request.candidateCount !== 1)
      attributes[attribute.requestChoiceCount] = request.candidateCount;
    put(attributes, attribute.errorType, event.error?.type);
    put(attributes, attribute.errorKind, event.error?.kind);
    if (options.captureContent)
      Object.assign(
        attributes,
        contentAttributes(record.request, record.output, event.finishReason, options.redact),
      );
    return attributes;
  }

  function recordMetrics(event: ExchangeEvent, server: Attributes): void {
    if (event.kind !== "chat") return;
    const { tokenUsage, duration, timeToFirstChunk } = currentInstruments();
    const attributes: Attributes = { [attribute.operationName]: "chat", ...server };
    put(attributes, attribute.providerName, providerName(event.backend));
    put(attributes, attribute.frontFormat, event.front);
    // Only a model an upstream answered for: callers choose the name, so a model that was refused
    // would let anyone grow the metric's series without bound.
    if (event.responseModel !== undefined) {
      put(attributes, attribute.requestModel, event.requestModel);
      put(attributes, attribute.responseModel, event.responseModel);
    }
    const withError = { ...attributes };
    put(withError, attribute.errorType, event.error?.type);
    duration.record(event.timings.endMs / 1000, withError);
    const firstChunk = event.timings.clientFirstByteMs;
    if (event.stream && firstChunk !== undefined && !event.error)
      timeToFirstChunk.record(firstChunk / 1000, attributes);
    const usage = event.usage;
    if (usage?.inputTokens !== undefined)
      tokenUsage.record(usage.inputTokens, { ...attributes, [attribute.tokenType]: "input" });
    if (usage?.outputTokens !== undefined)
      tokenUsage.record(usage.outputTokens, { ...attributes, [attribute.tokenType]: "output" });
  }

  return (record, request) => {
    if (openTelemetryIsInert(meterIsNoop)) return undefined;
    const active = context.active();
    const parent: Context = trace.getSpan(active)
      ? active
      : propagation.extract(active, request.headers, headerGetter);
    const span = tracer.startSpan(
      record.kind === "chat" ? "chat" : `${record.method} ${record.front}`,
      {
        kind: SpanKind.SERVER,
        attributes: { [attribute.httpRequestMethod]: record.method, [attribute.urlPath]: record.path },
      },
      parent,
    );
    const exchangeContext = trace.setSpan(parent, span);
    let upstream: Span | undefined;
    const server: Attributes = {};
    return {
      upstreamStarted(url, headers) {
        upstream?.end();
        const target = new URL(url);
        server[attribute.serverAddress] = target.hostname;
        server[attribute.serverPort] = Number(target.port) || (target.protocol === "https:" ? 443 : 80);
        const name = record.upstreamModel === undefined ? "chat" : `chat ${record.upstreamModel}`;
        const attributes: Attributes = { [attribute.operationName]: "chat", ...server };
        put(attributes, attribute.requestModel, record.upstreamModel);
        put(attributes, attribute.providerName, providerName(record.backend));
        upstream = tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes }, exchangeContext);
        propagation.inject(trace.setSpan(exchangeContext, upstream), headers, headerSetter);
      },
      end(event) {
        if (upstream) {
          if (upstream.isRecording()) {
            if (record.upstreamStatus !== undefined)
              upstream.setAttribute(attribute.httpResponseStatusCode, record.upstreamStatus);
            if (event.error?.type === "upstream_error" || event.error?.type === "timeout") {
              upstream.setAttribute(attribute.errorType, event.error.type);
              upstream.setStatus({ code: SpanStatusCode.ERROR, message: event.error.message });
            }
          }
          upstream.end();
        }
        if (span.isRecording()) {
          if (event.kind === "chat" && event.requestModel !== undefined)
            span.updateName(`chat ${event.requestModel}`);
          span.setAttributes({ ...spanAttributes(event, record), ...server });
          if (event.error) span.setStatus({ code: SpanStatusCode.ERROR, message: event.error.message });
        }
        span.end();
        recordMetrics(event, server);
      },
    };
  };
}
