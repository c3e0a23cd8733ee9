import { parseArgs } from "node:util";
import {
  type CanonicalExchange,
  convertExchange,
  decodeExchange,
  type ExchangeConversion,
  type RecordedExchange,
  type RecordingFormats,
  RecordingInputError,
  type RecordingInputKind,
  readExchanges,
  recordingInputKinds,
} from "@interlingua/recordings";
import { type CliIo, CliUsageError, exitCodes } from "../terminal/cli-io";
import { openInput } from "../terminal/open-input";
import { validFormat } from "./convert-command";

/** `interlingua inspect --help`. */
export const inspectHelp = `Usage: interlingua inspect <input> [options]

Shows each recorded exchange in canonical form, then a table of what survives converting it to
every format: one row per field some format loses, one column per format.

Options:
  --from <format>    format of the input, when it cannot be told from paths and shapes
  --kind <kind>      input kind: jsonl, har, sse, json
  -h, --help         show this help`;

const longString = 120;

/** Runs `interlingua inspect`; returns the exit code. */
export async function inspectCommand(args: string[], io: CliIo, formats: RecordingFormats): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      from: { type: "string" },
      kind: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    io.stdout.write(`${inspectHelp}\n`);
    return exitCodes.ok;
  }
  const [inputPath] = positionals;
  if (inputPath === undefined)
    throw new CliUsageError("inspect needs an input file (or - for standard input)");
  const from = values.from === undefined ? undefined : validFormat(formats, values.from, "--from");
  if (values.kind !== undefined && !(recordingInputKinds as readonly string[]).includes(values.kind))
    throw new CliUsageError(
      `--kind: unknown input kind "${values.kind}"; known kinds: ${recordingInputKinds.join(", ")}`,
    );
  const input = await openInput(inputPath, io);
  let failed = false;
  try {
    for await (const exchange of readExchanges(input.source, {
      formats,
      format: from,
      kind: values.kind as RecordingInputKind | undefined,
      name: input.name,
    })) {
      failed = !(await inspectExchange(exchange, io, formats)) || failed;
    }
  } catch (error) {
    if (error instanceof RecordingInputError) throw new CliUsageError(error.message);
    throw error;
  }
  return failed ? exitCodes.exchangesFailed : exitCodes.ok;
}

/** Prints one exchange; false when it could not be decoded. */
async function inspectExchange(
  exchange: RecordedExchange,
  io: CliIo,
  formats: RecordingFormats,
): Promise<boolean> {
  const title = `${exchange.id ?? "exchange"} (${exchange.format}${exchange.path ? `, ${exchange.method} ${exchange.path}` : ""})`;
  io.stdout.write(`\n== ${title}\n`);
  let canonical: CanonicalExchange;
  try {
    canonical = await decodeExchange(exchange, formats);
  } catch (error) {
    io.stdout.write(`cannot decode: ${(error as Error).message}\n`);
    return false;
  }
  const { format: _format, id: _id, ...body } = canonical;
  io.stdout.write(`${JSON.stringify(body, abbreviate, 2)}\n\n`);
  const conversions: ExchangeConversion[] = [];
  for (const format of formats)
    conversions.push(await convertExchange(exchange, { to: format.codec.id, formats }));
  io.stdout.write(`${survivalTable(conversions)}\n`);
  return true;
}

/** Long strings (base64 images, signatures) shortened so the canonical form stays readable. */
function abbreviate(_key: string, value: unknown): unknown {
  if (typeof value === "string" && value.length > longString)
    return `${value.slice(0, longString - 20)}… (${value.length} chars)`;
  return value;
}

/**
 * Rows: each field (side and JSON pointer) some conversion loses, then the verdict for everything
 * else; columns: the target formats. `ok` survives, otherwise the loss code.
 */
export function survivalTable(conversions: readonly ExchangeConversion[]): string {
  const fields = new Map<string, Map<string, string>>();
  for (const conversion of conversions) {
    for (const loss of conversion.losses) {
      const field = `${loss.side} ${loss.path || "/"}`;
      const row = fields.get(field) ?? new Map<string, string>();
      row.set(conversion.to, loss.code);
      fields.set(field, row);
    }
  }
  const header = ["field", ...conversions.map((conversion) => conversion.to)];
  const rows = [...fields.entries()].map(([field, row]) => [
    field,
    ...conversions.map((conversion) => row.get(conversion.to) ?? "ok"),
  ]);
  rows.push([
    fields.size === 0 ? "every field" : "every other field",
    ...conversions.map((conversion) => (conversion.failure ? `FAILED: ${conversion.failure.message}` : "ok")),
  ]);
  const widths = header.map((_, column) =>
    Math.max(...[header, ...rows].map((row) => (row[column] ?? "").length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((width) => "-".repeat(width))), ...rows.map(line)].join("\n");
}
