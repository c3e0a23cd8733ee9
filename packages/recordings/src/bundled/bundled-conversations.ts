import type { ChatRequest, ChatResponse, FunctionTool } from "@interlingua/core";
import type { CanonicalExchangeInput } from "../canonical/encode-exchange";

const model = "interlingua-replay";

const weatherTool: FunctionTool = {
  type: "function",
  name: "get_weather",
  description: "The current weather in a city.",
  inputSchema: {
    type: "object",
    properties: { city: { type: "string", description: "City name" } },
    required: ["city"],
  },
};

/** A 1×1 red PNG, the image the bundled image exchange asks about. */
export const bundledImageBase64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

function answer(
  id: string,
  parts: ChatResponse["parts"],
  reason: ChatResponse["finishReason"]["reason"],
): ChatResponse {
  return {
    id,
    model,
    parts,
    finishReason: { reason },
    usage: { inputTokens: 20, outputTokens: 30, totalTokens: 50 },
    status: "completed",
  };
}

const weatherQuestion: ChatRequest["messages"][number] = {
  role: "user",
  parts: [{ type: "text", text: "What is the weather in Paris?" }],
};
const weatherCall: ChatRequest["messages"][number] = {
  role: "assistant",
  parts: [{ type: "tool-call", id: "call_weather_paris", name: "get_weather", arguments: { city: "Paris" } }],
};

/**
 * The conversations bundled with the package for `interlingua serve` with no provider configured:
 * text, a tool call and its follow-up turn, reasoning, and an image question. Each is recorded in
 * every format by `scripts/make-bundled-recordings.ts`.
 */
export const bundledConversations: readonly CanonicalExchangeInput[] = [
  {
    id: "text",
    request: {
      model,
      stream: true,
      maxOutputTokens: 1024,
      messages: [{ role: "user", parts: [{ type: "text", text: "Hello!" }] }],
    },
    response: answer(
      "resp_bundled_text",
      [
        {
          type: "text",
          text: "Hello! This answer comes from a recording: interlingua is serving its bundled recordings because no provider key is configured.",
        },
      ],
      "stop",
    ),
  },
  {
    id: "tools",
    request: {
      model,
      stream: true,
      maxOutputTokens: 1024,
      tools: [weatherTool],
      messages: [weatherQuestion],
    },
    response: answer(
      "resp_bundled_tool_call",
      [{ type: "tool-call", id: "call_weather_paris", name: "get_weather", arguments: { city: "Paris" } }],
      "tool_calls",
    ),
  },
  {
    id: "tools-follow-up",
    request: {
      model,
      maxOutputTokens: 1024,
      tools: [weatherTool],
      messages: [
        weatherQuestion,
        weatherCall,
        {
          role: "tool",
          parts: [
            {
              type: "tool-result",
              callId: "call_weather_paris",
              name: "get_weather",
              content: [{ type: "text", text: '{"temperature_c":18,"condition":"sunny"}' }],
            },
          ],
        },
      ],
    },
    response: answer(
      "resp_bundled_tool_answer",
      [{ type: "text", text: "It is sunny and 18 °C in Paris." }],
      "stop",
    ),
  },
  {
    id: "reasoning",
    request: {
      model,
      stream: true,
      reasoning: { enabled: true, budgetTokens: 1024, includeThoughts: true },
      maxOutputTokens: 2048,
      messages: [{ role: "user", parts: [{ type: "text", text: "How many r's are in strawberry?" }] }],
    },
    response: answer(
      "resp_bundled_reasoning",
      [
        {
          type: "reasoning",
          text: "Spell it out: s-t-r-a-w-b-e-r-r-y. The r's are at positions 3, 8 and 9.",
        },
        { type: "text", text: "There are 3 r's in strawberry." },
      ],
      "stop",
    ),
  },
  {
    id: "image",
    request: {
      model,
      maxOutputTokens: 1024,
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "What is in this image?" },
            {
              type: "media",
              kind: "image",
              mediaType: "image/png",
              source: { type: "base64", data: bundledImageBase64 },
            },
          ],
        },
      ],
    },
    response: answer("resp_bundled_image", [{ type: "text", text: "A single red pixel." }], "stop"),
  },
];
