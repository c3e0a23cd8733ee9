import { type ChatEvent, createConversionContext, transformAll } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { responsesCodec } from "../responses-codec";

describe("obfuscation padding a responses caller asks for", () => {
  const events: ChatEvent[] = [
    { type: "response-start", id: "r1", model: "m" },
    { type: "part-start", index: 0, kind: "text" },
    { type: "text-delta", index: 0, text: "Hello" },
    { type: "text-delta", index: 0, text: ", a longer piece of the answer" },
    { type: "part-end", index: 0, part: { type: "text", text: "Hello, a longer piece of the answer" } },
    { type: "response-end", finishReason: { reason: "stop" } },
  ];
  const encoded = async (streamOptions: Record<string, unknown> | undefined) => {
    const context = createConversionContext();
    context.request = {
      model: "m",
      messages: [],
      stream: true,
      ...(streamOptions && { extensions: { responses: { stream_options: streamOptions } } }),
    };
    return (await transformAll(events, responsesCodec.createStreamEncoder(context))) as Record<
      string,
      unknown
    >[];
  };

  it("goes on each delta event, rounding its delta up to 16 characters, and on no other", async () => {
    const stream = await encoded({ include_obfuscation: true });
    const deltas = stream.filter((event) => String(event.type).endsWith(".delta"));
    expect(deltas).toHaveLength(2);
    for (const event of deltas) {
      expect(event.obfuscation).toMatch(/^[A-Za-z0-9]{1,16}$/);
      expect((String(event.delta).length + String(event.obfuscation).length) % 16).toBe(0);
    }
    expect(stream.filter((event) => "obfuscation" in event)).toHaveLength(2);
  });

  it("is left out when the caller turned it off, or did not ask", async () => {
    for (const options of [{ include_obfuscation: false }, undefined]) {
      const stream = await encoded(options);
      expect(stream.some((event) => "obfuscation" in event)).toBe(false);
    }
  });
});
