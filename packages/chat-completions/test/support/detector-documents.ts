import type { NamedDetectorDocument } from "@interlingua/core/test";
import { errorDetectorStreams } from "./error-detector-streams";
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
  // A system message after other turns: messages and generate-content hoist it into their
  // instructions (a loss at it), so the turns before it come back one place later.
  "an instruction after other turns": {
    model: "gpt-4o",
    messages: [
      { role: "user", content: "Hi", name: "ann" },
      { role: "assistant", content: "Hello." },
      { role: "user", content: [{ type: "text", text: "Why is the sky blue?" }] },
      { role: "system", content: "From now on, be brief." },
    ],
  },
  // An effort interactions has no level for: sent as its nearest (minimal), which its client sees.
  "reasoning effort none": {
    model: "gpt-5",
    reasoning_effort: "none",
    messages: [{ role: "user", content: "Hi" }],
  },
  // A tool call no later message answers: the gateway answers it with an error result (a loss at
  // the call's message), which responses sends as an item of its own.
  "an unanswered tool call": {
    model: "gpt-4o",
    tools: [{ type: "function", function: { name: "now", parameters: { type: "object" } } }],
    messages: [
      { role: "user", content: "What time is it?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_1", type: "function", function: { name: "now", arguments: "{}" } }],
      },
      { role: "user", content: "Never mind." },
    ],
  },
  // A function saying strict false, the spec's default: generate-content and interactions are
  // unstrict, which it asks.
  "unstrict function": {
    model: "gpt-4o",
    tools: [
      {
        type: "function",
        function: { name: "time", parameters: { type: "object", properties: {} }, strict: false },
      },
    ],
    messages: [{ role: "user", content: "What time is it?" }],
  },
  // Obfuscation padding asked for (the spec's default when streaming): the front's stream encoder
  // pads the chunks itself, whatever the backend (decision 0050).
  "obfuscation padding asked for": {
    model: "gpt-4o",
    stream: true,
    stream_options: { include_obfuscation: true },
    messages: [{ role: "user", content: "Hi" }],
  },
  // Inline data spelled in URL-safe base64: other formats get the same bytes in the standard
  // alphabet (a loss at the data), this format the text as the caller spelled it.
  "inline data in URL-safe base64": {
    model: "gpt-4o-audio-preview",
    messages: [
      {
        role: "user",
        content: [
          { type: "input_audio", input_audio: { data: "UklGRi-_AAA", format: "wav" } },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBO-_w" } },
        ],
      },
    ],
  },
  // Log probabilities of the output tokens, alone and with the most likely alternatives.
  "logprobs asked for": { model: "gpt-4o", logprobs: true, messages: [{ role: "user", content: "Hi" }] },
  "logprobs with alternatives asked for": {
    model: "gpt-4o",
    logprobs: true,
    top_logprobs: 2,
    messages: [{ role: "user", content: "Hi" }],
  },
  // Turns of one role in a row, and tool results followed by the user's text: messages joins each
  // into the turn before it (reported at the message joined), interactions keeps each user turn.
  "turns of one role in a row": {
    model: "gpt-4o",
    messages: [
      { role: "user", content: "Weather in Paris?" },
      { role: "user", content: [{ type: "text", text: "In Celsius." }] },
      { role: "assistant", content: "Looking." },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "w", arguments: '{"city":"Paris"}' } },
          { id: "call_2", type: "function", function: { name: "w", arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "18" },
      { role: "tool", tool_call_id: "call_2", content: "21" },
      { role: "user", content: "Thanks." },
    ],
    tools: [{ type: "function", function: { name: "w", parameters: { type: "object" } } }],
  },
  // Two refusal parts of one assistant message: formats with one refusal per message join them.
  "refusal parts": {
    model: "gpt-4o",
    messages: [
      { role: "user", content: "Do it." },
      {
        role: "assistant",
        content: [
          { type: "refusal", refusal: "No." },
          { type: "refusal", refusal: "Never." },
        ],
      },
      { role: "user", content: "Please." },
    ],
  },
  // An unanswered legacy call, then a user message of one empty text part: messages leaves the text
  // out (its API refuses empty text), so the message sends only the result made up for the call
  // (found by the 2,000-run generated requests, seed 53702943).
  "an unanswered call, then a user message of empty text": {
    model: "gpt-4o",
    messages: [
      { role: "assistant", content: null, function_call: { name: "lookup", arguments: "{}" } },
      { role: "user", content: [{ type: "text", text: "" }] },
    ],
  },
  // An unanswered call, then a user message a target cannot carry (audio to messages and responses):
  // the result made up for the call is a turn of its own, so the user message is reported left out
  // instead of reading back as that result's turn (seed 202).
  "an unanswered call, then a user message of audio": {
    model: "gpt-4o",
    messages: [
      { role: "assistant", content: null, function_call: { name: "lookup", arguments: "{}" } },
      { role: "user", content: [{ type: "input_audio", input_audio: { data: "UklGRg==", format: "wav" } }] },
    ],
  },
  // A refusal part before a text part of a named assistant message: the `content` and `refusal`
  // fields would read back with the text first, so the parts go as parts.
  "refusal part before text": {
    model: "gpt-4o",
    messages: [
      { role: "user", content: "Do it." },
      {
        role: "assistant",
        name: "bot",
        content: [
          { type: "refusal", refusal: "No." },
          { type: "text", text: "But here is why." },
        ],
      },
      { role: "user", content: "Please." },
    ],
  },
  // A refusal in the field, then an assistant message of parts: formats that join the two turns
  // give back one message whose refusal comes before its text (seed -385357578).
  "a refusal turn before an assistant turn of parts": {
    model: "gpt-4o",
    messages: [
      { role: "user", content: "Do it." },
      { role: "assistant", refusal: "No." },
      { role: "assistant", content: [{ type: "text", text: "But here is why." }] },
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
  // Cached and reasoning counts above the counts that include them (the spec allows it): messages
  // counts cached tokens apart from its input, generate-content and interactions reasoning apart
  // from their output, so each reports the count it cannot split.
  "usage details above their totals": {
    id: "chatcmpl-usage",
    object: "chat.completion",
    created: 1_761_000_000,
    model: "gpt-4o",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: "Hi", refusal: null },
        logprobs: null,
        finish_reason: "stop",
      },
    ],
    usage: {
      prompt_tokens: 5,
      completion_tokens: 1,
      total_tokens: 6,
      prompt_tokens_details: { cached_tokens: 10 },
      completion_tokens_details: { reasoning_tokens: 2 },
    },
  },
};

/** Streams made for the loss detector alone, as {@link detectorRequests}. */
const detectorStreams: Record<string, unknown[]> = {
  // The usage chunk of "usage details above their totals", streamed.
  "streamed usage details above their totals": [
    {
      id: "chatcmpl-usage",
      object: "chat.completion.chunk",
      created: 1_761_000_000,
      model: "gpt-4o",
      choices: [{ index: 0, delta: { role: "assistant", content: "Hi" }, finish_reason: null }],
    },
    {
      id: "chatcmpl-usage",
      object: "chat.completion.chunk",
      created: 1_761_000_000,
      model: "gpt-4o",
      choices: [{ index: 0, delta: {}, finish_reason: "stop" }],
    },
    {
      id: "chatcmpl-usage",
      object: "chat.completion.chunk",
      created: 1_761_000_000,
      model: "gpt-4o",
      choices: [],
      usage: {
        prompt_tokens: 5,
        completion_tokens: 1,
        total_tokens: 6,
        prompt_tokens_details: { cached_tokens: 10 },
        completion_tokens_details: { reasoning_tokens: 2 },
      },
    },
  ],
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
    ...Object.entries(detectorStreams).map(([name, events]) => ({
      name,
      document: { kind: "stream" as const, events },
    })),
    ...Object.entries(errorDetectorStreams).map(([name, events]) => ({
      name,
      document: { kind: "stream" as const, events },
    })),
  ];
}
