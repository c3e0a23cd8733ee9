import { readdirSync, readFileSync } from "node:fs";
import { decodeJsonEventStream } from "../sse/decode-sse-stream";
import { StreamParseFailure } from "../sse/stream-parse-failure";
import type { DetectorDocument } from "./loss-detector";
import { specPath } from "./spec-path";

/** A named document for the loss detector. */
export interface NamedDetectorDocument {
  name: string;
  document: DetectorDocument;
}

/** Whether a body is an error answer (an `error` object and at most `type` and `request_id` beside it). */
function isErrorBody(body: unknown): boolean {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  return typeof fields.error === "object" && fields.error !== null;
}

async function sseEvents(text: string): Promise<unknown[]> {
  const events: unknown[] = [];
  for await (const event of decodeJsonEventStream(
    new Response(text).body as ReadableStream<Uint8Array>,
  ) as unknown as AsyncIterable<unknown>)
    if (!StreamParseFailure.isInstance(event)) events.push(event);
  return events;
}

interface RecordedExchange {
  request?: { body?: unknown };
  response?: { body?: unknown; status_code?: number } & Record<string, unknown>;
  body?: unknown;
  status?: number;
}

/**
 * Every request, whole answer and stream recorded for `format` (a codec id) in the repository's
 * `specs/recordings/<format>/` (error answers left out): `.response.json` bodies, `.chunks.jsonl`
 * and `.sse` streams, and the requests and answers of `.http.json` / `.nock.json` exchanges.
 */
export async function recordedDetectorDocuments(format: string): Promise<NamedDetectorDocument[]> {
  const directory = specPath("recordings", format);
  const documents: NamedDetectorDocument[] = [];
  for (const file of readdirSync(directory).sort()) {
    const text = readFileSync(`${directory}/${file}`, "utf8");
    if (file.endsWith(".chunks.jsonl")) {
      const events = text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line) as unknown);
      if (!events.some(isErrorBody)) documents.push({ name: file, document: { kind: "stream", events } });
    } else if (file.endsWith(".sse")) {
      documents.push({ name: file, document: { kind: "stream", events: await sseEvents(text) } });
    } else if (file.endsWith(".http.json") || file.endsWith(".nock.json")) {
      const exchanges = JSON.parse(text) as RecordedExchange[];
      for (const [index, exchange] of exchanges.entries()) {
        const name = `${file} #${index}`;
        const request = exchange.request?.body ?? exchange.body;
        if (request !== undefined) documents.push({ name, document: { kind: "request", wire: request } });
        const response = exchange.response?.body ?? exchange.response;
        if (typeof response === "string")
          documents.push({ name, document: { kind: "stream", events: await sseEvents(response) } });
        else if (response !== undefined && !isErrorBody(response))
          documents.push({ name, document: { kind: "response", wire: response } });
      }
    } else if (file.endsWith(".response.json")) {
      documents.push({ name: file, document: { kind: "response", wire: JSON.parse(text) as unknown } });
    }
  }
  return documents;
}
