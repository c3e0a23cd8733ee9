import {
  CanonicalError,
  type ChatEvent,
  createConversionContext,
  ErrorKind,
  replayEvents,
  transformAll,
} from "@interlingua/core";
import {
  chatEventStreamArbitrary,
  chatRequestArbitrary,
  chatResponseArbitrary,
  createSpecValidator,
  errorDataArbitrary,
} from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFixtures } from "../test/support/recordings";
import { chatCompletionsCodec } from "./chat-completions-codec";

const validator = createSpecValidator("chat-completions");
const received = createSpecValidator("chat-completions", { mode: "received" });

const requests = readFixtures("requests").filter(({ name }) => !name.startsWith("deepseek"));
const responses = readFixtures("responses");
const streams = readFixtures("streams");

describe("fixtures in the OpenAI dialect are valid by the vendor spec", () => {
  it("requests", () => {
    for (const { name, value } of requests)
      expect(received.validate("CreateChatCompletionRequest", value), name).toEqual([]);
  });
  it("responses", () => {
    for (const { name, value } of responses)
      expect(received.validate("CreateChatCompletionResponse", value), name).toEqual([]);
  });
  it("stream chunks (the error chunk is an ErrorResponse)", () => {
    for (const { name, value } of streams)
      for (const chunk of value as Record<string, unknown>[]) {
        const schema = "error" in chunk ? "ErrorResponse" : "CreateChatCompletionStreamResponse";
        expect(received.validate(schema, chunk), `${name}: ${JSON.stringify(chunk)}`).toEqual([]);
      }
  });
});

describe("output conforms to the vendor spec", () => {
  it("requests encoded from any canonical request are valid CreateChatCompletionRequests", () => {
    fc.assert(
      fc.property(chatRequestArbitrary, (request) => {
        const context = createConversionContext();
        let encoded: ReturnType<typeof chatCompletionsCodec.encodeRequest>;
        try {
          encoded = chatCompletionsCodec.encodeRequest(request, context);
        } catch (error) {
          // A request left with no message (nothing in it the format can say) is refused before
          // it is sent, and every part it lost was reported.
          expect(error).toMatchObject({ kind: "invalid_request", param: "messages" });
          expect(request.messages.every((message) => message.parts.length > 0)).toBe(true);
          expect(context.losses.length).toBeGreaterThanOrEqual(request.messages.length);
          return;
        }
        expect(validator.validate("CreateChatCompletionRequest", encoded)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("responses encoded from any canonical response are valid CreateChatCompletionResponses", () => {
    fc.assert(
      fc.property(chatResponseArbitrary, (response) => {
        const encoded = chatCompletionsCodec.encodeResponse(response, createConversionContext());
        expect(validator.validate("CreateChatCompletionResponse", encoded)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("streams encoded from any canonical response are valid chunks", async () => {
    await fc.assert(
      fc.asyncProperty(chatResponseArbitrary, async (response) => {
        const encoded = await transformAll(
          replayEvents(response),
          chatCompletionsCodec.createStreamEncoder(createConversionContext()),
        );
        for (const chunk of encoded as Record<string, unknown>[]) {
          // A failed response ends its stream with the error chunk.
          const schema = "error" in chunk ? "ErrorResponse" : "CreateChatCompletionStreamResponse";
          expect(validator.validate(schema, chunk), JSON.stringify(chunk)).toEqual([]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("streams cut short by an upstream error anywhere end with a valid error chunk", async () => {
    const cutShort = fc
      .tuple(chatEventStreamArbitrary, fc.nat(), errorDataArbitrary)
      .map(([events, cut, error]): ChatEvent[] => [
        ...events.slice(0, 1 + (cut % (events.length - 1))),
        { type: "error", error },
      ]);
    await fc.assert(
      fc.asyncProperty(cutShort, async (events) => {
        const encoded = (await transformAll(
          events,
          chatCompletionsCodec.createStreamEncoder(createConversionContext()),
        )) as Record<string, unknown>[];
        const last = encoded.at(-1) as Record<string, unknown>;
        expect(validator.validate("ErrorResponse", last)).toEqual([]);
        for (const chunk of encoded.slice(0, -1))
          expect(
            validator.validate("CreateChatCompletionStreamResponse", chunk),
            JSON.stringify(chunk),
          ).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("error bodies of every kind are valid ErrorResponse bodies", () => {
    for (const kind of ErrorKind.options) {
      const wire = chatCompletionsCodec.errorToWire(new CanonicalError(kind, `a ${kind} error`));
      expect(validator.validate("ErrorResponse", wire.body)).toEqual([]);
    }
  });
});
