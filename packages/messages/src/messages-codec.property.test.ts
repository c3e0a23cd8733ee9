import { createConversionContext, findEventSequenceProblems, transformAll } from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "./messages-codec";
import { checkToolResultPlacement } from "./request/check-tool-result-placement";
import type { MessagesInputMessage } from "./wire/messages-request";

const text = fc.string({ minLength: 1, maxLength: 20 });
const id = fc.stringMatching(/^toolu_[A-Za-z0-9]{4,12}$/);
const json = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 6 }),
  fc.oneof(fc.integer(), fc.string(), fc.boolean()),
  { maxKeys: 3 },
);
const cacheControl = fc.constantFrom(undefined, { type: "ephemeral" }, { type: "ephemeral", ttl: "1h" });
const withCache = <T extends Record<string, unknown>>(block: fc.Arbitrary<T>) =>
  fc.tuple(block, cacheControl).map(([value, cache]) => (cache ? { ...value, cache_control: cache } : value));

const plainTextBlock = fc.record({ type: fc.constant("text"), text });
const textBlock = withCache(plainTextBlock);
const imageBlock = withCache(
  fc.record({
    type: fc.constant("image"),
    source: fc.oneof(
      fc.record({
        type: fc.constant("base64"),
        media_type: fc.constantFrom("image/jpeg", "image/png", "image/gif", "image/webp"),
        data: fc.base64String({ maxLength: 12 }),
      }),
      fc.record({ type: fc.constant("url"), url: fc.webUrl() }),
    ),
  }),
);
const documentBlock = withCache(
  fc.record(
    {
      type: fc.constant("document"),
      source: fc.oneof(
        fc.record({
          type: fc.constant("base64"),
          media_type: fc.constant("application/pdf"),
          data: fc.base64String({ maxLength: 12 }),
        }),
        fc.record({ type: fc.constant("text"), media_type: fc.constant("text/plain"), data: fc.string() }),
        fc.record({ type: fc.constant("url"), url: fc.webUrl() }),
        fc.record({
          type: fc.constant("content"),
          content: fc.oneof(
            fc.string(),
            fc.array(fc.record({ type: fc.constant("text"), text }), { maxLength: 2 }),
          ),
        }),
      ),
      title: text,
      context: text,
    },
    { requiredKeys: ["type", "source"] },
  ),
);
const plainToolUse = fc.record({
  type: fc.constant("tool_use"),
  id,
  name: fc.stringMatching(/^[a-z_]{1,10}$/),
  input: json,
});
const toolUse = withCache(plainToolUse);
const toolResult = withCache(
  fc.record(
    {
      type: fc.constant("tool_result"),
      tool_use_id: id,
      content: fc.oneof(fc.string(), fc.array(fc.oneof(textBlock, imageBlock), { maxLength: 3 })),
      is_error: fc.boolean(),
    },
    { requiredKeys: ["type", "tool_use_id"] },
  ),
);
const thinking = fc.record({
  type: fc.constant("thinking"),
  thinking: fc.string(),
  signature: fc.base64String({ minLength: 4, maxLength: 16 }),
});
const redacted = fc.record({
  type: fc.constant("redacted_thinking"),
  data: fc.base64String({ minLength: 4, maxLength: 16 }),
});

const userMessage = fc.record({
  role: fc.constant("user"),
  // The API refuses a message of no content (but a last assistant one).
  content: fc.oneof(
    fc.string({ minLength: 1 }),
    fc.array(fc.oneof(textBlock, imageBlock, documentBlock, toolResult), { minLength: 1, maxLength: 4 }),
  ),
});
const assistantMessage = fc.record({
  role: fc.constant("assistant"),
  // The API refuses a message of no content (but a last assistant one).
  content: fc.oneof(
    fc.string({ minLength: 1 }),
    fc.array(fc.oneof(textBlock, toolUse, thinking, redacted), { minLength: 1, maxLength: 4 }),
  ),
});

const throws = (run: () => void) => {
  try {
    run();
    return false;
  } catch {
    return true;
  }
};

const requestArbitrary = fc
  .record(
    {
      model: fc.string({ minLength: 1, maxLength: 30 }),
      max_tokens: fc.integer({ min: 0, max: 100_000 }),
      // The API refuses a user turn with content before a tool result (the decoder too).
      messages: fc
        .array(fc.oneof(userMessage, assistantMessage), { minLength: 1, maxLength: 5 })
        .filter((messages) => !throws(() => checkToolResultPlacement(messages as MessagesInputMessage[]))),
      system: fc.oneof(fc.string(), fc.array(textBlock, { maxLength: 3 })),
      temperature: fc.double({ min: 0, max: 1, noNaN: true }),
      top_p: fc.double({ min: 0, max: 1, noNaN: true }),
      top_k: fc.integer({ min: 1, max: 500 }),
      stop_sequences: fc.array(fc.string(), { maxLength: 3 }),
      stream: fc.boolean(),
      metadata: fc.record({ user_id: fc.string({ maxLength: 256 }) }, { requiredKeys: [] }),
      tools: fc.array(
        fc.oneof(
          withCache(
            fc.record({
              name: fc.stringMatching(/^[a-zA-Z0-9_-]{1,64}$/),
              description: fc.string(),
              input_schema: fc.constant({ type: "object" }),
            }),
          ),
          fc.record({ type: fc.constantFrom("bash_20241022", "bash_20250124"), name: fc.constant("bash") }),
          fc.record({
            type: fc.constant("computer_20250124"),
            name: fc.constant("computer"),
            display_width_px: fc.integer({ min: 1, max: 4000 }),
            display_height_px: fc.integer({ min: 1, max: 4000 }),
          }),
        ),
        { maxLength: 3 },
      ),
      tool_choice: fc.oneof(
        fc.record(
          { type: fc.constantFrom("auto", "any"), disable_parallel_tool_use: fc.boolean() },
          { requiredKeys: ["type"] },
        ),
        fc.record(
          { type: fc.constant("tool"), name: text, disable_parallel_tool_use: fc.boolean() },
          { requiredKeys: ["type", "name"] },
        ),
        fc.constant({ type: "none" }),
      ),
    },
    { requiredKeys: ["model", "max_tokens", "messages"] },
  )
  .map(({ tool_choice, ...request }) =>
    // The API takes a tool choice only beside tools.
    request.tools?.length && tool_choice ? { ...request, tool_choice } : request,
  );

const usage = fc.record(
  {
    input_tokens: fc.nat(),
    output_tokens: fc.nat(),
    cache_creation_input_tokens: fc.nat(),
    cache_read_input_tokens: fc.nat(),
  },
  { requiredKeys: ["input_tokens", "output_tokens"] },
);
const responseArbitrary = fc.record({
  id: fc.stringMatching(/^msg_[A-Za-z0-9]{4,12}$/),
  type: fc.constant("message"),
  role: fc.constant("assistant"),
  model: text,
  content: fc.array(fc.oneof(plainTextBlock, plainToolUse, thinking, redacted), { maxLength: 4 }),
  stop_reason: fc.constantFrom(
    "end_turn",
    "max_tokens",
    "stop_sequence",
    "tool_use",
    "pause_turn",
    "refusal",
    null,
  ),
  stop_sequence: fc.constantFrom(null, "END"),
  usage,
});

/** A well-formed stream: blocks of text, thinking or tool input, each with its deltas. */
const streamArbitrary = fc
  .tuple(
    fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant("text"), pieces: fc.array(text, { minLength: 1, maxLength: 4 }) }),
        fc.record({
          kind: fc.constant("thinking"),
          pieces: fc.array(fc.string(), { maxLength: 4 }),
          signature: fc.base64String({ minLength: 4, maxLength: 12 }),
        }),
        fc.record({ kind: fc.constant("tool"), id, input: json, cuts: fc.array(fc.nat(), { maxLength: 3 }) }),
      ),
      { maxLength: 4 },
    ),
    usage,
    fc.constantFrom("end_turn", "tool_use", "max_tokens"),
    fc.array(fc.nat({ max: 30 }), { maxLength: 3 }),
  )
  .map(([blocks, startUsage, stopReason, pingPositions]) => {
    const events: Record<string, unknown>[] = [
      {
        type: "message_start",
        message: {
          id: "msg_p",
          type: "message",
          role: "assistant",
          model: "m",
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: startUsage,
        },
      },
    ];
    blocks.forEach((block, index) => {
      const delta = (payload: Record<string, unknown>) =>
        events.push({ type: "content_block_delta", index, delta: payload });
      if (block.kind === "text") {
        events.push({ type: "content_block_start", index, content_block: { type: "text", text: "" } });
        for (const piece of block.pieces) delta({ type: "text_delta", text: piece });
      } else if (block.kind === "thinking") {
        events.push({
          type: "content_block_start",
          index,
          content_block: { type: "thinking", thinking: "", signature: "" },
        });
        for (const piece of block.pieces) delta({ type: "thinking_delta", thinking: piece });
        delta({ type: "signature_delta", signature: block.signature });
      } else {
        events.push({
          type: "content_block_start",
          index,
          content_block: { type: "tool_use", id: block.id, name: "f", input: {} },
        });
        const input = JSON.stringify(block.input);
        const cuts = [...new Set(block.cuts.map((cut) => cut % (input.length + 1)))].sort((a, b) => a - b);
        let from = 0;
        for (const cut of [...cuts, input.length]) {
          delta({ type: "input_json_delta", partial_json: input.slice(from, cut) });
          from = cut;
        }
      }
      events.push({ type: "content_block_stop", index });
    });
    for (const position of pingPositions) events.splice(1 + (position % events.length), 0, { type: "ping" });
    events.push({
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 9 },
    });
    events.push({ type: "message_stop" });
    return events;
  });

describe("messages codec round-trip properties", () => {
  it("request wire → canonical → wire is the identity, with no losses", () => {
    fc.assert(
      fc.property(requestArbitrary, (wire) => {
        const context = createConversionContext();
        const encoded = messagesCodec.encodeRequest(
          messagesCodec.decodeRequest(structuredClone(wire), context),
          context,
        );
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
        const encoded = messagesCodec.encodeResponse(
          messagesCodec.decodeResponse(structuredClone(wire), context),
          context,
        );
        expect(context.losses).toEqual([]);
        expect(encoded).toEqual(wire);
      }),
      { numRuns: 300 },
    );
  });

  it("stream events → canonical → events gives the same events, and the canonical stream is valid", async () => {
    await fc.assert(
      fc.asyncProperty(streamArbitrary, async (events) => {
        const context = createConversionContext();
        const canonical = await transformAll(
          structuredClone(events),
          messagesCodec.createStreamDecoder(context),
        );
        expect(findEventSequenceProblems(canonical)).toEqual([]);
        const back = await transformAll(canonical, messagesCodec.createStreamEncoder(context));
        expect(context.losses).toEqual([]);
        // Keepalives may move by a place (one waits for the block it arrived in to start); nothing else moves.
        const withoutPings = (list: Record<string, unknown>[]) =>
          list.filter((event) => event.type !== "ping");
        expect(withoutPings(back)).toEqual(withoutPings(events));
        expect(back.length).toBe(events.length);
      }),
      { numRuns: 200 },
    );
  });
});
