import type { NamedDetectorDocument } from "@interlingua/core/test";
import { errorDetectorStreams } from "./error-detector-streams";
import { generateContentFixtures } from "./fixtures";

/**
 * Answers made for the loss detector alone: a cached count above the prompt count that includes
 * it (the spec allows it; no server sends it), which messages, counting cached tokens apart from
 * its input, reports it cannot split.
 */
const usageDetectorAnswers: Record<string, unknown> = {
  "usage details above their totals": {
    candidates: [{ content: { parts: [{ text: "Hi" }], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: 5,
      cachedContentTokenCount: 10,
      candidatesTokenCount: 1,
      totalTokenCount: 6,
    },
    modelVersion: "gemini-2.5-flash",
    responseId: "usage",
  },
};

/**
 * Requests made for the loss detector alone: tool declarations and schemas (issue #15). Parameters
 * that are not an object's (the spec lets one be declared; every format's call arguments are an
 * object) reach the formats whose APIs refuse them as an object, with a loss; a schema's
 * `TYPE_UNSPECIFIED` is no type (proto3's default).
 */
const toolDetectorRequests: Record<string, unknown> = {
  "non-object parameters and an unspecified schema type": {
    model: "models/gemini-2.5-flash",
    contents: [{ role: "user", parts: [{ text: "Pick one." }] }],
    tools: [
      {
        functionDeclarations: [
          { name: "count", description: "A count.", parameters: { type: "NUMBER" } },
          { name: "list", description: "A list.", parameters: { type: "ARRAY", items: { type: "STRING" } } },
        ],
      },
    ],
    generationConfig: {
      responseMimeType: "application/json",
      responseSchema: { type: "TYPE_UNSPECIFIED", anyOf: [{ type: "STRING" }, { type: "INTEGER" }] },
    },
  },
};

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

/** This package's fixtures, and the documents made for the detector, as loss-detector documents. */
export function generateContentDetectorDocuments(): NamedDetectorDocument[] {
  const { requests, responses, streams } = generateContentFixtures();
  return [
    ...requests.map(({ name, wire, location }) => ({
      name,
      document: { kind: "request" as const, wire, ...(location && { location }) },
    })),
    ...responses.map(({ name, wire }) => ({ name, document: { kind: "response" as const, wire } })),
    ...streams.map(({ name, events }) => ({ name, document: { kind: "stream" as const, events } })),
    ...Object.entries(errorDetectorStreams).map(([name, events]) => ({
      name,
      document: { kind: "stream" as const, events },
    })),
    ...Object.entries(toolDetectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire },
    })),
    ...Object.entries(usageDetectorAnswers).map(([name, wire]) => ({
      name,
      document: { kind: "response" as const, wire },
    })),
    ...Object.entries(detectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire, location: { model: "gemini-2.5-flash" } },
    })),
  ];
}
