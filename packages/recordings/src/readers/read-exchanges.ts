import type { RecordedExchange } from "../format/recorded-exchange";
import { type ByteSource, peekText } from "./byte-source";
import type { ReadExchangesOptions } from "./read-exchanges-options";
import { readHarExchanges } from "./read-har-exchanges";
import { readJsonExchanges } from "./read-json-exchanges";
import { readJsonlExchanges } from "./read-jsonl-exchanges";
import { readSseExchanges } from "./read-sse-exchanges";

/** The kinds of input the readers understand. */
export type RecordingInputKind = "jsonl" | "har" | "sse" | "json";

/** The input kinds, for command-line validation. */
export const recordingInputKinds: readonly RecordingInputKind[] = ["jsonl", "har", "sse", "json"];

/** Options of {@link readExchanges}. */
export interface ReadAnyExchangesOptions extends ReadExchangesOptions {
  /** The input kind; detected from the name's extension, then from the first bytes, when absent. */
  kind?: RecordingInputKind;
}

/**
 * Reads recorded exchanges from any supported input, one at a time as the input streams in: JSONL
 * (the recording format, or one stream event per line), HAR 1.2, a raw SSE transcript, or a single
 * JSON document. The kind and the wire format are detected when not given.
 */
export async function* readExchanges(
  source: ByteSource,
  options: ReadAnyExchangesOptions,
): AsyncGenerator<RecordedExchange> {
  const { head, source: replayed } = await peekText(source);
  const kind = options.kind ?? detectInputKind(options.name, head);
  switch (kind) {
    case "jsonl":
      yield* readJsonlExchanges(replayed, options);
      return;
    case "har":
      yield* readHarExchanges(replayed, options);
      return;
    case "sse":
      yield* readSseExchanges(replayed, options);
      return;
    case "json":
      yield* readJsonExchanges(replayed, options);
      return;
    default: {
      const unknownKind: never = kind;
      throw new Error(`Unknown input kind ${String(unknownKind)}`);
    }
  }
}

/**
 * The kind of an input: by extension (`.jsonl` / `.ndjson`, `.har`, `.sse`), else by its first
 * bytes (SSE field lines; a `"log"` object, so a HAR saved as `.json` is one; one complete JSON
 * value per line; else one JSON document).
 */
export function detectInputKind(name: string | undefined, head: string): RecordingInputKind {
  const extension = /\.([a-z0-9]+)$/i.exec(name ?? "")?.[1]?.toLowerCase();
  if (extension === "jsonl" || extension === "ndjson") return "jsonl";
  if (extension === "har") return "har";
  if (extension === "sse") return "sse";
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (/^(event|data|id|retry)?:/.test(text)) return "sse";
  if (/^\{\s*"log"\s*:/.test(text)) return "har";
  if (extension === "json") return "json";
  const firstLine = text.split("\n", 1)[0] ?? "";
  if (text.slice(firstLine.length).trim() !== "" && isJson(firstLine)) return "jsonl";
  return "json";
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
