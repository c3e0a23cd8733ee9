import type { RecordedExchange } from "../format/recorded-exchange";
import { type ByteSource, byteStream } from "./byte-source";
import { type ReadExchangesOptions, resolveDocumentFormat } from "./read-exchanges-options";
import { sseEvents } from "./sse-events-from-text";

/** Reads a raw SSE transcript (a `text/event-stream` body saved to a file) as one streamed response. */
export async function* readSseExchanges(
  source: ByteSource,
  options: ReadExchangesOptions,
): AsyncGenerator<RecordedExchange> {
  const name = options.name ?? "input";
  const events: unknown[] = [];
  for await (const event of sseEvents(byteStream(source), name)) events.push(event);
  const format = resolveDocumentFormat(
    options,
    events.map((document) => ({ document, kind: "event" as const })),
  );
  yield {
    format: format.codec.id,
    method: "POST",
    path: "",
    response: { status: 200, headers: { "content-type": "text/event-stream" }, events },
    id: name,
  };
}
