import { createParser } from "eventsource-parser";
import { defaultRecordingFormats } from "../format/default-recording-formats";
import type { RecordedExchange, RecordedResponse } from "../format/recorded-exchange";
import { formatForPath, type RecordingFormats } from "../format/recording-format";
import { redactHeaders, redactPath } from "../format/redact-headers";

/** A Web-standard fetch handler (the gateway's `fetch`, a Hono app, a test upstream). */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

/** Options of {@link recordExchanges}. */
export interface RecordExchangesOptions {
  /** Receives each exchange once its answer has ended (a stream: when its last byte has passed). */
  onExchange(exchange: RecordedExchange): void | Promise<void>;
  /** The formats whose chat endpoints are recorded; other requests pass through unrecorded. */
  formats?: RecordingFormats;
  /** Told when `onExchange` fails (recording never breaks an answer); default `console.error`. */
  onError?: (error: unknown) => void;
}

/**
 * Wraps a fetch handler so every chat exchange that passes through it is recorded in the
 * recording format, credentials redacted. A JSON answer is read from a clone; a stream answer is
 * watched chunk by chunk as the caller reads it, so nothing is buffered beyond the events
 * themselves and back-pressure is untouched. A request the handler does not answer in full (the
 * caller went away) is recorded with the events seen so far only if the stream still ends.
 */
export function recordExchanges(handler: FetchHandler, options: RecordExchangesOptions): FetchHandler {
  const formats = options.formats ?? defaultRecordingFormats;
  const onError =
    options.onError ?? ((error: unknown) => console.error("interlingua: recording failed:", error));
  const deliver = (exchange: RecordedExchange) => {
    try {
      Promise.resolve(options.onExchange(exchange)).catch(onError);
    } catch (error) {
      onError(error);
    }
  };

  return async (request) => {
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    const format = formatForPath(formats, request.method, path);
    if (!format) return handler(request);
    const recordedAt = new Date().toISOString();
    // Read alongside the handler, so the handler streams the body as it arrives.
    const requestText = request.clone().text();
    const response = await handler(request);
    const base: RecordedExchange = {
      format: format.codec.id,
      method: request.method,
      path: redactPath(path),
      recordedAt,
      request: {
        headers: redactHeaders(request.headers),
        body: parseBody(await requestText.catch(() => "")),
      },
    };
    const status = response.status;
    const headers = redactHeaders(response.headers);
    const isStream = (response.headers.get("content-type") ?? "").includes("text/event-stream");
    if (!isStream || response.body === null) {
      response
        .clone()
        .text()
        .then((text) => deliver({ ...base, response: { status, headers, body: parseBody(text) } }), onError);
      return response;
    }
    const watched = response.body.pipeThrough(
      watchEvents((events) =>
        deliver({ ...base, response: { status, headers, events } satisfies RecordedResponse }),
      ),
    );
    return new Response(watched, { status, statusText: response.statusText, headers: response.headers });
  };
}

/** A pass-through of SSE bytes that parses the events on the way and hands them over at the end. */
function watchEvents(onEnd: (events: unknown[]) => void): TransformStream<Uint8Array, Uint8Array> {
  const events: unknown[] = [];
  const decoder = new TextDecoder();
  const parser = createParser({
    onEvent(event) {
      if (event.data.trim() !== "[DONE]") events.push(parseBody(event.data));
    },
  });
  return new TransformStream({
    transform(chunk, controller) {
      controller.enqueue(chunk);
      parser.feed(decoder.decode(chunk, { stream: true }));
    },
    flush() {
      // As in core's SSE decoder: end a last line; an event without its blank line is discarded.
      parser.feed(`${decoder.decode()}\n`);
      onEnd(events);
    },
  });
}

/** A body as JSON when it is JSON, else its text (kept, so nothing is lost silently). */
function parseBody(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
