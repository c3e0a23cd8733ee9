import { chatCompletionsCodec, createChatCompletionsProvider } from "@interlingua/chat-completions";
import { codecBenchmarks } from "./codec-benchmarks";

/** A long agent conversation: function tools, tool calls, their results and reasoning, about 50 KB. */
function agentRequest(): unknown {
  const tools = Array.from({ length: 12 }, (_, index) => ({
    type: "function",
    function: {
      name: `tool_${index}`,
      description: `Does step ${index} of the job, with options described at length for the model.`,
      parameters: {
        type: "object",
        properties: {
          path: { type: "string", description: "File path" },
          limit: { type: "integer" },
          flags: { type: "array", items: { type: "string" } },
        },
        required: ["path", "limit", "flags"],
        additionalProperties: false,
      },
      strict: true,
    },
  }));
  const messages: unknown[] = [
    { role: "system", content: "You are a careful coding agent. Run the tests after every change." },
    { role: "user", content: "Refactor the project and run the tests." },
  ];
  for (let turn = 0; turn < 42; turn++) {
    messages.push(
      {
        role: "assistant",
        content: `Turn ${turn}: I will read module ${turn} and then update its tests accordingly.`,
        tool_calls: [
          {
            id: `call_${turn}`,
            type: "function",
            function: {
              name: `tool_${turn % 12}`,
              arguments: JSON.stringify({ path: `src/module_${turn}.ts`, limit: 200, flags: ["--read"] }),
            },
          },
        ],
      },
      {
        role: "tool",
        tool_call_id: `call_${turn}`,
        content: `export function module${turn}() {\n  return ${turn};\n}\n`.repeat(17),
      },
    );
  }
  return {
    model: "gpt-4.1",
    messages,
    tools,
    tool_choice: "auto",
    parallel_tool_calls: true,
    temperature: 0.2,
    max_completion_tokens: 8192,
    stream: true,
    stream_options: { include_usage: true },
  };
}

/** A streamed answer of 5,000 chunks: reasoning, answer text and a function call's argument deltas. */
function longStream(): unknown[] {
  const chunks: unknown[] = [];
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
    id: "chatcmpl-bench",
    object: "chat.completion.chunk",
    created: 1_761_000_000,
    model: "deepseek-reasoner",
    system_fingerprint: "fp_bench",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const perPart = Math.floor((5000 - 4) / 3);
  chunks.push(chunk({ role: "assistant", content: "" }));
  for (let index = 0; index < perPart; index++)
    chunks.push(chunk({ reasoning_content: `thought ${index} ` }));
  for (let index = 0; index < perPart; index++) chunks.push(chunk({ content: `word${index} ` }));
  chunks.push(
    chunk({
      tool_calls: [
        { index: 0, id: "call_bench", type: "function", function: { name: "write_file", arguments: "" } },
      ],
    }),
  );
  const argumentDeltas = 5000 - chunks.length - 2;
  for (let index = 0; index < argumentDeltas; index++)
    chunks.push(
      chunk({ tool_calls: [{ index: 0, function: { arguments: index === 0 ? '{"text":"' : "abc " } }] }),
    );
  chunks.push(chunk({}, "tool_calls"));
  chunks.push({
    ...chunk({}),
    choices: [],
    usage: {
      prompt_tokens: 4900,
      completion_tokens: 4000,
      total_tokens: 8900,
      prompt_tokens_details: { cached_tokens: 4000 },
      completion_tokens_details: { reasoning_tokens: 1600 },
    },
  });
  return chunks;
}

/** The chat-completions codec benchmarks (issue 17). See {@link codecBenchmarks} for what each row measures. */
export const benchmarks = codecBenchmarks({
  codec: chatCompletionsCodec,
  createProvider: (fetch) =>
    createChatCompletionsProvider({ baseURL: "http://upstream.invalid", apiKey: "bench", fetch }),
  request: agentRequest(),
  stream: longStream(),
  unit: "chunk",
});
