import { parseArgs } from "node:util";
import {
  convertExchanges,
  type ExchangeConversion,
  findRecordingFormat,
  type RecordingFormats,
  RecordingInputError,
  type RecordingInputKind,
  readExchanges,
  recordingInputKinds,
} from "@interlingua/recordings";
import { type CliIo, CliUsageError, exitCodes } from "../terminal/cli-io";
import { createOutputFile, type OutputFile, streamOutput } from "../terminal/create-output-file";
import { createProgressReporter } from "../terminal/create-progress-reporter";
import { openInput } from "../terminal/open-input";

/** `interlingua convert --help`. */
export const convertHelp = `Usage: interlingua convert <input> --to <format> [options]

Converts every exchange of recorded traffic (JSONL recordings, HAR, an SSE transcript or a JSON
body) to another format, request and response together, streaming through the input.

Options:
  --to <format>      target format: chat-completions, messages, responses, generate-content, interactions
  --from <format>    format of the input, when it cannot be told from paths and shapes
  --kind <kind>      input kind: jsonl, har, sse, json (default: from the name and first bytes)
  -o, --output <file> write the converted JSONL there (default: standard output); the loss
                     report goes beside it as <file>.losses.jsonl (default: standard error)
  --strict           fail an exchange at its first loss; the exit code is 1 if any failed
  -h, --help         show this help

Use - as <input> to read standard input.
Exit codes: 0 done, 1 some exchanges failed, 2 bad arguments or unreadable input.`;

/** Runs `interlingua convert`; returns the exit code. */
export async function convertCommand(args: string[], io: CliIo, formats: RecordingFormats): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      to: { type: "string" },
      from: { type: "string" },
      kind: { type: "string" },
      output: { type: "string", short: "o" },
      strict: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    io.stdout.write(`${convertHelp}\n`);
    return exitCodes.ok;
  }
  const [inputPath, ...extra] = positionals;
  if (inputPath === undefined)
    throw new CliUsageError("convert needs an input file (or - for standard input)");
  if (extra.length > 0) throw new CliUsageError(`convert takes one input; unexpected ${extra.join(" ")}`);
  if (values.to === undefined) throw new CliUsageError("convert needs --to <format>");
  const to = validFormat(formats, values.to, "--to");
  const from = values.from === undefined ? undefined : validFormat(formats, values.from, "--from");
  const kind = validKind(values.kind);

  const input = await openInput(inputPath, io);
  const output = values.output === undefined ? streamOutput(io.stdout) : createOutputFile(values.output);
  const lossFile =
    values.output === undefined ? undefined : createOutputFile(`${values.output}.losses.jsonl`);
  const progress = createProgressReporter(io.stderr, input.totalBytes);
  const counts = { exchanges: 0, withLosses: 0, failed: 0 };
  try {
    const exchanges = readExchanges(input.source, { formats, format: from, kind, name: input.name });
    for await (const conversion of convertExchanges(exchanges, { to, formats, strict: values.strict })) {
      counts.exchanges++;
      if (conversion.failure) counts.failed++;
      else if (conversion.losses.length > 0) counts.withLosses++;
      if (conversion.exchange) await output.write(`${JSON.stringify(conversion.exchange)}\n`);
      await reportLosses(conversion, lossFile, io);
      progress.update(counts.exchanges, input.bytesRead());
    }
  } catch (error) {
    progress.finish();
    await Promise.all([output.abort(), lossFile?.abort()]);
    if (error instanceof RecordingInputError) throw new CliUsageError(error.message);
    throw error;
  }
  progress.finish();
  await output.commit();
  await lossFile?.commit();
  io.stderr.write(
    `converted ${counts.exchanges} exchanges to ${to}: ${counts.exchanges - counts.withLosses - counts.failed} lossless, ` +
      `${counts.withLosses} with losses, ${counts.failed} failed` +
      (values.output === undefined ? "\n" : `; loss report in ${values.output}.losses.jsonl\n`),
  );
  return counts.failed > 0 ? exitCodes.exchangesFailed : exitCodes.ok;
}

async function reportLosses(
  conversion: ExchangeConversion,
  lossFile: OutputFile | undefined,
  io: CliIo,
): Promise<void> {
  if (conversion.losses.length === 0 && !conversion.failure) return;
  if (lossFile) {
    const { exchange: _exchange, ...report } = conversion;
    await lossFile.write(`${JSON.stringify(report)}\n`);
    return;
  }
  const name = conversion.id ?? "exchange";
  if (conversion.failure)
    io.stderr.write(`${name}: FAILED (${conversion.failure.side}) ${conversion.failure.message}\n`);
  for (const loss of conversion.losses)
    io.stderr.write(`${name}: ${loss.side} ${loss.code} ${loss.path || "/"}: ${loss.message}\n`);
}

/** A format id from the command line, or a usage error listing the known ones. */
export function validFormat(formats: RecordingFormats, id: string, option: string): string {
  try {
    return findRecordingFormat(formats, id).codec.id;
  } catch (error) {
    throw new CliUsageError(`${option}: ${(error as Error).message}`);
  }
}

function validKind(kind: string | undefined): RecordingInputKind | undefined {
  if (kind === undefined) return undefined;
  if ((recordingInputKinds as readonly string[]).includes(kind)) return kind as RecordingInputKind;
  throw new CliUsageError(
    `--kind: unknown input kind "${kind}"; known kinds: ${recordingInputKinds.join(", ")}`,
  );
}
