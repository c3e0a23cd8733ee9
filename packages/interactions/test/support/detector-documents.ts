import type { NamedDetectorDocument } from "@interlingua/core/test";
import { errorDetectorStreams } from "./error-detector-streams";
import { readFixtures } from "./fixtures";

/**
 * Answers made for the loss detector alone: a cached count above the input count that includes it
 * (the spec allows it; no server sends it), which messages, counting cached tokens apart from its
 * input, reports it cannot split.
 */
const usageDetectorAnswers: Record<string, unknown> = {
  "usage details above their totals": {
    id: "v1_usage",
    model: "gemini-3-flash-preview",
    status: "completed",
    created: "2026-06-01T12:00:00Z",
    updated: "2026-06-01T12:00:01Z",
    steps: [{ type: "model_output", content: [{ type: "text", text: "Hi" }] }],
    usage: {
      total_input_tokens: 5,
      total_cached_tokens: 10,
      total_output_tokens: 1,
      total_tokens: 6,
    },
  },
};

/**
 * Requests made for the loss detector alone, each a list the comparison once lined up wrongly
 * (found by the 2,000-run generated requests, seeds -1631280562 and -527117315).
 */
const alignmentDetectorRequests: Record<string, unknown> = {
  // The decoder leaves the empty document out; the image, sent to generate-content as a file with no
  // type, comes back as a document: it is the image, not the document left out.
  "an image without a MIME type before a document with nothing in it": {
    model: "gemini-3-flash-preview",
    input: [{ type: "image", uri: "https://example.com/a" }, { type: "document" }],
  },
  // Empty settings of a tool other formats cannot send say nothing about which tool came back.
  "a retrieval tool of empty settings before a search": {
    model: "gemini-3-flash-preview",
    input: "Look it up.",
    tools: [
      { type: "retrieval", parallel_ai_search_config: {}, rag_store_config: {}, vertex_ai_search_config: {} },
      { type: "google_search" },
    ],
  },
};

/**
 * Requests made for the loss detector alone, of which a round trip leaves nothing to send (found by
 * the 2,000-run generated requests, seeds -23844844, -281737879, 105780371 and -431402828).
 */
const refusalDetectorRequests: Record<string, unknown> = {
  // Responses carries the file search call; the way back drops it (a foreign hosted call, with a
  // loss at /input/0) and leaves no input, which the interactions encoder refuses naming `input`.
  "one file search call step": {
    model: "gemini-3-flash-preview",
    input: [{ type: "file_search_call", id: "fs_1" }],
  },
  // Two results of no call are one message traced to the first step: pairing drops both, and must
  // report each at its own step, not the message at the first (seed -431402828, to responses).
  "two results of one call that was never made": {
    model: "gemini-3-flash-preview",
    input: [
      { type: "function_result", call_id: "a", result: "a" },
      { type: "function_result", call_id: "a", result: "a" },
    ],
  },
};

/** This package's fixtures, and the documents made for the detector, as loss-detector documents. */
export function interactionsDetectorDocuments(): NamedDetectorDocument[] {
  return [
    ...readFixtures("requests").map(({ name, value }) => ({
      name,
      document: { kind: "request" as const, wire: value },
    })),
    ...readFixtures("responses").map(({ name, value }) => ({
      name,
      document: { kind: "response" as const, wire: value },
    })),
    ...readFixtures("streams").map(({ name, value }) => ({
      name,
      document: { kind: "stream" as const, events: value as unknown[] },
    })),
    ...Object.entries(errorDetectorStreams).map(([name, events]) => ({
      name,
      document: { kind: "stream" as const, events },
    })),
    ...Object.entries(usageDetectorAnswers).map(([name, wire]) => ({
      name,
      document: { kind: "response" as const, wire },
    })),
    // Not a fixture file: the schema compiled from the @google/genai types lets only `{}` through
    // as an object result, which the spec (`result: object | string | content[]`) does not limit.
    { name: "object function result", document: { kind: "request" as const, wire: objectFunctionResult } },
    ...Object.entries(alignmentDetectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire },
    })),
    ...Object.entries(refusalDetectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire },
    })),
  ];
}

/** A function result given as a JSON object, which formats of text results send as its JSON text. */
const objectFunctionResult = {
  model: "gemini-3.1-pro-preview",
  input: [
    {
      type: "user_input",
      content: [
        {
          type: "text",
          text: "What is the weather in Paris?",
        },
      ],
    },
    {
      type: "function_call",
      id: "call_1",
      name: "get_weather",
      arguments: {
        city: "Paris",
      },
    },
    {
      type: "function_result",
      call_id: "call_1",
      name: "get_weather",
      result: {
        temperature: 18,
        sky: "cloudy",
      },
    },
  ],
  tools: [
    {
      type: "function",
      name: "get_weather",
      parameters: {
        type: "object",
        properties: {
          city: {
            type: "string",
          },
        },
      },
    },
  ],
};
