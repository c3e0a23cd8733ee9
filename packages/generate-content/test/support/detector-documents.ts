import type { NamedDetectorDocument } from "@interlingua/core/test";
import { generateContentFixtures } from "./fixtures";

/**
 * Requests made for the loss detector alone, each reproducing one class it once found (issue #15):
 * not fixtures of the codec's own suite, whose round trips are same-format.
 */
const detectorRequests: Record<string, unknown> = {
  // A call in a turn, and its response, named what the API refuses for a declaration: another
  // format with its own name rule gets a legal name, a loss at each part that says it.
  "a call in a turn under a name the API refuses for a declaration, and its response": {
    contents: [
      { role: "user", parts: [{ text: "Go on" }] },
      { role: "model", parts: [{ functionCall: { id: "c1", name: "line\nbreak", args: {} } }] },
      {
        role: "user",
        parts: [{ functionResponse: { id: "c1", name: "line\nbreak", response: { output: "ok" } } }],
      },
    ],
  },
};

/** This package's fixtures as loss-detector documents. */
export function generateContentDetectorDocuments(): NamedDetectorDocument[] {
  const { requests, responses, streams } = generateContentFixtures();
  return [
    ...requests.map(({ name, wire, location }) => ({
      name,
      document: { kind: "request" as const, wire, ...(location && { location }) },
    })),
    ...responses.map(({ name, wire }) => ({ name, document: { kind: "response" as const, wire } })),
    ...streams.map(({ name, events }) => ({ name, document: { kind: "stream" as const, events } })),
    ...Object.entries(detectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire, location: { model: "gemini-2.5-flash" } },
    })),
  ];
}
