import { createInteractionsProvider, interactionsCodec } from "@interlingua/interactions";
import { codecBenchmarks } from "./codec-benchmarks";

/** A long agent conversation as steps: thoughts, function calls, their results and output, about 50 KB. */
function agentRequest(): unknown {
  const tools = Array.from({ length: 12 }, (_, index) => ({
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
    },
  }));
  const input: unknown[] = [
    { type: "user_input", content: [{ type: "text", text: "Refactor the project and run the tests." }] },
  ];
  for (let turn = 0; turn < 40; turn++) {
    input.push(
      {
        type: "thought",
        signature: `c2lnbmF0dXJlLW9mLXR1cm4t${turn}`.padEnd(120, "A"),
        summary: [{ type: "text", text: `Module ${turn} comes next; its tests must still pass.` }],
      },
      {
        type: "model_output",
        content: [
          { type: "text", text: `Turn ${turn}: I will read module ${turn} and then update its tests.` },
        ],
      },
      {
        type: "function_call",
        id: `call_${turn}`,
        name: `tool_${turn % 12}`,
        arguments: { path: `src/module_${turn}.ts`, limit: 200, flags: ["--read"] },
      },
      {
        type: "function_result",
        call_id: `call_${turn}`,
        name: `tool_${turn % 12}`,
        result: `export function module${turn}() {\n  return ${turn};\n}\n`.repeat(16),
      },
    );
  }
  return {
    model: "gemini-3-flash-preview",
    input,
    system_instruction: "You are a careful coding agent. Run the tests after every change.",
    tools,
    generation_config: {
      temperature: 0.2,
      max_output_tokens: 8192,
      thinking_level: "high",
      tool_choice: "auto",
    },
    store: false,
    stream: true,
  };
}

/** A streamed answer of 5,000 events: a thought's summary, answer text and a function call's argument deltas. */
function longStream(): unknown[] {
  const events: Record<string, unknown>[] = [];
  const event = (fields: Record<string, unknown>) =>
    events.push({ ...fields, event_id: String(events.length + 1) });
  const delta = (index: number, data: Record<string, unknown>) =>
    event({ event_type: "step.delta", index, delta: data });
  event({
    event_type: "interaction.created",
    interaction: {
      id: "v1_bench",
      model: "gemini-3-flash-preview",
      status: "in_progress",
      object: "interaction",
    },
  });
  const perPart = Math.floor((5000 - 10) / 3);
  event({ event_type: "step.start", index: 0, step: { type: "thought" } });
  for (let index = 0; index < perPart; index++)
    delta(0, { type: "thought_summary", content: { type: "text", text: `thought ${index} ` } });
  delta(0, { type: "thought_signature", signature: "c2lnbmF0dXJl".repeat(10) });
  event({ event_type: "step.stop", index: 0 });
  event({ event_type: "step.start", index: 1, step: { type: "model_output" } });
  for (let index = 0; index < perPart; index++) delta(1, { type: "text", text: `word${index} ` });
  event({ event_type: "step.stop", index: 1 });
  event({
    event_type: "step.start",
    index: 2,
    step: { type: "function_call", id: "call_bench", name: "write_file", arguments: {} },
  });
  const argumentDeltas = 5000 - events.length - 2;
  for (let index = 0; index < argumentDeltas; index++)
    delta(2, {
      type: "arguments_delta",
      arguments: index === 0 ? '{"text":"' : index === argumentDeltas - 1 ? '"}' : "abc ",
    });
  event({ event_type: "step.stop", index: 2 });
  event({
    event_type: "interaction.completed",
    interaction: {
      id: "v1_bench",
      model: "gemini-3-flash-preview",
      status: "requires_action",
      object: "interaction",
      usage: {
        total_input_tokens: 4900,
        total_cached_tokens: 4000,
        total_output_tokens: 2400,
        total_thought_tokens: 1600,
        total_tokens: 8900,
      },
    },
  });
  return events;
}

/** The interactions codec benchmarks (issue 23). See {@link codecBenchmarks} for what each row measures. */
export const benchmarks = codecBenchmarks({
  codec: interactionsCodec,
  createProvider: (fetch) =>
    createInteractionsProvider({ baseURL: "http://upstream.invalid", apiKey: "bench", fetch }),
  request: agentRequest(),
  stream: longStream(),
  unit: "event",
});
