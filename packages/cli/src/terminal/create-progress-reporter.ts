import type { CliStream } from "./cli-io";

/** Reports how far a conversion got. */
export interface ProgressReporter {
  /** The counts so far. */
  update(exchanges: number, bytesRead: number): void;
  /** The conversion ended; clears a progress bar. */
  finish(): void;
}

const barWidth = 24;
const redrawMillis = 100;
const lineEvery = 1000;

/**
 * On a terminal, a progress bar redrawn in place (at most ten times a second); otherwise a plain
 * line every thousand exchanges, so logs stay readable.
 */
export function createProgressReporter(stream: CliStream, totalBytes: number | undefined): ProgressReporter {
  let lastDraw = 0;
  let lastLine = 0;
  let drawn = false;
  return {
    update(exchanges, bytesRead) {
      if (stream.isTTY) {
        const now = Date.now();
        if (now - lastDraw < redrawMillis) return;
        lastDraw = now;
        drawn = true;
        stream.write(`\r\x1b[K${bar(bytesRead, totalBytes)} ${exchanges} exchanges, ${megabytes(bytesRead)}`);
        return;
      }
      if (exchanges - lastLine >= lineEvery) {
        lastLine = exchanges;
        stream.write(`progress: ${exchanges} exchanges, ${megabytes(bytesRead)}\n`);
      }
    },
    finish() {
      if (drawn) stream.write("\r\x1b[K");
    },
  };
}

function bar(done: number, total: number | undefined): string {
  if (!total) return "";
  const fraction = Math.min(1, done / total);
  const filled = Math.round(fraction * barWidth);
  return `[${"#".repeat(filled)}${"-".repeat(barWidth - filled)}] ${Math.floor(fraction * 100)}%`;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
