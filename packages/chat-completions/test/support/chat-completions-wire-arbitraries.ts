import fc from "fast-check";

type Wire = Record<string, unknown>;

const text = fc.string({ maxLength: 20 });
const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);
const id = fc.stringMatching(/^call_[A-Za-z0-9]{6,12}$/);
const base64 = fc.base64String({ minLength: 4, maxLength: 24 });
const jsonArguments = fc
  .dictionary(name, fc.oneof(fc.integer(), text, fc.boolean()), { maxKeys: 3 })
  .map((value) => JSON.stringify(value));

const textPart = text.map((value) => ({ type: "text", text: value }));
const textContent = fc.oneof(text, fc.array(textPart, { minLength: 1, maxLength: 3 }));

const userPart = fc.oneof(
  textPart,
  fc
    .record(
      {
        url: fc.oneof(
          fc.webUrl(),
          base64.map((data) => `data:image/png;base64,${data}`),
        ),
        detail: fc.constantFrom("auto", "low", "high"),
      },
      { requiredKeys: ["url"] },
    )
    .map((image) => ({ type: "image_url", image_url: image })),
  fc
    .record({ data: base64, format: fc.constantFrom("wav", "mp3") })
    .map((audio) => ({ type: "input_audio", input_audio: audio })),
  fc
    .oneof(
      fc.record(
        {
          file_data: base64.map((data) => `data:application/pdf;base64,${data}`),
          filename: fc.constant("report.pdf"),
        },
        { requiredKeys: ["file_data"] },
      ),
      fc.record({ file_id: fc.stringMatching(/^file-[a-z0-9]{6}$/) }),
    )
    .map((file) => ({ type: "file", file })),
);

const toolCall = fc.record({
  id,
  type: fc.constant("function"),
  function: fc.record({ name, arguments: jsonArguments }),
});

const assistantMessage = fc.oneof(
  fc.record({ role: fc.constant("assistant"), content: text }),
  fc.record({
    role: fc.constant("assistant"),
    content: fc.constant(null),
    tool_calls: fc.uniqueArray(toolCall, { minLength: 1, maxLength: 3, selector: (call) => call.id }),
  }),
  fc.record({
    role: fc.constant("assistant"),
    content: fc.array(
      fc.oneof(
        textPart,
        text.map((refusal) => ({ type: "refusal", refusal })),
      ),
      { minLength: 1, maxLength: 2 },
    ),
  }),
  fc.record({ role: fc.constant("assistant"), refusal: text }),
);

const conversationMessage: fc.Arbitrary<Wire> = fc.oneof(
  fc.record({
    role: fc.constant("user"),
    content: fc.oneof(text, fc.array(userPart, { minLength: 1, maxLength: 3 })),
  }),
  fc.record({ role: fc.constantFrom("user"), content: text, name }),
  assistantMessage,
  fc.record({ role: fc.constant("tool"), tool_call_id: id, content: textContent }),
  fc.record({ role: fc.constant("developer"), content: textContent }),
);

const functionTool = fc.record({
  type: fc.constant("function"),
  function: fc.record(
    {
      name,
      description: text,
      parameters: fc.constant({ type: "object", properties: { q: { type: "string" } }, required: ["q"] }),
      strict: fc.boolean(),
    },
    { requiredKeys: ["name"] },
  ),
});

const toolChoice = fc.oneof(
  fc.constantFrom("none", "auto", "required"),
  name.map((tool) => ({ type: "function", function: { name: tool } })),
  fc
    .record({
      mode: fc.constantFrom("auto", "required"),
      tools: fc.array(
        name.map((tool) => ({ type: "function", function: { name: tool } })),
        { maxLength: 2 },
      ),
    })
    .map((allowed) => ({ type: "allowed_tools", allowed_tools: allowed })),
);

const responseFormat = fc.oneof(
  fc.constant({ type: "text" }),
  fc.constant({ type: "json_object" }),
  fc
    .record(
      {
        name,
        description: text,
        schema: fc.constant({ type: "object", properties: {} }),
        strict: fc.boolean(),
      },
      { requiredKeys: ["name", "schema"] },
    )
    .map((schema) => ({ type: "json_schema", json_schema: schema })),
);

/** Every request setting of the format, each optional. */
const settings = fc.record(
  {
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    top_p: fc.double({ min: 0, max: 1, noNaN: true }),
    max_completion_tokens: fc.integer({ min: 1, max: 4096 }),
    stop: fc.oneof(text, fc.array(text, { minLength: 1, maxLength: 4 })),
    n: fc.integer({ min: 1, max: 4 }),
    seed: fc.integer(),
    presence_penalty: fc.double({ min: -2, max: 2, noNaN: true }),
    frequency_penalty: fc.double({ min: -2, max: 2, noNaN: true }),
    logit_bias: fc.dictionary(fc.stringMatching(/^[0-9]{1,5}$/), fc.integer({ min: -100, max: 100 }), {
      maxKeys: 2,
    }),
    logprobs: fc.boolean(),
    top_logprobs: fc.integer({ min: 0, max: 20 }),
    reasoning_effort: fc.constantFrom("minimal", "low", "medium", "high"),
    store: fc.boolean(),
    metadata: fc.dictionary(name, text, { maxKeys: 3 }),
    user: text,
    service_tier: fc.constantFrom("auto", "default", "flex", "priority"),
    stream: fc.boolean(),
    stream_options: fc.record({ include_usage: fc.boolean() }),
    response_format: responseFormat,
    tools: fc.array(functionTool, { maxLength: 3 }),
    tool_choice: toolChoice,
    parallel_tool_calls: fc.boolean(),
    web_search_options: fc.record(
      { search_context_size: fc.constantFrom("low", "medium", "high") },
      { requiredKeys: [] },
    ),
    modalities: fc.subarray(["text", "audio"], { minLength: 1 }),
    audio: fc.record({
      voice: fc.constantFrom("alloy", "verse"),
      format: fc.constantFrom("wav", "mp3", "pcm16"),
    }),
    prediction: fc.record({ type: fc.constant("content"), content: text }),
  },
  { requiredKeys: [] },
);

/** A chat-completions request body: leading instructions, a conversation of every role, any settings. */
export const chatCompletionsWireRequestArbitrary: fc.Arbitrary<Wire> = fc
  .tuple(
    // Names of no known family: the family rules change requests (see the legality tests).
    fc.stringMatching(/^[a-z0-9.-]{1,20}$/).map((model) => `model-${model}`),
    fc.array(fc.record({ role: fc.constantFrom("system", "developer"), content: textContent }), {
      maxLength: 2,
    }),
    fc.array(conversationMessage, { minLength: 1, maxLength: 6 }),
    settings,
  )
  .map(([model, instructions, messages, rest]) => {
    // The API takes `top_logprobs` only beside `logprobs: true`…
    const logprobs = rest.top_logprobs === undefined ? {} : { logprobs: true };
    // …and `stream_options` only beside `stream: true`.
    const stream = rest.stream_options === undefined ? {} : { stream: true };
    return { model, messages: [...instructions, ...messages], ...rest, ...logprobs, ...stream };
  });

const urlCitation = fc.record({
  type: fc.constant("url_citation"),
  url_citation: fc.record({ url: fc.webUrl(), title: text, start_index: fc.nat(40), end_index: fc.nat(80) }),
});

const responseMessage = fc.oneof(
  fc.record({
    role: fc.constant("assistant"),
    content: text,
    refusal: fc.constant(null),
    annotations: fc.array(urlCitation, { maxLength: 2 }),
  }),
  fc.record({
    role: fc.constant("assistant"),
    content: fc.constant(null),
    refusal: fc.constant(null),
    tool_calls: fc.array(toolCall, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ role: fc.constant("assistant"), content: fc.constant(null), refusal: text }),
);

const usage = fc.oneof(
  fc.record({ prompt_tokens: fc.nat(5000), completion_tokens: fc.nat(5000), total_tokens: fc.nat(10000) }),
  fc.record({
    prompt_tokens: fc.nat(5000),
    completion_tokens: fc.nat(5000),
    total_tokens: fc.nat(10000),
    prompt_tokens_details: fc.record(
      { cached_tokens: fc.nat(5000), audio_tokens: fc.nat(10) },
      { requiredKeys: [] },
    ),
    completion_tokens_details: fc.record(
      {
        reasoning_tokens: fc.nat(5000),
        audio_tokens: fc.nat(10),
        accepted_prediction_tokens: fc.nat(10),
        rejected_prediction_tokens: fc.nat(10),
      },
      { requiredKeys: [] },
    ),
  }),
);

/** A `chat.completion`: one to three choices (of text, tool calls or a refusal), usage, fingerprint. */
export const chatCompletionsWireResponseArbitrary: fc.Arbitrary<Wire> = fc
  .record(
    {
      id: fc.stringMatching(/^chatcmpl-[A-Za-z0-9]{8}$/),
      created: fc.integer({ min: 1_600_000_000, max: 1_900_000_000 }),
      model: fc.stringMatching(/^[a-z0-9.-]{1,20}$/),
      choices: fc.array(
        fc.record({
          message: responseMessage,
          logprobs: fc.constant(null),
          finish_reason: fc.constantFrom("stop", "length", "tool_calls", "content_filter", "function_call"),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      usage,
      service_tier: fc.constantFrom("default", "flex"),
      system_fingerprint: fc.stringMatching(/^fp_[a-f0-9]{10}$/),
    },
    { requiredKeys: ["id", "created", "model", "choices"] },
  )
  .map((response) => ({
    object: "chat.completion",
    ...response,
    choices: response.choices.map((choice, index) => ({ index, ...choice })),
  }));
