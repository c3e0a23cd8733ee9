import { createMessagesProvider, messagesCodec } from "@interlingua/messages";
import { codecBenchmarks } from "./codec-benchmarks";

/** A long agent conversation: tools, tool calls, tool results and thinking, about 50 KB. */
function agentRequest(): unknown {
  const tools = Array.from({ length: 12 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Does step ${index} of the job, with options described at length for the model.`,
    input_schema: {
      type: "object",
      properties: {
        path: { type: "string", description: "File path" },
        limit: { type: "integer" },
        flags: { type: "array", items: { type: "string" } },
      },
      required: ["path"],
    },
  }));
  const messages: unknown[] = [
    { role: "user", content: "Refactor the project and run the tests until they pass." },
  ];
  for (let turn = 0; turn < 60; turn++) {
    messages.push({
      role: "assistant",
      content: [
        {
          type: "thinking",
          thinking: `Turn ${turn}: next I should look at module ${turn}.`,
          signature: "EqQBCkYIBxgCKkBs".repeat(4),
        },
        { type: "text", text: `Looking at module ${turn} now.` },
        {
          type: "tool_use",
          id: `toolu_${turn}`,
          name: `tool_${turn % 12}`,
          input: { path: `src/module-${turn}.ts`, limit: 200, flags: ["-n", "--color"] },
        },
      ],
    });
    messages.push({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: `toolu_${turn}`,
          content: `export function module${turn}() {\n  return compute(${turn}) + helper("${"x".repeat(400)}");\n}\n`,
        },
      ],
    });
  }
  return {
    model: "claude-sonnet-4-5",
    max_tokens: 8192,
    system: [{ type: "text", text: "You are a careful coding agent.", cache_control: { type: "ephemeral" } }],
    thinking: { type: "enabled", budget_tokens: 4096 },
    tools,
    messages,
  };
}

/** A streamed answer of 5,000 events: thinking, text and tool input deltas. */
function longStream(): unknown[] {
  const events: unknown[] = [
    {
      type: "message_start",
      message: {
        id: "msg_bench",
        type: "message",
        role: "assistant",
        model: "m",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 900, cache_read_input_tokens: 4000, output_tokens: 1 },
      },
    },
  ];
  const blocks = [
    {
      start: { type: "thinking", thinking: "", signature: "" },
      delta: (i: number) => ({ type: "thinking_delta", thinking: `step ${i} ` }),
    },
    { start: { type: "text", text: "" }, delta: (i: number) => ({ type: "text_delta", text: `word${i} ` }) },
    {
      start: { type: "tool_use", id: "toolu_bench", name: "write_file", input: {} },
      delta: (i: number) => ({ type: "input_json_delta", partial_json: i === 0 ? '{"text": "' : "abc " }),
    },
  ];
  const perBlock = Math.floor((5000 - 8) / 3) - 2;
  blocks.forEach((block, index) => {
    events.push({ type: "content_block_start", index, content_block: block.start });
    for (let i = 0; i < perBlock; i++)
      events.push({ type: "content_block_delta", index, delta: block.delta(i) });
    if (index === 0)
      events.push({
        type: "content_block_delta",
        index,
        delta: { type: "signature_delta", signature: "EqQBsig" },
      });
    if (index === 2)
      events.push({
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: '"}' },
      });
    events.push({ type: "content_block_stop", index });
  });
  while (events.length < 4998) events.push({ type: "ping" });
  events.push({
    type: "message_delta",
    delta: { stop_reason: "tool_use", stop_sequence: null },
    usage: { output_tokens: 4000 },
  });
  events.push({ type: "message_stop" });
  return events;
}

/** The messages codec benchmarks (issue 3), with the upstream body also read in 16 KB chunks. See {@link codecBenchmarks} for what each row measures. */
export const benchmarks = codecBenchmarks({
  codec: messagesCodec,
  createProvider: (fetch) =>
    createMessagesProvider({ baseURL: "http://upstream.invalid", apiKey: "bench", fetch }),
  request: agentRequest(),
  stream: longStream(),
  unit: "event",
  coalescedRow: true,
});
