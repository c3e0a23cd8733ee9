import type { NamedDetectorDocument } from "@interlingua/core/test";
import { errorDetectorStreams } from "./error-detector-streams";
import { messagesFixtures } from "./fixtures";

/**
 * Requests made for the loss detector alone: tool declarations (issue #15). A strict tool whose
 * schema responses' strict mode refuses, after a hosted tool responses has not (its loss at its own
 * place, not the wire index), and a tool saying `strict: false` (generate-content and interactions
 * are unstrict, which it asks).
 */
const toolDetectorRequests: Record<string, unknown> = {
  "strict tools after a tool another format has not": {
    model: "claude-sonnet-4-5",
    max_tokens: 64,
    messages: [{ role: "user", content: "Weather in Paris?" }],
    tools: [
      { type: "web_fetch_20250910", name: "web_fetch" },
      {
        name: "weather",
        input_schema: { type: "object", properties: { city: { type: "string" } } },
        strict: true,
      },
      {
        name: "time",
        input_schema: { type: "object", properties: { zone: { type: "string" } } },
        strict: false,
      },
    ],
  },
  // Empty call ids (the API refuses them, another format's client may send them): responses refuses
  // an empty call_id too, so each target that takes no empty id gets a made-up one, a loss each.
  "calls and results of empty ids": {
    model: "claude-sonnet-4-5",
    max_tokens: 64,
    messages: [
      { role: "user", content: "Weather in Paris and Rome?" },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "", name: "weather", input: { city: "Paris" } },
          { type: "tool_use", id: "", name: "weather", input: { city: "Rome" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "", content: "sunny" },
          { type: "tool_result", tool_use_id: "", content: "rain" },
        ],
      },
    ],
    tools: [{ name: "weather", input_schema: { type: "object", properties: { city: { type: "string" } } } }],
  },
};

/** This package's fixtures, and the documents made for the detector, as loss-detector documents. */
export function messagesDetectorDocuments(): NamedDetectorDocument[] {
  const { requests, responses, streams } = messagesFixtures();
  return [
    ...requests.map(({ name, wire }) => ({ name, document: { kind: "request" as const, wire } })),
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
  ];
}
