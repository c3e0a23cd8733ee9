/** Where a command writes, and what it knows of its surroundings; tests pass their own. */
export interface CliIo {
  /** Standard output (results). */
  stdout: CliStream;
  /** Standard error (progress, reports, errors). */
  stderr: CliStream;
  /** Standard input, for `-` as the input path. */
  stdin: AsyncIterable<Uint8Array | string>;
  /** Environment variables. */
  environment: Record<string, string | undefined>;
}

/** A writable text stream; `isTTY` tells whether a person is watching it. */
export interface CliStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, environment: process.env };
}

/**
 * A failure the user caused (bad arguments, an unreadable input, a port in use): a message, no
 * stack trace, exit code 2; followed by a pointer to `--help` unless `showUsage` is false.
 */
export class CliUsageError extends Error {
  /** Whether to point at the command's `--help` after the message. */
  readonly showUsage: boolean;

  constructor(message: string, options: { showUsage?: boolean } = {}) {
    super(message);
    this.name = "CliUsageError";
    this.showUsage = options.showUsage ?? true;
  }
}

/** Exit codes: 0 success, 1 some exchanges failed (strict losses, invalid exchanges), 2 bad usage or input. */
export const exitCodes = { ok: 0, exchangesFailed: 1, usage: 2 } as const;
