import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { type CliIo, CliUsageError } from "./cli-io";

/** An input opened for streaming, counting the bytes read so far. */
export interface OpenedInput {
  /** The bytes, as they are read. */
  source: AsyncIterable<Uint8Array | string>;
  /** The path, or `stdin`. */
  name: string;
  /** Size in bytes, when known (a file). */
  totalBytes?: number;
  /** Bytes read so far. */
  bytesRead(): number;
}

/** Opens a file (or standard input for `-`); a missing or unreadable file is a usage error. */
export async function openInput(path: string, io: CliIo): Promise<OpenedInput> {
  let read = 0;
  const counted = (source: AsyncIterable<Uint8Array | string>) =>
    (async function* () {
      for await (const chunk of source) {
        read += chunk.length;
        yield chunk;
      }
    })();
  if (path === "-") return { source: counted(io.stdin), name: "stdin", bytesRead: () => read };
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new CliUsageError(`${path} is not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof CliUsageError) throw error;
    throw new CliUsageError(
      `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  return {
    source: counted(createReadStream(path, { highWaterMark: 256 * 1024 })),
    name: path,
    totalBytes: size,
    bytesRead: () => read,
  };
}
