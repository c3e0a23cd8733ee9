import fc from "fast-check";

const text = fc.string({ maxLength: 12 });
const id = fc.stringMatching(/^[a-z]{1,4}_[0-9]{1,3}$/);
const base64 = fc.constantFrom("iVBORw0KGgo=", "AAAA", "UklGRg==");

const urlCitation = fc.record(
  {
    type: fc.constant("url_citation"),
    url: fc.webUrl(),
    title: text,
    start_index: fc.nat(50),
    end_index: fc.nat(50),
  },
  { requiredKeys: ["type", "url"] },
);

const textContent = fc.record(
  { type: fc.constant("text"), text, annotations: fc.array(urlCitation, { minLength: 1, maxLength: 2 }) },
  { requiredKeys: ["type", "text"] },
);

const mediaContent = fc
  .tuple(
    fc.constantFrom("image", "audio", "video", "document"),
    fc.oneof(fc.record({ data: base64 }), fc.record({ uri: fc.webUrl() })),
    fc.option(fc.constantFrom("image/png", "audio/wav", "video/mp4", "application/pdf"), { nil: undefined }),
  )
  .map(([type, source, mime]) => ({ type, ...source, ...(mime === undefined ? {} : { mime_type: mime }) }));

const content = fc.oneof(textContent, mediaContent);
const contents = fc.array(content, { minLength: 1, maxLength: 3 });

const jsonObject = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,5}$/),
  fc.oneof(text, fc.integer(), fc.boolean()),
  {
    maxKeys: 3,
  },
);

/** Any step the codec keeps exactly: input and output content, thoughts, calls and results, hosted steps. */
export const interactionsStepArbitrary = fc.oneof(
  fc.record({ type: fc.constant("user_input"), content: contents }),
  fc.record({ type: fc.constant("model_output"), content: contents }),
  fc.record(
    {
      type: fc.constant("thought"),
      signature: base64,
      summary: fc.array(fc.record({ type: fc.constant("text"), text }), { maxLength: 2 }),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    type: fc.constant("function_call"),
    id,
    name: fc.stringMatching(/^[a-z_]{1,8}$/),
    arguments: jsonObject,
  }),
  fc.record(
    {
      type: fc.constant("function_result"),
      call_id: id,
      name: fc.stringMatching(/^[a-z_]{1,8}$/),
      result: fc.oneof(text, contents),
      is_error: fc.boolean(),
    },
    { requiredKeys: ["type", "call_id", "result"] },
  ),
  fc.record({
    type: fc.constant("google_search_call"),
    id,
    arguments: fc.record({ queries: fc.array(text, { maxLength: 2 }) }),
  }),
  fc.record({
    type: fc.constant("google_search_result"),
    call_id: id,
    result: fc.array(fc.record({ search_suggestions: text }), { maxLength: 2 }),
  }),
  fc.record({
    type: fc.constant("code_execution_call"),
    id,
    arguments: fc.record({ code: text, language: fc.constantFrom("python", "bash") }),
  }),
  fc.record(
    { type: fc.constant("code_execution_result"), call_id: id, result: text, is_error: fc.boolean() },
    { requiredKeys: ["type", "call_id", "result"] },
  ),
  fc.record({
    type: fc.constant("url_context_call"),
    id,
    arguments: fc.record({ urls: fc.array(fc.webUrl(), { maxLength: 2 }) }),
  }),
);

/** A create request with any input form and any mapped setting. */
export const interactionsWireRequestArbitrary = fc.record(
  {
    model: fc.constantFrom("gemini-3-flash-preview", "gemini-2.5-flash", "gemini-3.1-pro-preview"),
    input: fc.oneof(
      text,
      content,
      contents,
      fc.array(interactionsStepArbitrary, { minLength: 1, maxLength: 6 }),
    ),
    system_instruction: text,
    tools: fc.array(
      fc.oneof(
        fc.record(
          {
            type: fc.constant("function"),
            name: fc.stringMatching(/^[a-z_]{1,8}$/),
            description: text,
            parameters: fc.constant({ type: "object" }),
          },
          { requiredKeys: ["type", "name"] },
        ),
        fc.constantFrom({ type: "google_search" }, { type: "code_execution" }, { type: "url_context" }),
      ),
      { maxLength: 3 },
    ),
    generation_config: fc.record(
      {
        temperature: fc.constantFrom(0, 0.5, 1),
        top_p: fc.constantFrom(0.5, 0.95),
        seed: fc.nat(100),
        max_output_tokens: fc.integer({ min: 1, max: 4096 }),
        stop_sequences: fc.array(text, { maxLength: 2 }),
        thinking_level: fc.constantFrom("low", "high"),
        thinking_summaries: fc.constantFrom("auto", "none"),
        tool_choice: fc.constantFrom("auto", "any", "none", "validated"),
      },
      { requiredKeys: [] },
    ),
    response_format: fc.constantFrom(
      { type: "text", mime_type: "application/json" },
      { type: "text", mime_type: "application/json", schema: { type: "object" } },
      { type: "text", mime_type: "text/plain" },
    ),
    safety_settings: fc.array(
      fc.record({
        type: fc.constantFrom("harassment", "hate_speech"),
        threshold: fc.constantFrom("block_none", "off"),
      }),
      { maxLength: 2 },
    ),
    service_tier: fc.constantFrom("flex", "standard", "priority"),
    previous_interaction_id: id,
    store: fc.boolean(),
    background: fc.boolean(),
    stream: fc.boolean(),
    labels: fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), fc.stringMatching(/^[a-z0-9]{0,5}$/), {
      maxKeys: 2,
    }),
  },
  { requiredKeys: ["model", "input"] },
);

/** An `Interaction` with any status, output steps after its echoed input, usage and errors. */
export const interactionsWireResponseArbitrary = fc.record(
  {
    id,
    model: fc.constantFrom("gemini-3-flash-preview", "gemini-2.5-pro"),
    status: fc.constantFrom(
      "completed",
      "requires_action",
      "incomplete",
      "failed",
      "in_progress",
      "cancelled",
    ),
    created: fc.constantFrom("2026-06-01T12:00:00Z", "2026-06-01T12:00:00.123Z"),
    steps: fc
      .tuple(
        fc.array(fc.record({ type: fc.constant("user_input"), content: contents }), { maxLength: 1 }),
        fc.array(
          interactionsStepArbitrary.filter(
            (step) => step.type !== "user_input" && step.type !== "function_result",
          ),
          { maxLength: 5 },
        ),
      )
      .map(([input, output]) => [...input, ...output]),
    usage: fc.record(
      {
        total_input_tokens: fc.nat(1000),
        total_cached_tokens: fc.nat(10),
        total_output_tokens: fc.nat(1000),
        total_thought_tokens: fc.nat(100),
        total_tokens: fc.nat(3000),
      },
      { requiredKeys: [] },
    ),
    errors: fc.array(fc.record({ code: fc.constantFrom("INTERNAL", "RESOURCE_EXHAUSTED"), message: text }), {
      maxLength: 1,
    }),
  },
  { requiredKeys: ["id", "status"] },
);
