import type { CliIo } from "../terminal/cli-io";

/** A {@link CliIo} that keeps what commands write, for assertions. */
export interface CapturedIo extends CliIo {
  out(): string;
  err(): string;
}

/** Captures stdout and stderr; `tty` makes stderr look like a terminal. */
export function captureIo(
  options: { tty?: boolean; stdin?: string; environment?: Record<string, string> } = {},
): CapturedIo {
  let out = "";
  let err = "";
  return {
    stdout: {
      write: (text: string) => {
        out += text;
      },
    },
    stderr: {
      write: (text: string) => {
        err += text;
      },
      isTTY: options.tty ?? false,
    },
    stdin: (async function* () {
      if (options.stdin !== undefined) yield options.stdin;
    })(),
    environment: options.environment ?? {},
    out: () => out,
    err: () => err,
  };
}
