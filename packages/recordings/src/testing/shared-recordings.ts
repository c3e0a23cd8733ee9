import { createReadStream, readdirSync } from "node:fs";
import { specPath } from "@interlingua/core/test";
import type { RecordedExchange } from "../format/recorded-exchange";
import type { RecordingFormats } from "../format/recording-format";
import { readExchanges } from "../readers/read-exchanges";

/** One shared recording file of a format. */
export interface SharedRecordingFile {
  format: string;
  file: string;
  path: string;
}

/** The files of `specs/recordings/<format>/` for each registered format. */
export function sharedRecordingFiles(formats: RecordingFormats): SharedRecordingFile[] {
  return formats.flatMap((format) => {
    const directory = specPath("recordings", format.codec.id);
    return readdirSync(directory)
      .sort()
      .map((file) => ({ format: format.codec.id, file, path: `${directory}/${file}` }));
  });
}

/** Every exchange in a file, read as the CLI reads it (streaming, kind and format detected). */
export async function readFileExchanges(
  path: string,
  formats: RecordingFormats,
): Promise<RecordedExchange[]> {
  const exchanges: RecordedExchange[] = [];
  for await (const exchange of readExchanges(createReadStream(path), { formats, name: path }))
    exchanges.push(exchange);
  return exchanges;
}
