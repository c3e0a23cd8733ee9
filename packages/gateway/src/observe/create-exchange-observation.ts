import type { CanonicalError } from "@interlingua/core";
import type { InboundRequest } from "../http/inbound-request";
import type { SecretRedactor } from "../pipeline/create-secret-redactor";
import type { UpstreamFetch } from "../pipeline/upstream-answer";
import { classifyExchangeError } from "./classify-exchange-error";
import type { ExchangeEvent, ExchangeHook } from "./exchange-event";
import type { ExchangeRecord, ExchangeTelemetry } from "./exchange-record";

/** Options of {@link createExchangeObservation}. */
export interface ExchangeObservationOptions {
  /** The `observe.hooks` of the configuration. */
  hooks: readonly ExchangeHook[];
  /**
   * Starts the live telemetry of an exchange (OpenTelemetry); undefined, or a start that returns
   * undefined, when there is none (off, or nothing registered to receive it).
   */
  startTelemetry?: (record: ExchangeRecord, request: InboundRequest) => ExchangeTelemetry | undefined;
  /** Redacts configured secrets from error messages. */
  redact: SecretRedactor;
  /** Whether the answer's content is wanted by the telemetry (kept in `record.output`). */
  captureContent?: boolean;
}

/** What an exchange is opened with. */
export interface ExchangeOpening {
  kind: ExchangeEvent["kind"];
  front: string;
  path: string;
}

/** The gateway's observation of its exchanges: records, the upstream calls made for them, and the hooks. */
export interface ExchangeObservation {
  /** Opens the record of an exchange that starts with `request`. */
  begin(request: InboundRequest, opening: ExchangeOpening): ExchangeRecord;
  /**
   * Closes the record, once: builds the {@link ExchangeEvent} (when there is telemetry or a hook to
   * take it), ends the telemetry and hands the event to every hook after the current task (never
   * awaited, failures counted).
   */
  finish(record: ExchangeRecord, status: number, error?: CanonicalError): void;
  /**
   * `fetch` that marks the upstream calls of an observed exchange (found by the call's signal,
   * which is the caller's request signal): the time sent, the time headers came back, the status,
   * and the trace context added to its headers; its calls without a `Response` too, if it has them.
   */
  watchFetch(fetchUpstream: UpstreamFetch): UpstreamFetch;
  /** How many times a hook (or the telemetry) threw or rejected. */
  readonly hookFailures: number;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

function usageOf(record: ExchangeRecord): ExchangeEvent["usage"] {
  const usage = record.usage;
  if (!usage) return undefined;
  const counts: NonNullable<ExchangeEvent["usage"]> = {};
  let any = false;
  for (const key of [
    "inputTokens",
    "cacheReadTokens",
    "cacheWriteTokens",
    "outputTokens",
    "reasoningTokens",
    "totalTokens",
  ] as const) {
    const value = usage[key];
    if (typeof value === "number") {
      counts[key] = value;
      any = true;
    }
  }
  return any ? counts : undefined;
}

function buildEvent(
  record: ExchangeRecord,
  status: number,
  end: number,
  error: CanonicalError | undefined,
  redact: SecretRedactor,
): ExchangeEvent {
  const since = (time: number | undefined) => (time === undefined ? undefined : round(time - record.start));
  const event: ExchangeEvent = {
    id: record.id,
    kind: record.kind,
    front: record.front,
    path: record.path,
    method: record.method,
    stream: record.stream,
    passThrough: record.passThrough,
    strict: record.strict,
    status,
    losses: { count: record.losses.length, list: record.losses.map((loss) => ({ ...loss })) },
    timings: { receivedAt: record.receivedAt, endMs: round(end - record.start) },
    bytes: { in: record.bytesIn, out: record.bytesOut },
    upstreamCalls: record.upstreamCalls,
  };
  if (record.tenant !== undefined) event.tenant = record.tenant;
  if (record.backend) event.backend = { ...record.backend };
  if (record.requestModel !== undefined) event.requestModel = record.requestModel;
  if (record.upstreamModel !== undefined) event.upstreamModel = record.upstreamModel;
  if (record.responseModel !== undefined) event.responseModel = record.responseModel;
  if (record.responseId !== undefined) event.responseId = record.responseId;
  if (record.finishReason !== undefined) event.finishReason = record.finishReason;
  const usage = usageOf(record);
  if (usage) event.usage = usage;
  const timings = event.timings;
  const sent = since(record.upstreamSent);
  if (sent !== undefined) timings.upstreamSentMs = sent;
  const firstByte = since(record.upstreamFirstByte);
  if (firstByte !== undefined) timings.upstreamFirstByteMs = firstByte;
  const clientFirstByte = since(record.clientFirstByte);
  if (clientFirstByte !== undefined) timings.clientFirstByteMs = clientFirstByte;
  if (error) {
    const type = classifyExchangeError(record, error);
    event.error = { type, kind: error.kind, message: redact(error.message) };
    if (error.code !== undefined) event.error.code = error.code;
    const upstreamStatus = error.upstream?.status ?? record.upstreamStatus;
    if (type === "upstream_error" && upstreamStatus !== undefined && upstreamStatus >= 400)
      event.error.upstreamStatus = upstreamStatus;
  }
  return event;
}

/** The observation behind `createGateway`'s `observe` option (see {@link ExchangeObservation}). */
export function createExchangeObservation(options: ExchangeObservationOptions): ExchangeObservation {
  const { hooks, startTelemetry, redact } = options;
  const bySignal = new WeakMap<AbortSignal, ExchangeRecord>();
  let hookFailures = 0;
  const failed = () => {
    hookFailures++;
  };
  const deliver = (event: ExchangeEvent) => {
    for (const hook of hooks) {
      try {
        const result = hook(event);
        if (result && typeof (result as Promise<void>).then === "function")
          (result as Promise<void>).then(undefined, failed);
      } catch {
        failed();
      }
    }
  };

  return {
    begin(request, opening) {
      const record: ExchangeRecord = {
        id: crypto.randomUUID(),
        kind: opening.kind,
        front: opening.front,
        path: opening.path,
        method: request.method.toUpperCase(),
        signal: request.signal,
        receivedAt: Date.now(),
        start: performance.now(),
        stream: false,
        passThrough: false,
        strict: false,
        losses: [],
        bytesIn: 0,
        bytesOut: 0,
        upstreamCalls: 0,
        captureContent: options.captureContent === true,
        ended: false,
        disconnected: false,
      };
      if (startTelemetry) {
        try {
          record.telemetry = startTelemetry(record, request);
        } catch {
          failed();
        }
      }
      bySignal.set(request.signal, record);
      return record;
    },
    finish(record, status, error) {
      if (record.ended) return;
      record.ended = true;
      bySignal.delete(record.signal);
      // Nobody to give the event to (no hooks, no telemetry): it is not built (decision 0020, lever 14).
      if (!record.telemetry && hooks.length === 0) return;
      const event = buildEvent(record, status, performance.now(), error, redact);
      if (record.telemetry) {
        try {
          record.telemetry.end(event, record);
        } catch {
          failed();
        }
      }
      if (hooks.length > 0) setTimeout(deliver, 0, event);
    },
    watchFetch(fetchUpstream) {
      /** `call`, marking the upstream call of the exchange it belongs to. */
      const watched =
        <Answer extends { status: number }>(
          call: (input: RequestInfo | URL, init: RequestInit) => Promise<Answer>,
        ) =>
        async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Answer> => {
          const record = init.signal ? bySignal.get(init.signal) : undefined;
          if (!record) return call(input, init);
          record.upstreamCalls++;
          let sent = init;
          if (record.telemetry) {
            const headers = new Headers(init.headers);
            try {
              const url = input instanceof Request ? input.url : String(input);
              record.telemetry.upstreamStarted(url, headers);
            } catch {
              failed();
            }
            sent = { ...init, headers };
          }
          record.upstreamSent = performance.now();
          const answer = await call(input, sent);
          record.upstreamFirstByte = performance.now();
          record.upstreamStatus = answer.status;
          return answer;
        };
      const watchedFetch: UpstreamFetch = watched(fetchUpstream);
      const withoutResponse = fetchUpstream.withoutResponse;
      if (withoutResponse)
        watchedFetch.withoutResponse = watched((input, init) => withoutResponse(String(input), init));
      return watchedFetch;
    },
    get hookFailures() {
      return hookFailures;
    },
  };
}
