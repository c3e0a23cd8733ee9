import {
  accumulate,
  createConversionContext,
  type Part,
  replayEvents,
  transformAll,
} from "@interlingua/core";
import { createSpecValidator } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chatCompletionsWireRequestArbitrary,
  chatCompletionsWireResponseArbitrary,
} from "../test/support/chat-completions-wire-arbitraries";
import { chatCompletionsCodec } from "./chat-completions-codec";

const validator = createSpecValidator("chat-completions", { mode: "received" });

const deterministic = () => {
  let counter = 0;
  return createConversionContext({
    generateId: (prefix) => `${prefix}_${++counter}`,
    now: () => 1_700_000_000_000,
  });
};

describe("same-format round trips of generated wire documents are lossless", () => {
  it("the generated requests and responses are valid by the vendor spec", () => {
    fc.assert(
      fc.property(
        chatCompletionsWireRequestArbitrary,
        chatCompletionsWireResponseArbitrary,
        (request, response) => {
          expect(validator.validate("CreateChatCompletionRequest", request)).toEqual([]);
          expect(validator.validate("CreateChatCompletionResponse", response)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("request → canonical → request gives the same body, with no losses", () => {
    fc.assert(
      fc.property(chatCompletionsWireRequestArbitrary, (wire) => {
        const context = deterministic();
        const decoded = chatCompletionsCodec.decodeRequest(structuredClone(wire), context);
        expect(chatCompletionsCodec.encodeRequest(decoded, context)).toEqual(wire);
        expect(context.losses).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("response → canonical → response gives the same object, with no losses", () => {
    fc.assert(
      fc.property(chatCompletionsWireResponseArbitrary, (wire) => {
        const context = deterministic();
        const decoded = chatCompletionsCodec.decodeResponse(structuredClone(wire), context);
        expect(chatCompletionsCodec.encodeResponse(decoded, context)).toEqual(wire);
        expect(context.losses).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("a response's chunks → canonical → chunks give the same chunks, and accumulate to its parts and usage", async () => {
    await fc.assert(
      fc.asyncProperty(chatCompletionsWireResponseArbitrary, async (wire) => {
        const response = chatCompletionsCodec.decodeResponse(structuredClone(wire), deterministic());
        const chunks = await transformAll(
          replayEvents(response),
          chatCompletionsCodec.createStreamEncoder(deterministic()),
        );
        const decoded = await transformAll(
          structuredClone(chunks),
          chatCompletionsCodec.createStreamDecoder(deterministic()),
        );
        const context = deterministic();
        expect(await transformAll(decoded, chatCompletionsCodec.createStreamEncoder(context))).toEqual(
          chunks,
        );
        expect(context.losses).toEqual([]);
        const streamed = await accumulate(decoded);
        expect(streamed.usage).toEqual(response.usage);
        expect(streamed.finishReason).toEqual(response.finishReason);
        expect(comparable(streamed.parts)).toEqual(comparable(response.parts));
      }),
      { numRuns: 200 },
    );
  });
});

/**
 * Parts as a stream can say them: without extensions (the message's wire fields they keep), and
 * without empty texts, refusals or annotation lists, which no chunk can express.
 */
function comparable(parts: readonly Part[]): unknown[] {
  return parts.flatMap((part): unknown[] => {
    const { extensions: _fields, ...rest } = part;
    if (rest.type === "refusal" && rest.text === "") return [];
    if (rest.type !== "text") return [rest];
    const { citations, ...text } = rest;
    if (text.text === "" && !citations?.length) return [];
    return [citations?.length ? { ...text, citations } : text];
  });
}
