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
  chatResponseArbitrary,
  createSpecValidator,
  errorDataArbitrary,
} from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  readFixtures,
  readRecordedStream,
  readRecording,
  recordedStreamNames,
} from "../test/support/recordings";
import { responsesCodec } from "./responses-codec";

const validator = createSpecValidator("responses");

const recordedResponses = [
  JSON.parse(readRecording("reasoning-encrypted-content.response.json")) as unknown,
  ...readFixtures("responses").map(({ value }) => value),
];
const streams = [
  ...(await Promise.all(recordedStreamNames().map(readRecordedStream))),
  ...readFixtures("streams").map(({ value }) => value as unknown[]),
];

describe("output conforms to the vendor spec", () => {
  it("re-encoded responses are valid Response objects", () => {
    for (const wire of recordedResponses) {
      const context = createConversionContext();
      const encoded = responsesCodec.encodeResponse(responsesCodec.decodeResponse(wire, context), context);
      expect(validator.validate("Response", encoded)).toEqual([]);
    }
  });

  it("responses encoded from any canonical response are valid Response objects", () => {
    fc.assert(
      fc.property(chatResponseArbitrary, (response) => {
        const encoded = responsesCodec.encodeResponse(response, createConversionContext());
        expect(validator.validate("Response", encoded)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  it("every re-encoded stream event is a valid ResponseStreamEvent", async () => {
    for (const events of streams) {
      const decoded = await transformAll(
        events,
        responsesCodec.createStreamDecoder(createConversionContext()),
      );
      const encoded = await transformAll(
        decoded,
        responsesCodec.createStreamEncoder(createConversionContext()),
      );
      for (const event of encoded)
        expect(validator.validate("ResponseStreamEvent", event), JSON.stringify(event)).toEqual([]);
    }
  });

  it("streams encoded from any canonical response are valid ResponseStreamEvents", async () => {
    await fc.assert(
      fc.asyncProperty(chatResponseArbitrary, async (response) => {
        const encoded = await transformAll(
          replayEvents(response),
          responsesCodec.createStreamEncoder(createConversionContext()),
        );
        for (const event of encoded)
          expect(validator.validate("ResponseStreamEvent", event), JSON.stringify(event)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("streams cut short by an upstream error anywhere are valid ResponseStreamEvents", async () => {
    const cutShort = fc
      .tuple(chatEventStreamArbitrary, fc.nat(), errorDataArbitrary)
      .map(([events, cut, error]): ChatEvent[] => [
        ...events.slice(0, 1 + (cut % (events.length - 1))),
        { type: "error", error },
      ]);
    await fc.assert(
      fc.asyncProperty(cutShort, async (events) => {
        const encoded = await transformAll(
          events,
          responsesCodec.createStreamEncoder(createConversionContext()),
        );
        for (const event of encoded)
          expect(validator.validate("ResponseStreamEvent", event), JSON.stringify(event)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("error bodies of every kind are valid ErrorResponse bodies", () => {
    for (const kind of ErrorKind.options) {
      const wire = responsesCodec.errorToWire(new CanonicalError(kind, `a ${kind} error`));
      expect(validator.validate("ErrorResponse", wire.body)).toEqual([]);
    }
  });
});
