import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CodecFixtures } from "@interlingua/core/test";
import { specPath } from "@interlingua/core/test";

/** Every generate-content recording in specs/recordings, as testCodec fixtures. */
export function generateContentRecordings(): Required<CodecFixtures> {
  const directory = specPath("recordings", "generate-content");
  const fixtures: Required<CodecFixtures> = { requests: [], responses: [], streams: [], errors: [] };
  for (const file of readdirSync(directory).sort()) {
    const text = readFileSync(join(directory, file), "utf8");
    if (file.endsWith(".chunks.jsonl")) {
      const events = text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line));
      fixtures.streams.push({ name: file, events });
    } else if (file.endsWith(".response.json")) {
      fixtures.responses.push({ name: file, wire: JSON.parse(text) });
    } else if (file.startsWith("error-")) {
      const body = JSON.parse(text) as { error: { code: number } };
      fixtures.errors.push({ name: file, status: body.error.code, body });
    }
  }
  return fixtures;
}
