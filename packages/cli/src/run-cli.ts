import { defaultRecordingFormats, type RecordingFormats } from "@interlingua/recordings";
import { convertCommand, convertHelp } from "./commands/convert-command";
import { inspectCommand, inspectHelp } from "./commands/inspect-command";
import { serveCommand, serveHelp } from "./commands/serve-command";
import { type CliIo, CliUsageError, exitCodes } from "./terminal/cli-io";

/** `interlingua --help`. */
export const cliHelp = `Usage: interlingua <command> [options]

Commands:
  serve                  run the gateway (answers from bundled recordings when no key is set)
  convert <input> --to <format>
                         convert recorded traffic (JSONL, HAR, SSE, JSON) to another format
  inspect <input>        show recorded exchanges canonically, and what survives each format

Formats: chat-completions, messages, responses, generate-content, interactions
Run interlingua <command> --help for a command's options.`;

const commandHelp: Record<string, string> = { convert: convertHelp, inspect: inspectHelp, serve: serveHelp };

/**
 * Runs the command line: `args` without the node and script names. Resolves with the exit code;
 * usage mistakes and unreadable inputs print one clear line (and the command's usage) to stderr.
 */
export async function runCli(
  args: string[],
  io: CliIo,
  formats: RecordingFormats = defaultRecordingFormats,
): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case undefined:
      case "help":
      case "--help":
      case "-h":
        io.stdout.write(`${commandHelp[rest[0] ?? ""] ?? cliHelp}\n`);
        return command === undefined ? exitCodes.usage : exitCodes.ok;
      case "convert":
        return await convertCommand(rest, io, formats);
      case "inspect":
        return await inspectCommand(rest, io, formats);
      case "serve":
        return await serveCommand(rest, io, formats);
      default:
        throw new CliUsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof CliUsageError || isParseArgsError(error)) {
      io.stderr.write(
        `interlingua${command && command in commandHelp ? ` ${command}` : ""}: ${(error as Error).message}\n`,
      );
      if (!(error instanceof CliUsageError) || error.showUsage)
        io.stderr.write(
          `Run interlingua ${command && command in commandHelp ? `${command} ` : ""}--help for usage.\n`,
        );
      return exitCodes.usage;
    }
    io.stderr.write(
      `interlingua: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return exitCodes.exchangesFailed;
  }
}

/** `node:util.parseArgs` errors (unknown option, missing value) are usage mistakes. */
function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_");
}
