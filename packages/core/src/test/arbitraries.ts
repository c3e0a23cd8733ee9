import fc from "fast-check";
import type { ChatEvent } from "../model/chat-event";
import type { ChatRequest } from "../model/chat-request";
import type { ChatResponse } from "../model/chat-response";
import type { Citation } from "../model/citation";
import type { ErrorData } from "../model/error-data";
import { ErrorKind } from "../model/error-data";
import type { FinishReason } from "../model/finish-reason";
import { FinishReasonKind } from "../model/finish-reason";
import type { MediaPart } from "../model/media-part";
import type { Message } from "../model/message";
import type { Part } from "../model/part";
import type { TextPart } from "../model/text-part";
import type { Tool } from "../model/tool";
import type { ToolChoice } from "../model/tool-choice";
import type { Usage } from "../model/usage";
import { replayEvents } from "../stream/replay";

/**
 * fast-check arbitraries for every canonical type, for property tests of codecs, providers and
 * stream tools. Optional fields are sometimes absent, never `undefined`, so generated values
 * compare equal after a JSON round trip.
 */

const count = fc.nat({ max: 100_000 });
const word = fc.string({ minLength: 1, maxLength: 12 });
/** A key of a generated record: never `__proto__`, which the model does not keep (see `Extensions`). */
const recordKey = word.filter((key) => key !== "__proto__");
const id = fc.stringMatching(/^[a-z]{2,5}_[A-Za-z0-9]{4,16}$/);
/** A finite double in a range; never -0, which JSON cannot carry. */
const finite = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map((value) => value + 0);

/** JSON values that survive `JSON.stringify` / `JSON.parse` unchanged. */
export const jsonValueArbitrary: fc.Arbitrary<unknown> = fc
  .jsonValue()
  .map((value) => JSON.parse(JSON.stringify(value)));
/** JSON objects (string keys to JSON values). */
export const jsonObjectArbitrary = fc.dictionary(recordKey, jsonValueArbitrary, { maxKeys: 4 });

/** A {@link Citation}. */
export const citationArbitrary: fc.Arbitrary<Citation> = fc.record(
  {
    kind: fc.constantFrom("url", "document", "file", "search-result", "other"),
    url: fc.webUrl(),
    title: fc.string(),
    citedText: fc.string(),
    startIndex: fc.nat(1000),
    endIndex: fc.nat(1000),
  },
  { requiredKeys: ["kind"] },
);

const cacheArbitrary = fc.record(
  { type: fc.constant("ephemeral" as const), ttl: fc.constantFrom("5m", "1h") },
  { requiredKeys: ["type"] },
);
const signatureArbitrary = fc.record({
  format: fc.constantFrom("messages", "responses", "generate-content"),
  data: fc.base64String({ minLength: 4, maxLength: 64 }),
});

/** A {@link TextPart}. */
export const textPartArbitrary: fc.Arbitrary<TextPart> = fc.record(
  {
    type: fc.constant("text" as const),
    text: fc.string({ maxLength: 200 }),
    citations: fc.array(citationArbitrary, { minLength: 1, maxLength: 2 }),
    cache: cacheArbitrary,
    signature: signatureArbitrary,
  },
  { requiredKeys: ["type", "text"] },
);

/** A {@link MediaPart}. */
export const mediaPartArbitrary: fc.Arbitrary<MediaPart> = fc.record(
  {
    type: fc.constant("media" as const),
    kind: fc.constantFrom("image", "audio", "video", "document", "file"),
    source: fc.oneof(
      fc.record({ type: fc.constant("base64" as const), data: fc.base64String({ maxLength: 64 }) }),
      fc.record({ type: fc.constant("url" as const), url: fc.webUrl() }),
      fc.record({ type: fc.constant("file-id" as const), fileId: id }),
      fc.record({ type: fc.constant("text" as const), text: fc.string() }),
    ),
    mediaType: fc.constantFrom("image/png", "image/jpeg", "application/pdf", "audio/wav", "video/mp4"),
    detail: fc.constantFrom("auto", "low", "high"),
    filename: word,
    title: word,
    cache: cacheArbitrary,
  },
  { requiredKeys: ["type", "kind", "source"] },
);

/** Any {@link Part}. */
export const partArbitrary: fc.Arbitrary<Part> = fc.oneof(
  textPartArbitrary,
  mediaPartArbitrary,
  fc.record(
    {
      type: fc.constant("tool-call" as const),
      id,
      name: word,
      arguments: jsonObjectArbitrary,
      signature: signatureArbitrary,
    },
    { requiredKeys: ["type", "id", "name", "arguments"] },
  ),
  fc.record(
    {
      type: fc.constant("tool-result" as const),
      callId: id,
      name: word,
      content: fc.array(fc.oneof(textPartArbitrary, mediaPartArbitrary), { maxLength: 3 }),
      isError: fc.boolean(),
    },
    { requiredKeys: ["type", "callId", "content"] },
  ),
  fc.record(
    {
      type: fc.constant("reasoning" as const),
      text: fc.string({ maxLength: 200 }),
      summary: fc.array(fc.string({ maxLength: 50 }), { minLength: 1, maxLength: 3 }),
      signature: signatureArbitrary,
      redacted: fc.boolean(),
    },
    { requiredKeys: ["type"] },
  ),
  fc.record({
    type: fc.constant("code" as const),
    language: fc.constantFrom("python", "javascript"),
    code: fc.string(),
  }),
  fc.record(
    {
      type: fc.constant("code-result" as const),
      outcome: fc.constantFrom("ok", "failed", "deadline_exceeded", "unspecified"),
      output: fc.string(),
    },
    { requiredKeys: ["type", "outcome"] },
  ),
  fc.record({ type: fc.constant("refusal" as const), text: fc.string() }),
  fc.record(
    {
      type: fc.constant("hosted-tool-call" as const),
      id,
      tool: fc.constantFrom("web_search", "file_search", "computer", "code_execution"),
      input: jsonObjectArbitrary,
      status: fc.constantFrom("in_progress", "completed", "failed"),
    },
    { requiredKeys: ["type", "id", "tool", "input"] },
  ),
  fc.record(
    {
      type: fc.constant("hosted-tool-result" as const),
      callId: id,
      tool: fc.constantFrom("web_search", "file_search", "computer", "code_execution"),
      output: jsonValueArbitrary,
      isError: fc.boolean(),
    },
    { requiredKeys: ["type", "callId", "tool", "output"] },
  ),
);

/** A {@link Message}. */
export const messageArbitrary: fc.Arbitrary<Message> = fc.record({
  role: fc.constantFrom("user", "assistant", "tool", "system", "developer"),
  parts: fc.array(partArbitrary, { minLength: 1, maxLength: 4 }),
});

/** A {@link Tool}. */
export const toolArbitrary: fc.Arbitrary<Tool> = fc.oneof(
  fc.record(
    {
      type: fc.constant("function" as const),
      name: fc.stringMatching(/^[a-zA-Z_][a-zA-Z0-9_-]{0,30}$/),
      description: fc.string(),
      inputSchema: fc.constant({
        type: "object",
        properties: { query: { type: "string" } },
        required: ["query"],
      }),
      strict: fc.boolean(),
      cache: cacheArbitrary,
    },
    { requiredKeys: ["type", "name", "inputSchema"] },
  ),
  fc.record(
    {
      type: fc.constant("hosted" as const),
      kind: fc.constantFrom(
        "web_search",
        "file_search",
        "code_execution",
        "computer",
        "bash",
        "text_editor",
        "url_context",
      ),
      name: word,
      version: word,
      settings: jsonObjectArbitrary,
    },
    { requiredKeys: ["type", "kind"] },
  ),
);

/** A {@link ToolChoice}. */
export const toolChoiceArbitrary: fc.Arbitrary<ToolChoice> = fc.oneof(
  fc.record(
    { type: fc.constant("auto" as const), allowed: fc.array(word, { minLength: 1 }) },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.constant("none" as const) }),
  fc.record(
    { type: fc.constant("required" as const), allowed: fc.array(word, { minLength: 1 }) },
    { requiredKeys: ["type"] },
  ),
  fc.record({ type: fc.constant("tool" as const), name: word }),
  fc.record({
    type: fc.constant("hosted" as const),
    kind: fc.constantFrom("web_search", "file_search", "computer"),
  }),
);

/** A {@link ChatRequest} using every field the model has. */
export const chatRequestArbitrary: fc.Arbitrary<ChatRequest> = fc.record(
  {
    model: word,
    instructions: fc.array(
      fc.record({
        role: fc.constantFrom("system", "developer"),
        parts: fc.array(textPartArbitrary, { minLength: 1, maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 2 },
    ),
    messages: fc.array(messageArbitrary, { maxLength: 5 }),
    tools: fc.array(toolArbitrary, { minLength: 1, maxLength: 3 }),
    toolChoice: toolChoiceArbitrary,
    parallelToolCalls: fc.boolean(),
    maxOutputTokens: fc.integer({ min: 1, max: 100_000 }),
    temperature: finite(0, 2),
    topP: finite(0, 1),
    topK: fc.integer({ min: 1, max: 500 }),
    stopSequences: fc.array(word, { minLength: 1, maxLength: 4 }),
    seed: fc.integer(),
    presencePenalty: finite(-2, 2),
    frequencyPenalty: finite(-2, 2),
    candidateCount: fc.integer({ min: 1, max: 8 }),
    logprobs: fc.boolean(),
    topLogprobs: fc.integer({ min: 0, max: 20 }),
    outputFormat: fc.oneof(
      fc.record({ type: fc.constant("text" as const) }),
      fc.record({ type: fc.constant("json" as const) }),
      fc.record(
        {
          type: fc.constant("json-schema" as const),
          name: word,
          description: fc.string(),
          schema: fc.constant({ type: "object" }),
          strict: fc.boolean(),
        },
        { requiredKeys: ["type", "schema"] },
      ),
      fc.record({ type: fc.constant("enum" as const), values: fc.array(word, { minLength: 1 }) }),
    ),
    reasoning: fc.record(
      {
        enabled: fc.boolean(),
        budgetTokens: fc.integer({ min: 1024, max: 32_000 }),
        effort: fc.constantFrom("low", "medium", "high"),
        summary: fc.constantFrom("auto", "concise", "detailed"),
        includeThoughts: fc.boolean(),
      },
      { requiredKeys: [] },
    ),
    outputModalities: fc.uniqueArray(fc.constantFrom("text", "image", "audio"), { minLength: 1 }),
    speech: fc.record({ voice: word, languageCode: fc.constantFrom("en-US", "de-DE") }, { requiredKeys: [] }),
    mediaResolution: fc.constantFrom("low", "medium", "high"),
    safetySettings: fc.array(
      fc.record({
        category: fc.constantFrom("HARM_CATEGORY_HARASSMENT", "HARM_CATEGORY_HATE_SPEECH"),
        threshold: fc.constantFrom("BLOCK_NONE", "OFF"),
      }),
      { maxLength: 2 },
    ),
    previousResponseId: id,
    store: fc.boolean(),
    cachedContent: fc.constant("cachedContents/abc"),
    metadata: fc.dictionary(recordKey, fc.string({ maxLength: 20 }), { maxKeys: 3 }),
    user: word,
    serviceTier: fc.constantFrom("auto", "default", "flex"),
    truncation: fc.constantFrom("auto", "disabled"),
    stream: fc.boolean(),
  },
  { requiredKeys: ["model", "messages"] },
);

/** A {@link FinishReason}. */
export const finishReasonArbitrary: fc.Arbitrary<FinishReason> = fc.record(
  { reason: fc.constantFrom(...FinishReasonKind.options), raw: word },
  { requiredKeys: ["reason"] },
);

/** A {@link Usage} with counts that are consistent (cached within input, reasoning within output). */
export const usageArbitrary: fc.Arbitrary<Usage> = fc
  .record({
    input: count,
    cacheRead: count,
    cacheWrite: count,
    output: count,
    reasoning: count,
    present: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
  })
  .map(({ input, cacheRead, cacheWrite, output, reasoning, present }) => {
    const usage: Usage = {};
    if (present[0]) usage.inputTokens = input + cacheRead + cacheWrite;
    if (present[0] && present[1]) usage.cacheReadTokens = cacheRead;
    if (present[0] && present[2]) usage.cacheWriteTokens = cacheWrite;
    if (present[3]) usage.outputTokens = output + reasoning;
    if (present[3] && present[4]) usage.reasoningTokens = reasoning;
    if (present[5] && usage.inputTokens !== undefined && usage.outputTokens !== undefined) {
      usage.totalTokens = usage.inputTokens + usage.outputTokens;
    }
    return usage;
  });

/** An {@link ErrorData}. */
export const errorDataArbitrary: fc.Arbitrary<ErrorData> = fc.record(
  {
    kind: fc.constantFrom(...ErrorKind.options),
    status: fc.integer({ min: 400, max: 599 }),
    message: fc.string({ minLength: 1 }),
    param: word,
    code: word,
    retryAfter: fc.nat(120),
  },
  { requiredKeys: ["kind", "status", "message"] },
);

/**
 * A {@link ChatResponse}. Failed responses have the shape a stream can express (finish reason
 * `error` without a raw value, no stop sequence, candidates or extensions).
 */
export const chatResponseArbitrary: fc.Arbitrary<ChatResponse> = fc.oneof(
  fc.record(
    {
      id,
      model: word,
      created: fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
      parts: fc.array(partArbitrary, { maxLength: 5 }),
      finishReason: finishReasonArbitrary,
      stopSequence: word,
      usage: usageArbitrary,
      candidates: fc.array(
        fc.record(
          {
            index: fc.integer({ min: 1, max: 4 }),
            parts: fc.array(partArbitrary, { maxLength: 2 }),
            finishReason: finishReasonArbitrary,
          },
          { requiredKeys: ["index", "parts"] },
        ),
        { minLength: 1, maxLength: 2 },
      ),
      status: fc.constantFrom("completed", "incomplete"),
      extensions: fc.record({ test: jsonObjectArbitrary }),
    },
    { requiredKeys: ["id", "model", "parts", "finishReason", "usage", "status"] },
  ),
  fc.record(
    {
      id,
      model: word,
      created: fc.integer({ min: 1_600_000_000, max: 2_000_000_000 }),
      parts: fc.array(partArbitrary, { maxLength: 3 }),
      finishReason: fc.constant({ reason: "error" as const }),
      usage: usageArbitrary,
      status: fc.constant("failed" as const),
      error: errorDataArbitrary,
    },
    { requiredKeys: ["id", "model", "parts", "finishReason", "usage", "status", "error"] },
  ),
);

/** A valid canonical event stream: a generated response, replayed, with keepalives sprinkled in. */
export const chatEventStreamArbitrary: fc.Arbitrary<ChatEvent[]> = fc
  .tuple(chatResponseArbitrary, fc.array(fc.nat(), { maxLength: 3 }))
  .map(([response, keepalivePositions]) => {
    const events = replayEvents(response);
    for (const position of keepalivePositions) {
      events.splice(1 + (position % (events.length - 1)), 0, { type: "keepalive" });
    }
    return events;
  });
