import type { NamedDetectorDocument } from "@interlingua/core/test";
import { readFixtures } from "./recordings";

/**
 * Answers made for the loss detector alone: cached and reasoning counts above the counts that
 * include them (the spec allows it; no server sends it). Messages counts cached tokens apart from
 * its input, generate-content and interactions reasoning apart from their output, so each reports
 * the count it cannot split.
 */
const usageDetectorAnswers: Record<string, unknown> = {
  "usage details above their totals": {
    id: "resp_usage",
    object: "response",
    created_at: 1_760_513_600,
    status: "completed",
    model: "gpt-5",
    output: [
      {
        id: "msg_usage",
        type: "message",
        role: "assistant",
        status: "completed",
        content: [{ type: "output_text", text: "Hi", annotations: [] }],
      },
    ],
    usage: {
      input_tokens: 5,
      input_tokens_details: { cached_tokens: 10 },
      output_tokens: 1,
      output_tokens_details: { reasoning_tokens: 2 },
      total_tokens: 6,
    },
  },
};

/**
 * Requests made for the loss detector alone: system and developer messages before the conversation,
 * which a chat-completions backend gets where the caller put them and its decoder reads back as
 * instructions (found by the generated requests, seed 15).
 */
const leadingMessageDetectorRequests: Record<string, unknown> = {
  "system and developer messages before the conversation": {
    model: "gpt-5",
    input: [
      { type: "message", role: "system", content: [] },
      { role: "developer", content: "Answer in French." },
      { role: "user", content: "Hi" },
    ],
  },
};

/**
 * Requests made for the loss detector alone: function tools whose strictness, parameters and
 * description are unstated (omitted or `null`, which the spec allows), beside stated ones.
 */
const toolDeclarationDetectorRequests: Record<string, unknown> = {
  "function tools of unstated strictness, parameters and description": {
    model: "gpt-5",
    input: "What is the weather in Paris?",
    tools: [
      {
        type: "function",
        name: "get_weather",
        description: "The weather in a city",
        parameters: { type: "object", properties: { city: { type: "string" } } },
      },
      { type: "function", name: "get_time", description: null, parameters: null, strict: null },
      {
        type: "function",
        name: "get_news",
        parameters: {
          type: "object",
          properties: { topic: { type: "string" } },
          required: ["topic"],
          additionalProperties: false,
        },
        strict: true,
      },
      { type: "function", name: "get_date", parameters: { type: "object", properties: {} }, strict: false },
    ],
  },
};

/**
 * Requests made for the loss detector alone, for how turns are kept or left out: empty reasoning
 * items (interactions sends each as a thought of nothing), and empty messages beside a call that
 * pairing answers (they stay for each encoder to report, not left out by pairing; seed 44), and an
 * empty assistant message item.
 */
const emptyItemDetectorRequests: Record<string, unknown> = {
  "empty reasoning items": {
    model: "gpt-5",
    input: [
      { role: "user", content: "Hi" },
      { type: "reasoning", id: "rs_1", summary: [] },
      { type: "reasoning", id: "rs_2", summary: [], content: null, encrypted_content: null },
      { role: "assistant", content: "Hello" },
      { type: "reasoning", id: "rs_3", summary: [] },
    ],
  },
  "empty messages beside an unanswered call": {
    model: "gpt-5",
    input: [
      { role: "user", content: [] },
      { type: "function_call", call_id: "call_1", name: "lookup", arguments: "{}" },
      { type: "message", role: "user", content: [] },
    ],
  },
  // An assistant message item of no content is one empty text part, left out by messages with the
  // item as a whole (seed -850178890).
  "an empty assistant message item before a call": {
    model: "gpt-5",
    input: [
      { type: "message", id: "msg_1", role: "assistant", content: [], phase: null },
      { type: "function_call", call_id: "call_1", name: "lookup", arguments: "{}" },
    ],
  },
};

/** This package's fixtures, and the documents made for the detector, as loss-detector documents. */
export function responsesDetectorDocuments(): NamedDetectorDocument[] {
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
    ...readFixtures("inexact-streams").map(({ name, value }) => ({
      name,
      document: { kind: "stream" as const, events: value as unknown[] },
    })),
    ...Object.entries(usageDetectorAnswers).map(([name, wire]) => ({
      name,
      document: { kind: "response" as const, wire },
    })),
    ...Object.entries(leadingMessageDetectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire },
    })),
    ...Object.entries(toolDeclarationDetectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire },
    })),
    ...Object.entries(emptyItemDetectorRequests).map(([name, wire]) => ({
      name,
      document: { kind: "request" as const, wire },
    })),
  ];
}
