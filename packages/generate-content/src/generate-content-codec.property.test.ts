import { createConversionContext, findEventSequenceProblems, transformAll } from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateContentCodec as codec } from "./generate-content-codec";

const text = fc.string({ minLength: 1, maxLength: 16 });
const name = fc.stringMatching(/^[a-z][a-z_]{0,9}$/);
const base64 = fc.base64String({ minLength: 4, maxLength: 16 });
const json = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 6 }),
  fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null)),
  { maxKeys: 3 },
);
const signature = fc.option(base64, { nil: undefined });
const withSignature = <T extends Record<string, unknown>>(part: T, signed: string | undefined) =>
  signed === undefined ? part : { ...part, thoughtSignature: signed };

const textPart = fc.tuple(text, signature).map(([value, signed]) => withSignature({ text: value }, signed));
const thoughtPart = fc
  .tuple(text, signature)
  .map(([value, signed]) => withSignature({ text: value, thought: true }, signed));
const inlinePart = fc.record({
  inlineData: fc.record({
    mimeType: fc.constantFrom("image/png", "image/jpeg", "audio/wav", "video/mp4", "application/pdf"),
    data: base64,
  }),
});
const filePart = fc.record(
  {
    fileData: fc.record({ mimeType: fc.constantFrom("video/mp4", "application/pdf"), fileUri: fc.webUrl() }),
  },
  { requiredKeys: ["fileData"] },
);
const callPart = fc
  .tuple(name, fc.option(json, { nil: undefined }), signature)
  .map(([callName, args, signed]) =>
    withSignature(
      { functionCall: args === undefined ? { name: callName } : { name: callName, args } },
      signed,
    ),
  );
const codePart = fc.record({
  executableCode: fc.record({ language: fc.constant("PYTHON"), code: text }),
});
const resultPart = fc.record(
  {
    codeExecutionResult: fc.record(
      {
        outcome: fc.constantFrom(
          "OUTCOME_OK",
          "OUTCOME_FAILED",
          "OUTCOME_DEADLINE_EXCEEDED",
          "OUTCOME_UNSPECIFIED",
        ),
        output: fc.string(),
      },
      { requiredKeys: ["outcome"] },
    ),
  },
  { requiredKeys: ["codeExecutionResult"] },
);
const responsePart = (callName: string) =>
  fc.record({
    functionResponse: fc.record({
      name: fc.constant(callName),
      response: fc.oneof(
        fc.record({ output: fc.string() }),
        fc.record({ error: fc.string() }),
        json.filter((value) => Object.keys(value).length !== 1 || !("output" in value || "error" in value)),
      ),
    }),
  });

/** A conversation whose function responses answer the calls before them, by name and order. */
const contents = fc
  .array(
    fc.oneof(
      fc.record({
        role: fc.constantFrom("user", undefined),
        parts: fc.array(fc.oneof(textPart, inlinePart, filePart), { minLength: 1, maxLength: 3 }),
      }),
      fc.record({
        role: fc.constant("model"),
        parts: fc.array(fc.oneof(textPart, thoughtPart, callPart, codePart, resultPart), {
          minLength: 1,
          maxLength: 4,
        }),
      }),
    ),
    { minLength: 1, maxLength: 5 },
  )
  .chain((turns) => {
    const answered: fc.Arbitrary<Record<string, unknown>>[] = [];
    for (const turn of turns) {
      const content = turn.role === undefined ? { parts: turn.parts } : turn;
      answered.push(fc.constant(content));
      const calls = turn.parts.flatMap((part) =>
        "functionCall" in part ? [(part.functionCall as { name: string }).name] : [],
      );
      if (calls.length > 0) {
        answered.push(
          fc.record({
            role: fc.constantFrom("user", "function", "tool"),
            parts: fc.tuple(...calls.map(responsePart)),
          }),
        );
      }
    }
    return fc.tuple(...answered);
  });

const schema = fc.oneof(
  fc.constant({
    type: "OBJECT",
    properties: { city: { type: "STRING", description: "City" } },
    required: ["city"],
  }),
  fc.constant({ type: "OBJECT", properties: { n: { type: "INTEGER", nullable: true, minimum: 0 } } }),
  fc.constant({
    type: "OBJECT",
    properties: { tags: { type: "ARRAY", items: { type: "STRING", enum: ["a", "b"] } } },
  }),
);
const tools = fc
  .array(
    fc.oneof(
      fc.record({
        functionDeclarations: fc.array(
          fc.record({ name, description: text, parameters: schema }, { requiredKeys: ["name"] }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
      fc.constantFrom({ codeExecution: {} }, { googleSearch: {} }, { urlContext: {} }),
    ),
    { maxLength: 3 },
  )
  .filter((entries) => {
    // The API refuses a function declared twice (so does the decoder).
    const names = entries.flatMap((entry) =>
      "functionDeclarations" in entry
        ? entry.functionDeclarations.map((declaration) => declaration.name)
        : [],
    );
    return new Set(names).size === names.length;
  });
const generationConfig = fc.record(
  {
    stopSequences: fc.array(text, { maxLength: 5 }),
    candidateCount: fc.integer({ min: 1, max: 4 }),
    maxOutputTokens: fc.integer({ min: 1, max: 65_536 }),
    temperature: fc.double({ min: 0, max: 2, noNaN: true }),
    topP: fc.double({ min: 0, max: 1, noNaN: true }),
    topK: fc.integer({ min: 1, max: 100 }),
    seed: fc.integer(),
    presencePenalty: fc.double({ min: -2, max: 2, noNaN: true }),
    frequencyPenalty: fc.double({ min: -2, max: 2, noNaN: true }),
    responseLogprobs: fc.boolean(),
    logprobs: fc.integer({ min: 0, max: 20 }),
    responseMimeType: fc.constantFrom("text/plain", "application/json"),
    responseModalities: fc.subarray(["TEXT", "IMAGE", "AUDIO"], { minLength: 1 }),
    thinkingConfig: fc.record(
      { includeThoughts: fc.boolean(), thinkingBudget: fc.integer({ min: -1, max: 24_576 }) },
      { requiredKeys: [] },
    ),
    mediaResolution: fc.constantFrom(
      "MEDIA_RESOLUTION_LOW",
      "MEDIA_RESOLUTION_MEDIUM",
      "MEDIA_RESOLUTION_HIGH",
    ),
  },
  { requiredKeys: [] },
);
const requestArbitrary = fc.record(
  {
    contents,
    systemInstruction: fc.record({ parts: fc.array(fc.record({ text }), { minLength: 1, maxLength: 2 }) }),
    tools,
    toolConfig: fc.record({
      functionCallingConfig: fc.record(
        {
          mode: fc.constantFrom("AUTO", "ANY", "NONE"),
          allowedFunctionNames: fc.array(name, { maxLength: 2 }),
        },
        { requiredKeys: ["mode"] },
      ),
    }),
    safetySettings: fc.array(
      fc.record({
        category: fc.constantFrom("HARM_CATEGORY_HARASSMENT", "HARM_CATEGORY_HATE_SPEECH"),
        threshold: fc.constantFrom("BLOCK_NONE", "BLOCK_ONLY_HIGH", "OFF"),
      }),
      { maxLength: 2 },
    ),
    generationConfig,
    cachedContent: fc.stringMatching(/^cachedContents\/[a-z0-9]{4,8}$/),
  },
  { requiredKeys: ["contents"] },
);

/** Free-form values (function arguments and results, schema property names) keep their keys. */
const freeForm = new Set(["args", "response", "properties"]);
function toSnakeCase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toSnakeCase);
  if (typeof value !== "object" || value === null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const snake = key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    result[snake] = freeForm.has(key)
      ? key === "properties"
        ? Object.fromEntries(Object.entries(item as object).map(([k, v]) => [k, toSnakeCase(v)]))
        : item
      : toSnakeCase(item);
  }
  return result;
}

const safetyRatings = fc.array(
  fc.record(
    {
      category: fc.constantFrom("HARM_CATEGORY_HARASSMENT", "HARM_CATEGORY_DANGEROUS_CONTENT"),
      probability: fc.constantFrom("NEGLIGIBLE", "LOW", "MEDIUM", "HIGH"),
      blocked: fc.boolean(),
    },
    { requiredKeys: ["category", "probability"] },
  ),
  { maxLength: 2 },
);
const finishReason = fc.constantFrom(
  "STOP",
  "MAX_TOKENS",
  "SAFETY",
  "RECITATION",
  "OTHER",
  "MALFORMED_FUNCTION_CALL",
  "PROHIBITED_CONTENT",
);
const candidate = (index: number) =>
  fc.record(
    {
      content: fc.record({
        parts: fc.array(fc.oneof(textPart, thoughtPart, callPart, codePart, resultPart, inlinePart), {
          maxLength: 4,
        }),
        role: fc.constant("model"),
      }),
      finishReason,
      index: fc.constant(index),
      safetyRatings,
      avgLogprobs: fc.double({ min: -5, max: 0, noNaN: true }),
      finishMessage: text,
    },
    { requiredKeys: ["content"] },
  );
const usageMetadata = fc.record(
  {
    promptTokenCount: fc.nat(),
    cachedContentTokenCount: fc.nat(),
    candidatesTokenCount: fc.nat(),
    thoughtsTokenCount: fc.nat(),
    toolUsePromptTokenCount: fc.nat(),
    totalTokenCount: fc.nat(),
    promptTokensDetails: fc.array(
      fc.record({ modality: fc.constantFrom("TEXT", "IMAGE"), tokenCount: fc.nat() }),
      {
        maxLength: 2,
      },
    ),
  },
  { requiredKeys: [] },
);
const responseArbitrary = fc.oneof(
  fc.record(
    {
      candidates: fc
        .integer({ min: 1, max: 3 })
        .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => candidate(index)))),
      usageMetadata,
      modelVersion: text,
      responseId: fc.stringMatching(/^[A-Za-z0-9_-]{6,20}$/),
    },
    { requiredKeys: ["candidates"] },
  ),
  fc.record({
    promptFeedback: fc.record(
      { blockReason: fc.constantFrom("SAFETY", "OTHER", "BLOCKLIST", "PROHIBITED_CONTENT"), safetyRatings },
      { requiredKeys: ["blockReason"] },
    ),
    usageMetadata,
    modelVersion: text,
    responseId: fc.stringMatching(/^[A-Za-z0-9_-]{6,20}$/),
  }),
);

type Block =
  | { kind: "text"; pieces: string[]; signature?: string }
  | { kind: "thought"; pieces: string[]; signature?: string }
  | { kind: "call"; name: string; args: Record<string, unknown>; signature?: string }
  | { kind: "code"; code: string };

/** A stream as the encoder writes it: one part per chunk, then a last chunk with the finish reason. */
const streamArbitrary = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.record({
          kind: fc.constantFrom("text" as const, "thought" as const),
          pieces: fc.array(text, { minLength: 1, maxLength: 4 }),
          signature,
        }),
        fc.record({ kind: fc.constant("call" as const), name, args: json, signature }),
        fc.record({ kind: fc.constant("code" as const), code: text }),
      ),
      { maxLength: 5 },
    ),
    finishReason,
    fc.record({ promptTokenCount: fc.nat(), candidatesTokenCount: fc.nat(), totalTokenCount: fc.nat() }),
    safetyRatings,
  )
  .map(([blocks, reason, usage, ratings]) => {
    const wrap = (part: Record<string, unknown>) => ({
      candidates: [{ content: { parts: [part], role: "model" } }],
      modelVersion: "gemini-test",
      responseId: "stream-1",
    });
    const chunks: unknown[] = [];
    (blocks as Block[]).forEach((block, position) => {
      const next = (blocks as Block[])[position + 1];
      if (block.kind === "text" || block.kind === "thought") {
        // Two unsigned pieces of the same kind in a row are one part: sign this one to keep them apart.
        const signed = block.signature ?? (next?.kind === block.kind ? "c2VwYXJhdGU=" : undefined);
        const thought = block.kind === "thought" ? { thought: true } : {};
        for (const piece of block.pieces) chunks.push(wrap({ text: piece, ...thought }));
        if (signed !== undefined) chunks.push(wrap({ text: "", ...thought, thoughtSignature: signed }));
      } else if (block.kind === "call") {
        chunks.push(
          wrap(withSignature({ functionCall: { name: block.name, args: block.args } }, block.signature)),
        );
      } else {
        chunks.push(wrap({ executableCode: { language: "PYTHON", code: block.code } }));
      }
    });
    chunks.push({
      candidates: [
        { content: { role: "model", parts: [] }, finishReason: reason, index: 0, safetyRatings: ratings },
      ],
      usageMetadata: usage,
      modelVersion: "gemini-test",
      responseId: "stream-1",
    });
    return chunks;
  });

describe("generate-content codec round-trip properties", () => {
  it("request wire → canonical → wire is the identity, with no losses, in either spelling", () => {
    fc.assert(
      fc.property(requestArbitrary, fc.boolean(), (camel, snake) => {
        const wire = snake ? toSnakeCase(camel) : camel;
        const context = createConversionContext();
        const decoded = codec.decodeRequest(structuredClone(wire), context, { model: "gemini-test" });
        const encoded = codec.encodeRequest(decoded, context);
        expect(context.losses).toEqual([]);
        expect(encoded).toEqual(wire);
      }),
      { numRuns: 300 },
    );
  });

  it("response wire → canonical → wire is the identity, with no losses", () => {
    fc.assert(
      fc.property(responseArbitrary, (wire) => {
        const context = createConversionContext();
        const encoded = codec.encodeResponse(codec.decodeResponse(structuredClone(wire), context), context);
        expect(context.losses).toEqual([]);
        expect(encoded).toEqual(wire);
      }),
      { numRuns: 300 },
    );
  });

  it("stream chunks → canonical → chunks is the identity, and the canonical stream is valid", async () => {
    await fc.assert(
      fc.asyncProperty(streamArbitrary, async (chunks) => {
        const context = createConversionContext();
        const events = await transformAll(structuredClone(chunks), codec.createStreamDecoder(context));
        expect(findEventSequenceProblems(events)).toEqual([]);
        const back = await transformAll(events, codec.createStreamEncoder(context));
        expect(context.losses).toEqual([]);
        expect(back).toEqual(chunks);
      }),
      { numRuns: 200 },
    );
  });
});
