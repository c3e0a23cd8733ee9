import { once } from "node:events";
import { createWriteStream, type WriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { CliStream } from "./cli-io";

/** A text output that appears at its path only when committed, so a failed run leaves nothing behind. */
export interface OutputFile {
  /** Writes text, waiting when the disk is behind (back-pressure). */
  write(text: string): Promise<void>;
  /** Finishes the file and moves it into place. */
  commit(): Promise<void>;
  /** Closes and deletes what was written. */
  abort(): Promise<void>;
}

/** An {@link OutputFile} written to a hidden temporary file beside `path`, renamed on commit. */
export function createOutputFile(path: string): OutputFile {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  const stream: WriteStream = createWriteStream(temporary);
  const opened = once(stream, "open");
  let failure: Error | undefined;
  stream.on("error", (error) => {
    failure = error;
  });
  const close = async () => {
    if (stream.closed) return;
    stream.end();
    await once(stream, "close");
  };
  return {
    async write(text) {
      if (failure) throw failure;
      if (!stream.write(text)) await once(stream, "drain");
    },
    async commit() {
      await opened;
      await close();
      if (failure) throw failure;
      await rename(temporary, path);
    },
    async abort() {
      await close().catch(() => undefined);
      await rm(temporary, { force: true });
    },
  };
}

/** An {@link OutputFile} over a stream that is already there (standard output). */
export function streamOutput(stream: CliStream): OutputFile {
  return {
    async write(text) {
      stream.write(text);
    },
    async commit() {},
    async abort() {},
  };
}
