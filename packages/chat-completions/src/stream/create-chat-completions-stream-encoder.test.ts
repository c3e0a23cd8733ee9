import { type ChatEvent, createConversionContext, transformAll } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../chat-completions-codec";

describe("a streamed answer's signatures from another format", () => {
  it("are reported dropped on text and tool calls, which chat-completions chunks cannot carry", async () => {
    const signature = { format: "generate-content", data: "c2ln" };
    const events: ChatEvent[] = [
      { type: "response-start", id: "r1", model: "m" },
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "Hi" },
      { type: "part-end", index: 0, part: { type: "text", text: "Hi", signature } },
      { type: "part-start", index: 1, kind: "tool-call", id: "call_1", name: "f" },
      {
        type: "part-end",
        index: 1,
        part: { type: "tool-call", id: "call_1", name: "f", arguments: {}, signature },
      },
      { type: "response-end", finishReason: { reason: "tool_calls" } },
    ];
    const context = createConversionContext();
    await transformAll(events, chatCompletionsCodec.createStreamEncoder(context));
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual([
      "dropped /parts/0/signature",
      "dropped /parts/1/signature",
    ]);
  });
});

describe("obfuscation padding a chat-completions caller asks for", () => {
  const events: ChatEvent[] = [
    { type: "response-start", id: "r1", model: "m" },
    { type: "part-start", index: 0, kind: "text" },
    { type: "text-delta", index: 0, text: "Hello" },
    { type: "text-delta", index: 0, text: ", a longer piece of the answer" },
    { type: "part-end", index: 0, part: { type: "text", text: "Hello, a longer piece of the answer" } },
    { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 1, outputTokens: 2 } },
  ];
  const encoded = async (streamOptions: Record<string, unknown> | undefined) => {
    const context = createConversionContext();
    context.request = {
      model: "m",
      messages: [],
      stream: true,
      ...(streamOptions && { extensions: { "chat-completions": { stream_options: streamOptions } } }),
    };
    const chunks = await transformAll(events, chatCompletionsCodec.createStreamEncoder(context));
    return { chunks: chunks as Record<string, unknown>[], losses: context.losses };
  };

  it("is added to every chunk, letters and digits rounding the choices up to 16 characters", async () => {
    const { chunks, losses } = await encoded({ include_obfuscation: true, include_usage: true });
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.obfuscation).toMatch(/^[A-Za-z0-9]{1,16}$/);
      const size = JSON.stringify(chunk.choices).length + String(chunk.obfuscation).length;
      expect(size % 16).toBe(0);
    }
    expect(losses).toEqual([]);
  });

  it("is random, so two streams of one answer differ in it", async () => {
    const first = (await encoded({ include_obfuscation: true })).chunks.map((chunk) => chunk.obfuscation);
    const second = (await encoded({ include_obfuscation: true })).chunks.map((chunk) => chunk.obfuscation);
    expect(first).not.toEqual(second);
  });

  it("is left out when the caller turned it off, or did not ask", async () => {
    for (const options of [{ include_obfuscation: false }, { include_usage: true }, undefined]) {
      const { chunks } = await encoded(options);
      expect(chunks.some((chunk) => "obfuscation" in chunk)).toBe(false);
    }
  });
});
