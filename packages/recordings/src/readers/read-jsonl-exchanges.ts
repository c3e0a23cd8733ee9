import { RecordedExchange } from "../format/recorded-exchange";
import type { ByteSource } from "./byte-source";
import { textLines } from "./byte-source";
import { type ReadExchangesOptions, resolveDocumentFormat } from "./read-exchanges-options";
import { RecordingInputError } from "./recording-input-error";

/**
 * Reads JSONL, line by line: either the recording format (one exchange per line) or a stream
 * transcript (one wire stream event per line, `.chunks.jsonl`), which becomes one exchange whose
 * response is that stream. Exchanges are yielded as their lines arrive.
 */
export async function* readJsonlExchanges(
  source: ByteSource,
  options: ReadExchangesOptions,
): AsyncGenerator<RecordedExchange> {
  const name = options.name ?? "input";
  let lineNumber = 0;
  let events: unknown[] | undefined;
  let sawExchange = false;
  for await (const line of textLines(source)) {
    lineNumber++;
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new RecordingInputError(`${name}:${lineNumber}: not valid JSON (${(error as Error).message})`);
    }
    if (looksLikeExchange(value)) {
      if (events !== undefined) throw mixedLines(name, lineNumber);
      sawExchange = true;
      const parsed = RecordedExchange.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new RecordingInputError(
          `${name}:${lineNumber}: not a recorded exchange: ${issue?.message ?? "invalid"} at /${issue?.path.join("/") ?? ""}`,
        );
      }
      yield { ...parsed.data, id: parsed.data.id ?? `${name}:${lineNumber}` };
      continue;
    }
    if (sawExchange) throw mixedLines(name, lineNumber);
    events ??= [];
    events.push(value);
  }
  if (events === undefined) return;
  const format = resolveDocumentFormat(
    options,
    events.map((document) => ({ document, kind: "event" as const })),
  );
  yield {
    format: format.codec.id,
    method: "POST",
    path: "",
    response: { status: 200, headers: {}, events },
    id: name,
  };
}

function looksLikeExchange(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as Record<string, unknown>).format === "string" &&
    ("request" in value || "response" in value)
  );
}

function mixedLines(name: string, lineNumber: number): RecordingInputError {
  return new RecordingInputError(
    `${name}:${lineNumber}: recorded exchanges and bare stream events mixed in one file; a JSONL file holds one or the other`,
  );
}
