import { testCodec } from "@interlingua/core/test";
import { readFixtures, readRecordedStream, readRecording } from "../test/support/recordings";
import { chatCompletionsCodec, createChatCompletionsCodec } from "./chat-completions-codec";

const response = (name: string) => ({ name, wire: JSON.parse(readRecording(name)) as unknown });
const stream = async (name: string) => ({ name, events: await readRecordedStream(name) });

testCodec(chatCompletionsCodec, {
  requests: readFixtures("requests").map(({ name, value }) => ({ name, wire: value })),
  responses: [
    ...readFixtures("responses").map(({ name, value }) => ({ name, wire: value })),
    // Dialect answers decode and re-encode exactly in any dialect: the field they came in is kept.
    response("deepseek-reasoning-content.response.json"),
    response("openrouter-reasoning-details.response.json"),
    response("ollama-tool-call-stop.response.json"),
    response("vllm-repeated-tool-call-ids.response.json"),
  ],
  streams: readFixtures("streams").map(({ name, value }) => ({ name, events: value as unknown[] })),
  errors: [
    {
      name: "error-invalid-api-key.401.json",
      status: 401,
      body: JSON.parse(readRecording("error-invalid-api-key.401.json")),
    },
    {
      name: "error-context-length.400.json",
      status: 400,
      body: JSON.parse(readRecording("error-context-length.400.json")),
    },
  ],
});

// Streams in the `reasoning_content` dialect (DeepSeek, vLLM, llama.cpp), re-encoded in it.
testCodec(createChatCompletionsCodec({ dialect: "deepseek" }), {
  streams: await Promise.all([
    stream("deepseek-reasoning-content.chunks.jsonl"),
    stream("vllm-usage-every-chunk.chunks.jsonl"),
    stream("llama-cpp-usage-null-missing-tool-id.chunks.jsonl"),
  ]),
});

// Streams in the `reasoning` dialect (OpenRouter, Ollama), re-encoded in it.
testCodec(createChatCompletionsCodec({ dialect: "openrouter" }), {
  streams: await Promise.all([
    stream("openrouter-reasoning-details.chunks.jsonl"),
    stream("ollama-tool-calls-index-zero.chunks.jsonl"),
  ]),
});
