import { statusByErrorKind } from "@interlingua/core";
import type { RecordedExchange, RecordedHeaders } from "../format/recorded-exchange";
import { formatForPath, type RecordingFormat } from "../format/recording-format";
import { redactHeaders, redactPath } from "../format/redact-headers";
import type { ReadExchangesOptions } from "./read-exchanges-options";
import { resolveDocumentFormat } from "./read-exchanges-options";
import { RecordingInputError } from "./recording-input-error";
import { looksLikeSse, sseEventsFromText } from "./sse-events-from-text";

/** One HTTP exchange as another tool recorded it (a HAR entry, an SDK test cassette), before normalising. */
export interface HttpRecord {
  /** A name for messages and the exchange id. */
  id: string;
  method: string;
  /** The URL or path the request went to. */
  url: string;
  requestHeaders?: Headers | Iterable<[string, string]> | Record<string, string>;
  /** The request body: parsed JSON, or its text. */
  requestBody?: unknown;
  status?: number;
  responseHeaders?: Headers | Iterable<[string, string]> | Record<string, string>;
  /** The response body: parsed JSON, or its text (JSON, or an SSE transcript). */
  responseBody?: unknown;
}

/**
 * A {@link HttpRecord} in the recording format: the format from the URL path (each codec's HTTP
 * binding), else from the bodies' shapes; headers and query secrets redacted; a text body parsed
 * as JSON, or as a stream of server-sent events when it is one. Undefined when the path is no
 * format's chat endpoint and `requireChatPath` is set (a HAR's other traffic).
 */
export async function buildHttpExchange(
  record: HttpRecord,
  options: ReadExchangesOptions & { requireChatPath?: boolean },
): Promise<RecordedExchange | undefined> {
  const path = pathOf(record.url);
  const byPath =
    options.format === undefined ? formatForPath(options.formats, record.method, path) : undefined;
  if (byPath === undefined && options.requireChatPath && options.format === undefined) return undefined;
  const requestBody = parseJsonText(record.requestBody, `${record.id} request`);
  const response = await parseResponseBody(record.responseBody, record.responseHeaders, record.id);
  const format: RecordingFormat =
    byPath ??
    resolveDocumentFormat(options, [
      { document: requestBody, kind: "request" },
      ...(response.events ?? []).map((document) => ({ document, kind: "event" as const })),
      { document: response.body, kind: "response" },
      { document: response.body, kind: "error" },
    ]);
  const exchange: RecordedExchange = {
    format: format.codec.id,
    method: record.method.toUpperCase(),
    path: redactPath(path),
    id: record.id,
  };
  if (requestBody !== undefined)
    exchange.request = { headers: redactHeaders(record.requestHeaders), body: requestBody };
  if (response.body !== undefined || response.events !== undefined || record.status !== undefined) {
    exchange.response = {
      status: record.status ?? statusOfBody(format, response.body),
      headers: response.headers,
      ...(response.events ? { events: response.events } : { body: response.body }),
    };
  }
  return exchange;
}

/** The status a lone body implies: 200 for an answer, the error kind's status for an error body. */
export function statusOfBody(format: RecordingFormat, body: unknown): number {
  if (!format.recognizes(body, "error")) return 200;
  return statusByErrorKind[format.codec.errorFromWire(0, body).kind];
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url, "http://recording.invalid");
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function parseJsonText(body: unknown, name: string): unknown {
  if (typeof body !== "string") return body;
  if (body.trim() === "") return undefined;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new RecordingInputError(`${name}: body is not valid JSON (${(error as Error).message})`);
  }
}

async function parseResponseBody(
  body: unknown,
  headers: HttpRecord["responseHeaders"],
  id: string,
): Promise<{ headers: RecordedHeaders; body?: unknown; events?: unknown[] }> {
  const recordedHeaders = redactHeaders(headers);
  const isStream = (recordedHeaders["content-type"] ?? "").includes("text/event-stream");
  if (typeof body === "string" && (isStream || looksLikeSse(body)))
    return { headers: recordedHeaders, events: await sseEventsFromText(body, `${id} response`) };
  return { headers: recordedHeaders, body: parseJsonText(body, `${id} response`) };
}
