import { type ChatRequest, type Loss, mergeUsage, type Usage } from "@interlingua/core";
import type { ExchangeEvent } from "./exchange-event";

/** What an observer that follows an exchange live (OpenTelemetry) is told beyond the final event. */
export interface ExchangeTelemetry {
  /** An upstream call to `url` is about to go out with these headers (trace context may be added to them). */
  upstreamStarted(url: string, headers: Headers): void;
  /** The exchange is over. */
  end(event: ExchangeEvent, record: ExchangeRecord): void;
}

/**
 * The exchange being observed, filled in by the pipeline as it goes and turned into an
 * {@link ExchangeEvent} once it is over (see `finishExchange`). Times are `performance.now()` values.
 */
export interface ExchangeRecord {
  readonly id: string;
  readonly kind: ExchangeEvent["kind"];
  readonly front: string;
  readonly path: string;
  readonly method: string;
  /** The caller's request signal: aborted when the caller went away. */
  readonly signal: AbortSignal;
  readonly receivedAt: number;
  readonly start: number;
  tenant?: string;
  backend?: { provider: string; format?: string };
  requestModel?: string;
  upstreamModel?: string;
  responseModel?: string;
  responseId?: string;
  finishReason?: string;
  stream: boolean;
  passThrough: boolean;
  strict: boolean;
  usage?: Usage;
  losses: Loss[];
  upstreamSent?: number;
  upstreamFirstByte?: number;
  clientFirstByte?: number;
  bytesIn: number;
  bytesOut: number;
  upstreamCalls: number;
  /** The status of the upstream's last answer. */
  upstreamStatus?: number;
  /** The caller's request, decoded (for the span's request attributes and, opted in, its content). */
  request?: ChatRequest;
  /** The answer's parts as the caller got them, kept only when content is recorded. */
  output?: unknown;
  /** Whether the answer's content is wanted (`output`). */
  captureContent: boolean;
  telemetry?: ExchangeTelemetry;
  /** Set once the exchange is over; later ends are ignored. */
  ended: boolean;
  /** Set when a stream was cancelled by the caller. */
  disconnected: boolean;
}

/** Counts `bytes` more answer bytes for the caller; the first ones mark the client's first byte. */
export function countBytesOut(record: ExchangeRecord | undefined, bytes: number): void {
  if (!record) return;
  record.clientFirstByte ??= performance.now();
  record.bytesOut += bytes;
}

/** Takes what a canonical stream event tells about the answer (id, model, usage, finish reason). */
export function recordAnswerEvent(
  record: ExchangeRecord,
  event: { type: string; id?: string; model?: string; usage?: Usage; finishReason?: { reason: string } },
): void {
  switch (event.type) {
    case "response-start":
      record.responseId ??= event.id;
      record.responseModel ??= event.model;
      if (event.usage) record.usage = mergeUsage(record.usage ?? {}, event.usage);
      return;
    case "usage":
      if (event.usage) record.usage = mergeUsage(record.usage ?? {}, event.usage);
      return;
    case "response-end":
      if (event.usage) record.usage = mergeUsage(record.usage ?? {}, event.usage);
      record.finishReason = event.finishReason?.reason;
      return;
  }
}

/** Takes what a whole answer tells (id, model, usage, finish reason). */
export function recordAnswer(
  record: ExchangeRecord,
  response: { id: string; model?: string; usage?: Usage; finishReason?: { reason: string } },
): void {
  record.responseId = response.id;
  record.responseModel = response.model;
  record.usage = response.usage;
  record.finishReason = response.finishReason?.reason;
}
