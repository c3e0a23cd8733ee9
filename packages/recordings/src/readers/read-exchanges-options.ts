import type { RecordingFormat, RecordingFormats, WireDocumentKind } from "../format/recording-format";
import { findRecordingFormat } from "../format/recording-format";
import { RecordingInputError } from "./recording-input-error";

/** Options every reader takes. */
export interface ReadExchangesOptions {
  /** The formats to recognise. */
  formats: RecordingFormats;
  /** The format the input holds, when known; otherwise it is detected from `name`, paths and shapes. */
  format?: string;
  /** Where the input came from (a file path), for exchange ids, messages and format detection. */
  name?: string;
}

/** The format a file's name says (a path segment or name part equal to a format id), if any. */
export function formatFromName(
  formats: RecordingFormats,
  name: string | undefined,
): RecordingFormat | undefined {
  if (name === undefined) return undefined;
  const tokens = name.split(/[\\/.]/);
  return formats.find((format) => tokens.includes(format.codec.id));
}

/**
 * The format of documents with no path to go by: the one given, else the one the file name says,
 * else the first format that recognises the documents' shapes; an error when nothing fits.
 */
export function resolveDocumentFormat(
  options: ReadExchangesOptions,
  documents: readonly { document: unknown; kind: WireDocumentKind }[],
): RecordingFormat {
  if (options.format !== undefined) return findRecordingFormat(options.formats, options.format);
  const named = formatFromName(options.formats, options.name);
  if (named) return named;
  for (const { document, kind } of documents) {
    const format = options.formats.find((candidate) => candidate.recognizes(document, kind));
    if (format) return format;
  }
  throw new RecordingInputError(
    `Cannot tell which format ${options.name ?? "the input"} holds; name it (--from ${options.formats
      .map((format) => format.codec.id)
      .join(" | ")})`,
  );
}
