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
  "object parameters of no properties and null parameters": {
    model: "models/gemini-2.5-flash",
    contents: [{ role: "user", parts: [{ text: "Pick one." }] }],
    tools: [
      {
        functionDeclarations: [
          { name: "ping", description: "A ping.", parameters: { type: "OBJECT" } },
          { name: "nothing", description: "Nothing.", parameters: { type: "NULL" } },
        ],
      },
    ],
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
  // A file search responses cannot send (no store to search) before one it can: the one sent is
  // file search 0 back, and is compared with the one it is, not with the one dropped.
  "a file search without a store before one with a store": {
    contents: [{ role: "user", parts: [{ text: "Look it up." }] }],
    tools: [
      { fileSearch: {} },
      { fileSearch: { retrievalResources: [{ ragStoreName: "fileSearchStores/notes" }] } },
    ],
  },
  // A user turn of a call and a file is split by responses and interactions (reported at it): the
  // turn after it reaches the backend, and comes back, whole.
  "a turn after a split turn": {
    contents: [
      {
        role: "user",
        parts: [
          { functionCall: { name: "lookup", args: { q: "x" } } },
          { fileData: { fileUri: "gs://bucket/a.pdf", mimeType: "application/pdf" } },
        ],
      },
      { role: "user", parts: [{ text: "Hello" }, { text: "and more" }] },
    ],
  },
  // An output schema's one-branch `anyOf`, alone and beside a type of its own: through a JSON
  // Schema format and back it stays a branch (merged into its parent, its type was dropped).
  "an output schema of one-branch unions": {
    contents: [{ role: "user", parts: [{ text: "Count." }] }],
    generationConfig: {
      responseMimeType: "application/json",
      responseSchema: {
        type: "OBJECT",
        properties: {
          count: { anyOf: [{ type: "INTEGER" }] },
          both: { type: "STRING", anyOf: [{ type: "OBJECT", maximum: 6 }], minimum: 1 },
        },
      },
    },
  },
  // A nullable one-branch `anyOf` of no type of its own, and a type beside a one-branch `anyOf` of
  // null alone: neither is the optional-value spelling, so neither comes back merged or nullable.
  "an output schema of nullable and null-only one-branch unions": {
    contents: [{ role: "user", parts: [{ text: "Count." }] }],
    generationConfig: {
      responseMimeType: "application/json",
      responseSchema: {
        type: "OBJECT",
        properties: {
          count: { anyOf: [{ type: "INTEGER" }], nullable: true },
          flag: { type: "BOOLEAN", anyOf: [{ type: "NULL" }] },
        },
      },
    },
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
