import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { collect, decodeJsonEventStream, readableFrom } from "@interlingua/core";
import { specPath } from "@interlingua/core/test";

/** A recording of this format from the shared specs folder, as text. */
export function readRecording(name: string): string {
  return readFileSync(specPath("recordings", "chat-completions", name), "utf8");
}

/** The parsed events of a recorded stream (`.sse` framing or `.chunks.jsonl`). */
export async function readRecordedStream(name: string): Promise<unknown[]> {
  const text = readRecording(name);
  if (name.endsWith(".jsonl")) {
    return text
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as unknown);
  }
  return collect(decodeJsonEventStream(readableFrom([new TextEncoder().encode(text)])));
}

/** Names of every recorded stream. */
export function recordedStreamNames(): string[] {
  return readdirSync(specPath("recordings", "chat-completions"))
    .filter((name) => name.endsWith(".sse") || name.endsWith(".chunks.jsonl"))
    .sort();
}

const fixtureDirectory = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** Every JSON fixture of this package in `test/fixtures/<folder>`, by file name. */
export function readFixtures(folder: string): { name: string; value: unknown }[] {
  return readdirSync(join(fixtureDirectory, folder))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => ({
      name,
      value: JSON.parse(readFileSync(join(fixtureDirectory, folder, name), "utf8")) as unknown,
    }));
}
