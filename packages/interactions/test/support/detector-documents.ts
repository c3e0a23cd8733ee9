import type { NamedDetectorDocument } from "@interlingua/core/test";
import { readFixtures } from "./fixtures";

/** This package's fixtures as loss-detector documents. */
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
    // Not a fixture file: the schema compiled from the @google/genai types lets only `{}` through
    // as an object result, which the spec (`result: object | string | content[]`) does not limit.
    { name: "object function result", document: { kind: "request" as const, wire: objectFunctionResult } },
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
