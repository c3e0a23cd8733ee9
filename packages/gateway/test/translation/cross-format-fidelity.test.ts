import { accumulate, createConversionContext, transformAll } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { MessagesResponse, messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";

/** A messages stream of programmatic tool calling: the calls arrive inside message_start. */
const programmaticToolCalls = [
  {
    type: "message_start",
    message: {
      id: "msg_P1",
      type: "message",
      role: "assistant",
      model: "m",
      content: [
        {
          type: "server_tool_use",
          id: "srvtoolu_01",
          name: "code_execution",
          input: { code: "get_weather('Paris')" },
        },
        {
          type: "tool_use",
          id: "toolu_01",
          name: "get_weather",
          input: { city: "Paris" },
          caller: { type: "code_execution_20250825", tool_id: "srvtoolu_01" },
        },
      ],
      stop_reason: "tool_use",
      stop_sequence: null,
      usage: { input_tokens: 40, output_tokens: 12 },
    },
  },
  { type: "message_stop" },
];

/** A generate-content answer whose model turn holds a server-side function call and its response. */
const serverSideFunctionResponse = {
  candidates: [
    {
      content: {
        role: "model",
        parts: [
          { functionCall: { id: "fc1", name: "lookup", args: { q: "Paris" } } },
          { functionResponse: { id: "fc1", name: "lookup", response: { output: "20 C" } } },
          { text: "It is 20 C." },
        ],
      },
      finishReason: "STOP",
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 5, candidatesTokenCount: 7, totalTokenCount: 12 },
  modelVersion: "gemini-test",
  responseId: "r1",
};

describe("recorded shapes across formats", () => {
  it.each([
    ["responses", responsesCodec],
    ["generate-content", generateContentCodec],
    ["messages", messagesCodec],
  ] as const)(
    "tool calls inside message_start reach a %s client, finishing as tool calls",
    async (_name, target) => {
      const events = await transformAll(
        structuredClone(programmaticToolCalls),
        messagesCodec.createStreamDecoder(createConversionContext()),
      );
      const wire = await transformAll(events, target.createStreamEncoder(createConversionContext()));
      const back = await accumulate(
        await transformAll(wire, target.createStreamDecoder(createConversionContext())),
      );
      expect(back.parts).toContainEqual(expect.objectContaining({ type: "tool-call", name: "get_weather" }));
      expect(back.finishReason.reason).toBe("tool_calls");
    },
  );

  it("a server-side functionResponse never becomes a tool_result in a messages answer", () => {
    const response = generateContentCodec.decodeResponse(
      structuredClone(serverSideFunctionResponse),
      createConversionContext(),
    );
    const context = createConversionContext();
    const body = messagesCodec.encodeResponse(response, context);
    expect(MessagesResponse.safeParse(body).success).toBe(true);
    expect(JSON.stringify(body)).not.toContain("tool_result");
    expect(context.losses).toContainEqual(expect.objectContaining({ code: "unsupported", path: "/parts/1" }));
  });
});
