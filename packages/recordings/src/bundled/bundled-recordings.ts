import type { RecordedExchange } from "../format/recorded-exchange";
import type { RecordingFormats } from "../format/recording-format";
import { readJsonlExchanges } from "../readers/read-jsonl-exchanges";

/** File name of the bundled recordings, in the package's `recordings/` folder. */
export const bundledRecordingsFile = "bundled.jsonl";

/**
 * Where the bundled recordings are: `recordings/bundled.jsonl` in this package, found from the
 * running module whether it runs from `src/` (workspace) or `dist/` (installed).
 */
export async function bundledRecordingsPath(): Promise<string> {
  const { existsSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  for (const relative of ["../recordings/", "../../recordings/"]) {
    const path = fileURLToPath(new URL(`${relative}${bundledRecordingsFile}`, import.meta.url));
    if (existsSync(path)) return path;
  }
  throw new Error(
    `The bundled recordings (${bundledRecordingsFile}) are missing from @interlingua/recordings`,
  );
}

/**
 * The recordings bundled with the package: text, tools, reasoning and image exchanges in every
 * chat format, for a replay provider that works with no network and no keys (Node only).
 */
export async function readBundledRecordings(formats: RecordingFormats): Promise<RecordedExchange[]> {
  const { createReadStream } = await import("node:fs");
  const path = await bundledRecordingsPath();
  const exchanges: RecordedExchange[] = [];
  for await (const exchange of readJsonlExchanges(createReadStream(path), {
    formats,
    name: bundledRecordingsFile,
  }))
    exchanges.push(exchange);
  return exchanges;
}
