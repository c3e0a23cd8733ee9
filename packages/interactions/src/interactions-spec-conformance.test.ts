import {
  accumulate,
  CanonicalError,
  createConversionContext,
  replayEvents,
  transformAll,
} from "@interlingua/core";
import {
  chatRequestArbitrary,
  chatResponseArbitrary,
  interactionsSchemaProblems,
} from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readFixtures } from "../test/support/fixtures";
import { interactionsCodec } from "./interactions-codec";

describe("the fixtures are valid by the schema compiled from the @google/genai types", () => {
  for (const { name, value } of readFixtures("requests"))
    it(`request ${name}`, () =>
      expect(interactionsSchemaProblems("InteractionsCreateRequest", value)).toEqual([]));
  for (const { name, value } of readFixtures("responses"))
    it(`response ${name}`, () =>
      expect(interactionsSchemaProblems("InteractionsInteraction", value)).toEqual([]));
  for (const { name, value } of readFixtures("streams"))
    it(`stream ${name}`, () => {
      for (const event of value as unknown[])
        expect(interactionsSchemaProblems("InteractionsEvent", event)).toEqual([]);
    });
  it("the schema refuses what the client does not declare", () => {
    expect(
      interactionsSchemaProblems("InteractionsCreateRequest", { model: "m", input: "x", tempo: 1 }),
    ).not.toEqual([]);
  });
});

describe("what the codec emits from any canonical value is valid by the schema", () => {
  it("requests", () => {
    fc.assert(
      fc.property(chatRequestArbitrary, (request) => {
        let wire: unknown;
        try {
          wire = interactionsCodec.encodeRequest(request, createConversionContext());
        } catch (thrown) {
          // A request of which nothing can be sent is refused at the caller's field, never sent.
          if (CanonicalError.isInstance(thrown) && thrown.kind === "invalid_request" && thrown.param) return;
          throw thrown;
        }
        expect(interactionsSchemaProblems("InteractionsCreateRequest", wire)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("responses, and their streams", async () => {
    await fc.assert(
      fc.asyncProperty(chatResponseArbitrary, async (response) => {
        const wire = interactionsCodec.encodeResponse(response, createConversionContext());
        expect(interactionsSchemaProblems("InteractionsInteraction", wire)).toEqual([]);
        const events = await transformAll(
          replayEvents(response),
          interactionsCodec.createStreamEncoder(createConversionContext()),
        );
        for (const event of events)
          expect(interactionsSchemaProblems("InteractionsEvent", event)).toEqual([]);
        const decoded = await transformAll(
          events,
          interactionsCodec.createStreamDecoder(createConversionContext()),
        );
        expect((await accumulate(decoded)).id).toBe(response.id);
      }),
      { numRuns: 200 },
    );
  });
});
