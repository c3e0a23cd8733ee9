import { createConversionContext, transformAll } from "@interlingua/core";
import { createSpecValidator } from "@interlingua/core/test";
import { describe, expect, it } from "vitest";
import { messagesFixtures } from "../test/support/fixtures";
import { messagesRecordings } from "../test/support/recordings";
import { messagesCodec } from "./messages-codec";

const spec = createSpecValidator("messages");

/**
 * Fixtures whose upstream values are newer than the stored spec, passed through unchanged on
 * purpose: stop reasons the spec's enum lacks (`model_context_window_exceeded`, and any future
 * value, kept raw for lossless round trips) and the API's `request_too_large` error type (413).
 */
const newerThanSpec = new Set([
  "an unknown stop reason and a null one",
  "a future stop reason",
  "413 request_too_large",
]);
const recordings = messagesRecordings();
const own = messagesFixtures();

describe("encoded messages output conforms to the vendor spec", () => {
  for (const fixture of [...recordings.responses, ...own.responses].filter(
    (f) => !newerThanSpec.has(f.name),
  )) {
    it(`response: ${fixture.name}`, () => {
      const context = createConversionContext();
      const encoded = messagesCodec.encodeResponse(
        messagesCodec.decodeResponse(fixture.wire, context),
        context,
      );
      expect(spec.validate("Message", encoded)).toEqual([]);
    });
  }

  it("emits only spec stop reasons for canonical reasons of other formats", () => {
    for (const reason of [
      "stop",
      "length",
      "stop_sequence",
      "tool_calls",
      "content_filter",
      "refusal",
      "pause",
      "error",
      "other",
    ] as const) {
      const context = createConversionContext();
      const encoded = messagesCodec.encodeResponse(
        { id: "msg_x", model: "m", parts: [], finishReason: { reason }, usage: {}, status: "completed" },
        context,
      );
      expect(spec.validate("Message", encoded)).toEqual([]);
    }
  });

  for (const fixture of [...recordings.streams, ...own.streams]) {
    it(`stream: ${fixture.name}`, async () => {
      const context = createConversionContext();
      const events = await transformAll(fixture.events, messagesCodec.createStreamDecoder(context));
      const encoded = await transformAll(events, messagesCodec.createStreamEncoder(context));
      const problems = encoded.flatMap((event, index) =>
        spec.validate("MessageStreamEvent", event).map((problem: string) => `event ${index}: ${problem}`),
      );
      expect(problems).toEqual([]);
    });
  }

  for (const fixture of [...recordings.errors, ...own.errors].filter((f) => !newerThanSpec.has(f.name))) {
    it(`error: ${fixture.name}`, () => {
      const wire = messagesCodec.errorToWire(
        messagesCodec.errorFromWire(fixture.status, fixture.body, fixture.headers),
      );
      expect(spec.validate("ErrorResponse", wire.body)).toEqual([]);
    });
  }
});
