import { createConversionContext, transformAll } from "@interlingua/core";
import { messagesCodec } from "@interlingua/messages";
import { describe, expect, it } from "vitest";
import { createChatCompletionsStreamDecoder } from "./create-chat-completions-stream-decoder";
import { createChatCompletionsStreamEncoder } from "./create-chat-completions-stream-encoder";

const head = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1_761_000_000, model: "m" };
const timings = { prompt_n: 14, predicted_n: 31 };
// llama.cpp sends its timings in the last chunk only.
const chunks = [
  { ...head, choices: [{ index: 0, delta: { role: "assistant", content: "Hi" }, finish_reason: null }] },
  { ...head, choices: [{ index: 0, delta: {}, finish_reason: "stop" }], timings },
];

describe("a field only a later chunk says", () => {
  it("is the answer end's: sent again on the last chunk, and reported dropped at that chunk by another format", async () => {
    const context = createConversionContext();
    const events = await transformAll(structuredClone(chunks), createChatCompletionsStreamDecoder(context));
    expect(events.at(-1)).toMatchObject({
      type: "response-end",
      extensions: { "chat-completions": { later: { timings } } },
    });
    const again = await transformAll(events, createChatCompletionsStreamEncoder(context));
    expect(again.at(-1)).toMatchObject({ timings });
    expect(again.slice(0, -1).some((chunk) => "timings" in (chunk as object))).toBe(false);
    expect(context.losses).toEqual([]);

    const foreign = createConversionContext();
    const decoded = await transformAll(structuredClone(chunks), createChatCompletionsStreamDecoder(foreign));
    await transformAll(decoded, messagesCodec.createStreamEncoder(foreign));
    expect(foreign.losses).toContainEqual(expect.objectContaining({ code: "dropped", path: "/1/timings" }));
  });
});
