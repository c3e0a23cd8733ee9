import { createResponsesProvider, responsesCodec } from "@interlingua/responses";
import { codecBenchmarks } from "./codec-benchmarks";

/** A long agent conversation: tools, reasoning items, function calls and their outputs, about 50 KB. */
function agentRequest(): unknown {
  const tools: unknown[] = Array.from({ length: 12 }, (_, index) => ({
    type: "function",
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
  }));
  tools.push(
    { type: "file_search", vector_store_ids: ["vs_bench"], max_num_results: 8 },
    { type: "web_search_preview", search_context_size: "low" },
  );
  const input: unknown[] = [
    { role: "user", content: [{ type: "input_text", text: "Refactor the project and run the tests." }] },
  ];
  for (let turn = 0; turn < 42; turn++) {
    input.push(
      {
        type: "reasoning",
        id: `rs_${turn}`,
        summary: [{ type: "summary_text", text: `Turn ${turn}: next I should look at module ${turn}.` }],
        encrypted_content: "gAAAAABpPMlcH0HHEv5_ozHwP5Gx".repeat(4),
      },
      {
        type: "message",
        id: `msg_${turn}`,
        status: "completed",
        role: "assistant",
        content: [{ type: "output_text", text: `Looking at module ${turn} now.`, annotations: [] }],
      },
      {
        type: "function_call",
        id: `fc_${turn}`,
        call_id: `call_${turn}`,
        name: `tool_${turn % 12}`,
        arguments: JSON.stringify({ path: `src/module-${turn}.ts`, limit: 200, flags: ["-n", "--color"] }),
        status: "completed",
      },
      {
        type: "function_call_output",
        call_id: `call_${turn}`,
        output: `export function module${turn}() {\n  return compute(${turn}) + helper("${"x".repeat(400)}");\n}\n`,
      },
    );
  }
  return {
    model: "gpt-5",
    instructions: "You are a careful coding agent.",
    max_output_tokens: 8192,
    reasoning: { effort: "medium", summary: "auto" },
    include: ["reasoning.encrypted_content"],
    store: false,
    tools,
    input,
  };
}

/** The settings every lifecycle event's response object echoes. */
const echoedSettings = {
  object: "response",
  created_at: 1760000000,
  error: null,
  incomplete_details: null,
  instructions: null,
  max_output_tokens: null,
  model: "gpt-5",
  parallel_tool_calls: true,
  previous_response_id: null,
  reasoning: { effort: "medium", summary: "auto" },
  store: true,
  temperature: 1,
  text: { format: { type: "text" } },
  tool_choice: "auto",
  tools: [],
  top_p: 1,
  truncation: "disabled",
  user: null,
  metadata: {},
};

/** A streamed answer of 5,000 events: reasoning summary, text and function-call argument deltas. */
function longStream(): unknown[] {
  const events: Record<string, unknown>[] = [];
  const push = (event: Record<string, unknown>) => events.push({ ...event, sequence_number: events.length });
  const inProgress = { id: "resp_bench", ...echoedSettings, status: "in_progress", output: [], usage: null };
  push({ type: "response.created", response: inProgress });
  push({ type: "response.in_progress", response: inProgress });
  const perItem = Math.floor((5000 - 17) / 3);
  const output: unknown[] = [];

  const reasoningIds = { item_id: "rs_bench", output_index: 0 };
  push({
    type: "response.output_item.added",
    output_index: 0,
    item: { id: "rs_bench", type: "reasoning", summary: [] },
  });
  push({
    type: "response.reasoning_summary_part.added",
    ...reasoningIds,
    summary_index: 0,
    part: { type: "summary_text", text: "" },
  });
  let summary = "";
  for (let i = 0; i < perItem; i++) {
    const delta = `step ${i} `;
    summary += delta;
    push({ type: "response.reasoning_summary_text.delta", ...reasoningIds, summary_index: 0, delta });
  }
  push({ type: "response.reasoning_summary_text.done", ...reasoningIds, summary_index: 0, text: summary });
  push({
    type: "response.reasoning_summary_part.done",
    ...reasoningIds,
    summary_index: 0,
    part: { type: "summary_text", text: summary },
  });
  const reasoning = { id: "rs_bench", type: "reasoning", summary: [{ type: "summary_text", text: summary }] };
  output.push(reasoning);
  push({ type: "response.output_item.done", output_index: 0, item: reasoning });

  const textIds = { item_id: "msg_bench", output_index: 1, content_index: 0 };
  const emptyMessage = {
    id: "msg_bench",
    type: "message",
    status: "in_progress",
    content: [],
    role: "assistant",
  };
  push({ type: "response.output_item.added", output_index: 1, item: emptyMessage });
  push({
    type: "response.content_part.added",
    ...textIds,
    part: { type: "output_text", annotations: [], logprobs: [], text: "" },
  });
  let text = "";
  for (let i = 0; i < perItem; i++) {
    const delta = `word${i} `;
    text += delta;
    push({ type: "response.output_text.delta", ...textIds, delta, logprobs: [] });
  }
  const content = { type: "output_text", annotations: [], logprobs: [], text };
  push({ type: "response.output_text.done", ...textIds, text, logprobs: [] });
  push({ type: "response.content_part.done", ...textIds, part: content });
  const message = { ...emptyMessage, status: "completed", content: [content] };
  output.push(message);
  push({ type: "response.output_item.done", output_index: 1, item: message });

  const callIds = { item_id: "fc_bench", output_index: 2 };
  const call = {
    id: "fc_bench",
    type: "function_call",
    status: "in_progress",
    arguments: "",
    call_id: "call_bench",
    name: "write_file",
  };
  push({ type: "response.output_item.added", output_index: 2, item: call });
  let argumentsText = "";
  const callDeltas = 5000 - events.length - 3;
  for (let i = 0; i < callDeltas; i++) {
    const delta = i === 0 ? '{"text":"' : i === callDeltas - 1 ? '"}' : "abc ";
    argumentsText += delta;
    push({ type: "response.function_call_arguments.delta", ...callIds, delta });
  }
  push({
    type: "response.function_call_arguments.done",
    ...callIds,
    name: "write_file",
    arguments: argumentsText,
  });
  const doneCall = { ...call, status: "completed", arguments: argumentsText };
  output.push(doneCall);
  push({ type: "response.output_item.done", output_index: 2, item: doneCall });
  push({
    type: "response.completed",
    response: {
      id: "resp_bench",
      ...echoedSettings,
      status: "completed",
      output,
      usage: {
        input_tokens: 4900,
        input_tokens_details: { cached_tokens: 4000 },
        output_tokens: 4000,
        output_tokens_details: { reasoning_tokens: 1600 },
        total_tokens: 8900,
      },
    },
  });
  return events;
}

/** The responses codec benchmarks (issue 5). See {@link codecBenchmarks} for what each row measures. */
export const benchmarks = codecBenchmarks({
  codec: responsesCodec,
  createProvider: (fetch) =>
    createResponsesProvider({ baseURL: "http://upstream.invalid", apiKey: "bench", fetch }),
  request: agentRequest(),
  stream: longStream(),
  unit: "event",
});
