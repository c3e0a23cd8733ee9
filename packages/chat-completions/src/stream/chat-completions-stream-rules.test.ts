import {
  accumulate,
  collect,
  createConversionContext,
  decodeJsonEventStream,
  findEventSequenceProblems,
  readableFrom,
  transformAll,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { readRecordedStream, readRecording } from "../../test/support/recordings";
import { chatCompletionsErrorFromWire } from "../errors/chat-completions-error-from-wire";
import { createChatCompletionsStreamDecoder } from "./create-chat-completions-stream-decoder";

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1,
  model: "m",
  choices: [{ index: 0, delta, finish_reason: finish }],
});

async function decodeSse(text: string) {
  const events = await collect(decodeJsonEventStream(readableFrom([new TextEncoder().encode(text)])));
  return transformAll(events, createChatCompletionsStreamDecoder(createConversionContext()));
}

describe("the chat-completions stream decoder", () => {
  it("ends at data: [DONE], after the usage-only chunk", async () => {
    const body = [
      chunk({ role: "assistant", content: "Hi" }),
      chunk({}, "stop"),
      { ...chunk({}), choices: [], usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 } },
    ]
      .map((event) => `data: ${JSON.stringify(event)}\n\n`)
      .join("");
    const events = await decodeSse(`${body}data: [DONE]\n\n`);
    expect(findEventSequenceProblems(events)).toEqual([]);
    expect(events.at(-1)).toMatchObject({ type: "response-end", usage: { inputTokens: 3, outputTokens: 1 } });
  });

  it("ends a stream cut before its finish_reason with an error, not a fake success", async () => {
    const events = await decodeSse(`data: ${JSON.stringify(chunk({ content: "Hal" }))}\n\n`);
    expect(findEventSequenceProblems(events)).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      type: "error",
      error: { kind: "unavailable", code: "stream_incomplete" },
    });
  });

  it("ends with an error on malformed data and on a mid-stream error chunk", async () => {
    expect((await decodeSse("data: {not json\n\n")).at(-1)).toMatchObject({
      type: "error",
      error: { kind: "unavailable" },
    });
    const failed = await decodeSse(
      `data: ${JSON.stringify(chunk({ content: "a" }))}\n\ndata: ${JSON.stringify({ error: { message: "Rate limit reached", type: "requests", param: null, code: "rate_limit_exceeded" } })}\n\n`,
    );
    expect(failed.at(-1)).toMatchObject({
      type: "error",
      error: { kind: "rate_limit", message: "Rate limit reached" },
    });
  });

  it("reads Ollama's calls that share index 0 as two calls, and its stop as a tool-call finish", async () => {
    const events = await transformAll(
      await readRecordedStream("ollama-tool-calls-index-zero.chunks.jsonl"),
      createChatCompletionsStreamDecoder(createConversionContext()),
    );
    const response = await accumulate(events);
    expect(response.parts.map((part) => part.type)).toEqual(["reasoning", "tool-call", "tool-call"]);
    expect(response.parts.slice(1)).toMatchObject([
      { id: "call_k2j4h1ab", arguments: { city: "Paris" } },
      { id: "call_p9x7m3cd", arguments: { city: "Lyon" } },
    ]);
    expect(response.finishReason).toEqual({ reason: "tool_calls", raw: "stop" });
  });

  it("gives a call without an id one made from the answer's id, and takes usage from every chunk (the last wins)", async () => {
    const context = createConversionContext();
    const llama = await accumulate(
      await transformAll(
        await readRecordedStream("llama-cpp-usage-null-missing-tool-id.chunks.jsonl"),
        createChatCompletionsStreamDecoder(context),
      ),
    );
    expect(llama.parts[1]).toMatchObject({
      type: "tool-call",
      id: "call_chatcmpl-Xk2Lm9Qp4Rs7Tu1V_1",
      name: "get_time",
      arguments: { zone: "CET" },
    });
    const vllm = await transformAll(
      await readRecordedStream("vllm-usage-every-chunk.chunks.jsonl"),
      createChatCompletionsStreamDecoder(createConversionContext()),
    );
    expect(vllm.filter((event) => event.type === "usage")).toHaveLength(7);
    expect((await accumulate(vllm)).usage).toMatchObject({
      inputTokens: 12,
      outputTokens: 4,
      totalTokens: 16,
    });
  });

  it("reads OpenRouter's reasoning_details as this format's reasoning state", async () => {
    const response = await accumulate(
      await transformAll(
        await readRecordedStream("openrouter-reasoning-details.chunks.jsonl"),
        createChatCompletionsStreamDecoder(createConversionContext()),
      ),
    );
    const [reasoning] = response.parts;
    expect(reasoning).toMatchObject({
      type: "reasoning",
      text: "The user wants a haiku.",
      signature: { format: "chat-completions" },
    });
    expect(JSON.parse((reasoning as { signature: { data: string } }).signature.data)).toHaveLength(3);
    expect(response.usage).toMatchObject({ inputTokens: 42, outputTokens: 60, reasoningTokens: 38 });
  });
});

describe("chatCompletionsErrorFromWire", () => {
  it("reads vLLM's error body (numeric code, a type of its own) by its status", () => {
    const error = chatCompletionsErrorFromWire(
      400,
      JSON.parse(readRecording("error-vllm-bad-request.400.json")),
    );
    expect(error).toMatchObject({
      kind: "invalid_request",
      status: 400,
      message: "'temperature' must be non-negative",
      code: "400",
    });
  });
});
