import type { AnyCodec } from "@interlingua/core";

/** Which kind of wire document a recognizer is asked about. */
export type WireDocumentKind = "request" | "response" | "event" | "error";

/**
 * A wire format the recordings package can read, convert and replay: its codec, plus how to tell
 * its documents apart from other formats' when a file does not say which format it holds. Formats
 * plug in by being listed; nothing here branches on a format id.
 */
export interface RecordingFormat {
  /** The format's codec; its `id` is the `format` of recorded exchanges. */
  codec: AnyCodec;
  /** Whether a JSON document of the given kind looks like this format's (shape detection). */
  recognizes(document: unknown, kind: WireDocumentKind): boolean;
}

/** Formats by id, for lookups. */
export type RecordingFormats = readonly RecordingFormat[];

/** The registered format with this id, or a clear error listing the known ones. */
export function findRecordingFormat(formats: RecordingFormats, id: string): RecordingFormat {
  const format = formats.find((candidate) => candidate.codec.id === id);
  if (format) return format;
  throw new Error(
    `Unknown format "${id}"; known formats: ${formats.map((candidate) => candidate.codec.id).join(", ")}`,
  );
}

/** The format whose chat endpoint a request path is, by each codec's own HTTP binding. */
export function formatForPath(
  formats: RecordingFormats,
  method: string,
  path: string,
): RecordingFormat | undefined {
  const url = urlOfPath(path);
  if (url === undefined) return undefined;
  return formats.find(
    (format) => format.codec.http.matchChatRequest(method.toUpperCase(), url) !== undefined,
  );
}

/** A path (or full URL) as a URL, for HTTP bindings. */
export function urlOfPath(path: string): URL | undefined {
  try {
    return new URL(path, "http://recording.invalid");
  } catch {
    return undefined;
  }
}
