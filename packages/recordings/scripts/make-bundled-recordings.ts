/**
 * Writes `recordings/bundled.jsonl` from the bundled conversations, recorded in every format.
 * Run with `pnpm --filter @interlingua/recordings make-recordings`; the bundled-recordings test
 * fails when the file is out of date.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { makeBundledRecordings } from "../src/bundled/make-bundled-recordings";
import { defaultRecordingFormats } from "../src/format/default-recording-formats";

const { exchanges, losses } = await makeBundledRecordings(defaultRecordingFormats);
for (const loss of losses) console.error(`loss: ${loss}`);
const path = fileURLToPath(new URL("../recordings/bundled.jsonl", import.meta.url));
writeFileSync(path, exchanges.map((exchange) => JSON.stringify(exchange)).join("\n") + "\n");
console.log(`wrote ${exchanges.length} exchanges to ${path}`);
