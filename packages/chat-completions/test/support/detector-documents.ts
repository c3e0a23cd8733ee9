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
  // The deprecated max_tokens beside a null max_completion_tokens (kept for the same format).
  "legacy max_tokens beside a null max_completion_tokens": {
    model: "gpt-4o",
    max_tokens: 64,
    max_completion_tokens: null,
    messages: [{ role: "user", content: "Hi" }],
  },
  // An empty refusal and an empty tool result (the messages API refuses empty text blocks), and a
  // function without parameters (it refuses a tool schema that is not an object's).
  "empty refusal, empty tool result, function without parameters": {
    model: "gpt-4o",
    tools: [{ type: "function", function: { name: "now" } }],
    messages: [
      { role: "user", content: "What time is it?" },
      {
        role: "assistant",
        content: null,
        refusal: "",
        tool_calls: [{ id: "call_1", type: "function", function: { name: "now", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "call_1", content: "" },
    ],
  },
  // Instructions alone: the messages encoder refuses it (invalid_request naming messages), as the
  // API would; generate-content refuses a tool result whose call the request does not hold.
  "instructions alone": { model: "gpt-4o", messages: [{ role: "system", content: "Be brief." }] },
  "a tool result without its call": {
    model: "gpt-4o",
    messages: [
      { role: "user", content: "Hi" },
      { role: "tool", tool_call_id: "call_gone", content: "18°C" },
    ],
  },
  // Function names other formats refuse (not ASCII, empty): each is sent under a legal name, a
  // loss wherever it is said (the tool, the forced choice, a call of it).
  "function names other formats refuse": {
    model: "gpt-4o",
    tools: [
      { type: "function", function: { name: "météo", parameters: { type: "object", properties: {} } } },
    ],
    tool_choice: { type: "function", function: { name: "météo" } },
    messages: [
      { role: "user", content: "Weather?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "météo", arguments: "{}" } },
          { id: "call_2", type: "function", function: { name: "", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "Sunny" },
      { role: "tool", tool_call_id: "call_2", content: "Done" },
    ],
  },
  // Two functions of one name: generate-content refuses a second declaration (as its API does),
  // at the caller's tool (found by the 2,000-run generated requests, seed 871141601).
  "two functions of one name": {
    model: "gpt-4o",
    tools: [
      { type: "function", function: { name: "hello" } },
      { type: "function", function: { name: "hello" } },
    ],
    messages: [{ role: "user", content: "Hi" }],
  },
  // Settings at their spec default (the text response format too), a single stop string,
  // include_usage and no obfuscation padding (the front sends none): nothing to lose.
  "settings at their defaults": {
    model: "gpt-4o",
    n: 1,
    response_format: { type: "text" },
    logprobs: false,
    parallel_tool_calls: true,
    stop: "END",
    stream: true,
    stream_options: { include_usage: true, include_obfuscation: false },
    messages: [
      { role: "developer", content: "Be brief." },
      { role: "user", content: [{ type: "text", text: "Hi" }] },
    ],
  },
};

/** Answers made for the loss detector alone, as {@link detectorRequests}. */
const detectorAnswers: Record<string, unknown> = {
  // Choices listed out of index order, the first of them not choice 0: another format's client
  // gets one answer (the index is reported), the second choice is reported where it cannot go.
  "choices out of index order": {
    id: "chatcmpl-order",
    object: "chat.completion",
    created: 1_761_000_000,
    model: "gpt-4o",
    choices: [
      {
        index: 2,
        message: { role: "assistant", content: "Second", refusal: null },
        logprobs: null,
        finish_reason: "stop",
      },
      {
        index: 1,
        message: { role: "assistant", content: "First", refusal: null },
        logprobs: null,
        finish_reason: "length",
      },
    ],
  },
};

/** This package's fixtures, and the documents made for the detector, as loss-detector documents. */
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
    ...Object.entries(detectorAnswers).map(([name, wire]) => ({
      name,
      document: { kind: "response" as const, wire },
    })),
    ...readFixtures("streams").map(({ name, value }) => ({
      name,
      document: { kind: "stream" as const, events: value as unknown[] },
    })),
  ];
}
