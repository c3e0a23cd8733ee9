import { jsonObjectArbitrary } from "@interlingua/core/test";
import fc from "fast-check";
import {
  defaultResponsesModelFamilies,
  findResponsesModelFamily,
  responsesSamplingRules,
} from "../../src/request/responses-model-families";

/**
 * fast-check arbitraries for this format's wire documents, shaped by the seed's tables and the
 * vendor spec: request bodies with every input item, content, tool, tool_choice and setting; whole
 * response objects with every output item and end state. Optional fields are sometimes absent,
 * never `undefined`, so values compare equal after a JSON round trip.
 */

type Wire = Record<string, unknown>;

const text = fc.string({ maxLength: 24 });
const word = fc.stringMatching(/^[A-Za-z0-9_-]{1,16}$/);
const id = (prefix: string) => fc.stringMatching(/^[A-Za-z0-9]{6,20}$/).map((rest) => `${prefix}_${rest}`);
const count = fc.nat({ max: 100_000 });
const url = word.map((path) => `https://example.com/${path}`);
const base64 = fc.base64String({ minLength: 4, maxLength: 24 }).filter((value) => value.length > 0);
/** A record whose optional keys are sometimes absent. */
const record = <Shape extends Record<string, fc.Arbitrary<unknown>>>(
  shape: Shape,
  requiredKeys: (keyof Shape)[],
): fc.Arbitrary<Wire> => fc.record(shape, { requiredKeys: requiredKeys as never[] }) as fc.Arbitrary<Wire>;

const argumentsText = fc.oneof(
  jsonObjectArbitrary.map((value) => JSON.stringify(value)),
  jsonObjectArbitrary.map((value) => JSON.stringify(value, null, 1)),
  fc.constant('{"city": "Par'),
);

const annotation: fc.Arbitrary<Wire> = fc.oneof(
  fc.record({ type: fc.constant("url_citation"), url, title: text, start_index: count, end_index: count }),
  fc.record({ type: fc.constant("file_citation"), file_id: id("file"), filename: word, index: count }),
  fc.record({ type: fc.constant("file_path"), file_id: id("file"), index: count }),
);

const inputContent: fc.Arbitrary<Wire> = fc.oneof(
  fc.record({ type: fc.constant("input_text"), text }),
  record(
    {
      type: fc.constant("input_image"),
      detail: fc.constantFrom("low", "high", "auto"),
      image_url: fc.oneof(
        url,
        base64.map((data) => `data:image/png;base64,${data}`),
      ),
    },
    ["type", "image_url"],
  ),
  record(
    { type: fc.constant("input_image"), detail: fc.constantFrom("low", "high", "auto"), file_id: id("file") },
    ["type", "file_id"],
  ),
  record(
    {
      type: fc.constant("input_file"),
      filename: word,
      file_data: base64.map((data) => `data:application/pdf;base64,${data}`),
    },
    ["type", "file_data"],
  ),
  fc.record({ type: fc.constant("input_file"), file_id: id("file") }),
);

const outputText = (withLogprobs: boolean): fc.Arbitrary<Wire> =>
  fc
    .record({ type: fc.constant("output_text"), text, annotations: fc.array(annotation, { maxLength: 3 }) })
    .map((content) => (withLogprobs ? { ...content, logprobs: [] } : content));
const refusal = fc.record({ type: fc.constant("refusal"), refusal: text });

/** An output message's content: text and refusal parts in any order. */
const outputContent = fc.array(fc.oneof(outputText(true), refusal), { minLength: 1, maxLength: 3 });

const itemStatus = fc.constantFrom("in_progress", "completed", "incomplete");

const functionCall = (output: boolean) =>
  record(
    {
      type: fc.constant("function_call"),
      id: id("fc"),
      call_id: id("call"),
      name: word,
      arguments: argumentsText,
      status: itemStatus,
    },
    output
      ? ["type", "id", "call_id", "name", "arguments", "status"]
      : ["type", "call_id", "name", "arguments"],
  );

const reasoning = record(
  {
    type: fc.constant("reasoning"),
    id: id("rs"),
    summary: fc.array(fc.record({ type: fc.constant("summary_text"), text }), { maxLength: 3 }),
    encrypted_content: base64,
  },
  ["type", "id", "summary"],
);

const webSearchCall = fc.record({
  type: fc.constant("web_search_call"),
  id: id("ws"),
  status: fc.constant("completed"),
  action: fc.oneof(
    fc.record({ type: fc.constant("search"), query: text }),
    fc.record({ type: fc.constant("open_page"), url }),
    fc.record({ type: fc.constant("find_in_page"), url, pattern: text }),
  ),
});

const fileSearchCall = record(
  {
    type: fc.constant("file_search_call"),
    id: id("fs"),
    status: fc.constantFrom("in_progress", "searching", "completed", "incomplete", "failed"),
    queries: fc.array(text, { maxLength: 2 }),
    results: fc.option(
      fc.array(
        fc.record({ file_id: id("file"), filename: word, score: fc.constantFrom(0, 0.25, 0.5, 1), text }),
        {
          maxLength: 2,
        },
      ),
    ),
  },
  ["type", "id", "status", "queries"],
);

const computerAction = fc.oneof(
  fc.record({
    type: fc.constant("click"),
    button: fc.constantFrom("left", "right", "wheel"),
    x: count,
    y: count,
  }),
  fc.record({
    type: fc.constant("double_click"),
    x: count,
    y: count,
    keys: fc.option(fc.array(word, { maxLength: 2 })),
  }),
  fc.record({
    type: fc.constant("drag"),
    path: fc.array(fc.record({ x: count, y: count }), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ type: fc.constant("keypress"), keys: fc.array(word, { minLength: 1, maxLength: 3 }) }),
  fc.record({ type: fc.constant("move"), x: count, y: count }),
  fc.record({ type: fc.constant("screenshot") }),
  fc.record({ type: fc.constant("scroll"), x: count, y: count, scroll_x: count, scroll_y: count }),
  fc.record({ type: fc.constant("type"), text }),
  fc.record({ type: fc.constant("wait") }),
);

const computerCall = fc.record({
  type: fc.constant("computer_call"),
  id: id("cu"),
  call_id: id("call"),
  action: computerAction,
  pending_safety_checks: fc.array(fc.record({ id: id("cu_sc"), code: word, message: text }), {
    maxLength: 1,
  }),
  status: itemStatus,
});

const message = (role: string, content: fc.Arbitrary<Wire>) =>
  record(
    {
      type: fc.constant("message"),
      role: fc.constant(role),
      content: fc.oneof(text, fc.array(content, { minLength: 1, maxLength: 3 })),
    },
    ["role", "content"],
  );

const inputItem: fc.Arbitrary<Wire> = fc.oneof(
  message("user", inputContent),
  message("system", fc.record({ type: fc.constant("input_text"), text })),
  message("developer", fc.record({ type: fc.constant("input_text"), text })),
  record(
    {
      type: fc.constant("message"),
      id: id("msg"),
      status: fc.constant("completed"),
      role: fc.constant("assistant"),
      content: fc.array(fc.oneof(outputText(false), refusal), { minLength: 1, maxLength: 2 }),
    },
    ["type", "role", "content"],
  ),
  functionCall(false),
  fc.record({ type: fc.constant("function_call_output"), call_id: id("call"), output: text }),
  reasoning,
  webSearchCall,
  fileSearchCall,
  computerCall,
  record(
    {
      type: fc.constant("computer_call_output"),
      call_id: id("call"),
      output: fc.record({
        type: fc.constant("computer_screenshot"),
        image_url: base64.map((data) => `data:image/png;base64,${data}`),
      }),
      acknowledged_safety_checks: fc.array(fc.record({ id: id("cu_sc") }), { maxLength: 1 }),
    },
    ["type", "call_id", "output"],
  ),
  fc.record({ type: fc.constant("item_reference"), id: id("msg") }),
);

const functionTool = record(
  {
    type: fc.constant("function"),
    name: word,
    description: text,
    parameters: fc.constant({
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
      additionalProperties: false,
    }),
    strict: fc.boolean(),
  },
  ["type", "name", "parameters", "strict"],
);
const comparisonFilter = fc.record({
  type: fc.constantFrom("eq", "ne", "gt", "gte", "lt", "lte"),
  key: word,
  value: fc.oneof(word, count, fc.boolean()),
});
const tool: fc.Arbitrary<Wire> = fc.oneof(
  functionTool,
  record(
    {
      type: fc.constant("file_search"),
      vector_store_ids: fc.array(id("vs"), { minLength: 1, maxLength: 2 }),
      max_num_results: fc.integer({ min: 1, max: 50 }),
      ranking_options: record(
        {
          ranker: fc.constantFrom("auto", "default-2024-11-15"),
          score_threshold: fc.constantFrom(0, 0.5, 1),
        },
        [],
      ),
      filters: fc.oneof(
        comparisonFilter,
        fc.record({
          type: fc.constantFrom("and", "or"),
          filters: fc.array(comparisonFilter, { maxLength: 2 }),
        }),
      ),
    },
    ["type", "vector_store_ids"],
  ),
  record(
    {
      type: fc.constantFrom("web_search_preview", "web_search_preview_2025_03_11"),
      search_context_size: fc.constantFrom("low", "medium", "high"),
      user_location: record(
        {
          type: fc.constant("approximate"),
          city: word,
          country: fc.constantFrom("FR", "GB", "US"),
          region: word,
          timezone: fc.constantFrom("Europe/Paris", "America/New_York"),
        },
        ["type"],
      ),
    },
    ["type"],
  ),
  fc.record({
    type: fc.constant("computer_use_preview"),
    display_width: fc.integer({ min: 1, max: 4096 }),
    display_height: fc.integer({ min: 1, max: 4096 }),
    environment: fc.constantFrom("browser", "mac", "windows", "ubuntu"),
  }),
);

const toolChoice: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom("none", "auto", "required"),
  fc
    .constantFrom(
      "file_search",
      "web_search_preview",
      "web_search_preview_2025_03_11",
      "computer_use_preview",
    )
    .map((type) => ({ type })),
  word.map((name) => ({ type: "function", name })),
  fc.record({
    type: fc.constant("allowed_tools"),
    mode: fc.constantFrom("auto", "required"),
    tools: fc.array(
      word.map((name) => ({ type: "function", name })),
      { minLength: 1, maxLength: 2 },
    ),
  }),
);

const textFormat: fc.Arbitrary<Wire> = fc.oneof(
  fc.constant({ type: "text" }),
  fc.constant({ type: "json_object" }),
  record(
    {
      type: fc.constant("json_schema"),
      name: fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      schema: fc.constant({
        type: "object",
        properties: { days: { type: "integer" } },
        required: ["days"],
        additionalProperties: false,
      }),
      description: text,
      strict: fc.boolean(),
    },
    ["type", "name", "schema"],
  ),
);

/** An identifier within the API's 64 characters (`user`, `safety_identifier`, `prompt_cache_key`). */
const identifier = fc.stringMatching(/^[A-Za-z0-9_.-]{1,64}$/);

/**
 * A request without what the API refuses of its model: a model that does not reason takes no
 * `reasoning`; one that reasons takes `temperature` and `top_p` only at their default 1. (The
 * generated efforts, low to high, are ones every reasoning family takes.)
 */
function withoutRefusedSettings(generated: Wire): Wire {
  const wire = { ...generated };
  if (findResponsesModelFamily(wire.model as string, defaultResponsesModelFamilies)?.reasoning === false)
    delete wire.reasoning;
  if (responsesSamplingRules(wire.model as string, wire.reasoning, defaultResponsesModelFamilies).sampling)
    return wire;
  const { temperature, top_p, ...rest } = wire;
  if (temperature === 1) rest.temperature = temperature;
  if (top_p === 1) rest.top_p = top_p;
  return rest;
}

/** A `POST /v1/responses` body that follows every rule of the format. */
export const responsesWireRequestArbitrary: fc.Arbitrary<Wire> = record(
  {
    model: fc.oneof(word, fc.constantFrom("gpt-4.1", "gpt-5", "gpt-5.2", "gpt-5-chat-latest", "o3-mini")),
    input: fc.oneof(text, fc.array(inputItem, { minLength: 1, maxLength: 6 })),
    include: fc.uniqueArray(
      fc.constantFrom(
        "file_search_call.results",
        "message.input_image.image_url",
        "computer_call_output.output.image_url",
        "reasoning.encrypted_content",
      ),
      { maxLength: 2 },
    ),
    instructions: text,
    max_output_tokens: fc.integer({ min: 16, max: 100_000 }),
    metadata: fc.dictionary(fc.stringMatching(/^[a-z]{1,64}$/), fc.string({ maxLength: 512 }), {
      maxKeys: 16,
    }),
    parallel_tool_calls: fc.boolean(),
    previous_response_id: id("resp"),
    prompt_cache_key: identifier,
    reasoning: fc.oneof(
      record(
        {
          effort: fc.constantFrom("low", "medium", "high"),
          summary: fc.constantFrom("auto", "concise", "detailed"),
        },
        [],
      ),
      fc.record({ generate_summary: fc.constantFrom("auto", "concise", "detailed") }),
    ),
    safety_identifier: identifier,
    service_tier: fc.constantFrom("auto", "default", "flex", "scale", "priority", "fast", "ultrafast"),
    store: fc.boolean(),
    stream: fc.boolean(),
    temperature: fc.constantFrom(0, 0.2, 1, 1.5, 2),
    text: textFormat.map((format) => ({ format })),
    tool_choice: toolChoice,
    tools: fc.array(tool, { maxLength: 3 }),
    top_p: fc.constantFrom(0, 0.5, 1),
    truncation: fc.constantFrom("auto", "disabled"),
    user: identifier,
  },
  ["model", "input"],
).map(withoutRefusedSettings);

const outputItem: fc.Arbitrary<Wire> = fc.oneof(
  fc.record({
    type: fc.constant("message"),
    id: id("msg"),
    status: itemStatus,
    role: fc.constant("assistant"),
    content: outputContent,
  }),
  functionCall(true),
  reasoning,
  webSearchCall,
  fileSearchCall,
  computerCall,
);

const usage = fc.tuple(count, count, count, count).map(([input, cached, output, reasoningTokens]) => ({
  input_tokens: input + cached,
  input_tokens_details: { cached_tokens: cached },
  output_tokens: output + reasoningTokens,
  output_tokens_details: { reasoning_tokens: reasoningTokens },
  total_tokens: input + cached + output + reasoningTokens,
}));

const endState: fc.Arbitrary<Wire> = fc.oneof(
  fc.record({
    status: fc.constant("completed"),
    error: fc.constant(null),
    incomplete_details: fc.constant(null),
    usage,
  }),
  fc.record({
    status: fc.constant("incomplete"),
    error: fc.constant(null),
    incomplete_details: fc.record({ reason: fc.constantFrom("max_output_tokens", "content_filter") }),
    usage,
  }),
  fc.record({
    status: fc.constant("failed"),
    error: fc.record({
      code: fc.constantFrom("server_error", "rate_limit_exceeded", "invalid_prompt"),
      message: text,
    }),
    incomplete_details: fc.constant(null),
    usage: fc.constant(null),
  }),
);

/**
 * A whole response object as the service returns it: echoed settings, output items (each with its
 * own id), an end state.
 */
export const responsesWireResponseArbitrary: fc.Arbitrary<Wire> = fc
  .record({
    id: id("resp"),
    created_at: fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
    model: word,
    output: fc.uniqueArray(outputItem, { maxLength: 4, selector: (item) => item.id }),
    end: endState,
    settings: record(
      {
        instructions: fc.option(text),
        max_output_tokens: fc.option(fc.integer({ min: 16, max: 100_000 })),
        parallel_tool_calls: fc.boolean(),
        previous_response_id: fc.option(id("resp")),
        reasoning: fc.record({
          effort: fc.option(fc.constantFrom("low", "medium", "high")),
          summary: fc.option(fc.constantFrom("auto", "concise", "detailed")),
        }),
        service_tier: fc.constantFrom("auto", "default", "flex"),
        store: fc.boolean(),
        temperature: fc.constantFrom(0, 1, 2),
        text: textFormat.map((format) => ({ format })),
        tool_choice: toolChoice,
        tools: fc.array(tool, { maxLength: 2 }),
        top_p: fc.constantFrom(0, 1),
        truncation: fc.constantFrom("auto", "disabled"),
        user: fc.option(word),
        metadata: fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), word, { maxKeys: 3 }),
      },
      // The service always echoes every setting but `service_tier` (only when the request set it).
      [
        "instructions",
        "max_output_tokens",
        "parallel_tool_calls",
        "previous_response_id",
        "reasoning",
        "store",
        "temperature",
        "text",
        "tool_choice",
        "tools",
        "top_p",
        "truncation",
        "user",
        "metadata",
      ],
    ),
  })
  .map(({ id: responseId, created_at, model, output, end, settings }) => ({
    id: responseId,
    object: "response",
    created_at,
    status: end.status,
    error: end.error,
    incomplete_details: end.incomplete_details,
    ...settings,
    model,
    output,
    usage: end.usage,
  }));
