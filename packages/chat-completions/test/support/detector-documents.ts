import type { NamedDetectorDocument } from "@interlingua/core/test";
import { readFixtures } from "./recordings";

/**
 * Requests made for the loss detector alone, each reproducing one class it once found (issue #15):
 * they are not fixtures of the codec's own suite, whose round trips are same-format.
 */
const detectorRequests: Record<string, unknown> = {
  // The deprecated max_tokens, below the minimum responses accepts (raised there with a loss).
  "legacy max_tokens below a target's minimum": {
    model: "gpt-4o",
    max_tokens: 5,
    messages: [{ role: "user", content: "Hi" }],
  },
  // Settings at their spec default, a single stop string and include_usage: nothing to lose.
  "settings at their defaults": {
    model: "gpt-4o",
    n: 1,
    logprobs: false,
    parallel_tool_calls: true,
    stop: "END",
    stream: true,
    stream_options: { include_usage: true },
    messages: [
      { role: "developer", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "Hi" }] },
    ],
  },
};

/** This package's fixtures, and the requests made for the detector, as loss-detector documents. */
export function chatCompletionsDetectorDocuments(): NamedDetectorDocument[] {
  return [
    ...readFixtures("requests").map(({ name, value }) => ({
      name,
      document: { kind: "request" as const, wire: value },
    })),
    ...Object.entries(detectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire },
    })),
    ...readFixtures("responses").map(({ name, value }) => ({
      name,
      document: { kind: "response" as const, wire: value },
    })),
    ...readFixtures("streams").map(({ name, value }) => ({
      name,
      document: { kind: "stream" as const, events: value as unknown[] },
    })),
  ];
}
