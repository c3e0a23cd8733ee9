import { readFileSync } from "node:fs";
import type { CodecFixtures } from "@interlingua/core/test";

const read = (name: string) =>
  JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8"));

/** This package's own fixtures: every block, event and error type the recordings lack. */
export function messagesFixtures(): Required<CodecFixtures> {
  return {
    requests: read("requests.json"),
    responses: read("responses.json"),
    streams: read("streams.json"),
    errors: read("errors.json"),
  };
}
