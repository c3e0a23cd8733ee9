import { readFileSync } from "node:fs";
import type { CodecFixtures } from "@interlingua/core/test";

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));

/** This package's own fixtures: every part kind, field spelling, candidate and error shape the recordings lack. */
export function generateContentFixtures(): Required<CodecFixtures> {
  return {
    requests: read("requests.json"),
    responses: read("responses.json"),
    streams: read("streams.json"),
    errors: read("errors.json"),
  };
}
