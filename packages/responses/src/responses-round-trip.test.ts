import {
  accumulate,
  type ChatResponse,
  createConversionContext,
  replayEvents,
  transformAll,
} from "@interlingua/core";
import { createSpecValidator } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findResponsesStreamProblems } from "../test/support/find-responses-stream-problems";
import {
  responsesWireRequestArbitrary,
  responsesWireResponseArbitrary,
} from "../test/support/responses-wire-arbitraries";
import { responsesCodec } from "./responses-codec";

const validator = createSpecValidator("responses");

/**
 * A response whose stream a canonical replay can rebuild: no two message items in a row. (Replayed
 * part-start events carry no extensions, so the encoder cannot tell where one message item ends and
 * the next begins until their part-end events, and the two share one streamed item.)
 */
const replayableResponse = responsesWireResponseArbitrary.filter((wire) =>
  (wire.output as { type: string }[]).every(
    (item, index, output) => item.type !== "message" || output[index + 1]?.type !== "message",
  ),
);

/** A response without its settings echo, the ids of its output items and argument spacing. */
function withoutEchoOrItemIds(response: ChatResponse): ChatResponse {
  const { extensions: _echo, ...rest } = structuredClone(response);
  for (const part of rest.parts) {
    const fields = part.extensions?.responses;
    if (!fields) continue;
    if (part.type === "tool-call" || part.type === "reasoning") delete fields.id;
    // A replayed call streams its arguments re-serialised (recorded as a loss by the encoder).
    if (part.type === "tool-call") delete fields.arguments;
    if (part.type === "hosted-tool-call" && part.tool === "computer") delete fields.id;
    delete (fields.item as Record<string, unknown> | undefined)?.id;
  }
  return rest;
}

const deterministic = () => {
  let counter = 0;
  return createConversionContext({
    generateId: (prefix) => `${prefix}_${++counter}`,
    now: () => 1_700_000_000_000,
  });
};

describe("same-format round trips of generated wire documents are lossless", () => {
  // Requests are not checked the same way: the spec's `InputItem` oneOf matches a plain message
  // (`{role, content: [...]}`) with two of its branches, so it rejects every ordinary input list.
  it("the generated responses are valid by the vendor spec", () => {
    fc.assert(
      fc.property(responsesWireResponseArbitrary, (response) => {
        expect(validator.validate("Response", response)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("request → canonical → request gives the same body, with no losses", () => {
    fc.assert(
      fc.property(responsesWireRequestArbitrary, (wire) => {
        const context = deterministic();
        const decoded = responsesCodec.decodeRequest(structuredClone(wire), context);
        expect(responsesCodec.encodeRequest(decoded, context)).toEqual(wire);
        expect(context.losses).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("response → canonical → response gives the same object, with no losses", () => {
    fc.assert(
      fc.property(responsesWireResponseArbitrary, (wire) => {
        const context = deterministic();
        const decoded = responsesCodec.decodeResponse(structuredClone(wire), context);
        expect(responsesCodec.encodeResponse(decoded, context)).toEqual(wire);
        expect(context.losses).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("a response's event stream → canonical → events gives the same events, and accumulates to the response", async () => {
    await fc.assert(
      fc.asyncProperty(replayableResponse, async (wire) => {
        const response = responsesCodec.decodeResponse(structuredClone(wire), deterministic());
        const events = await transformAll(
          replayEvents(response),
          responsesCodec.createStreamEncoder(deterministic()),
        );
        expect(findResponsesStreamProblems(events as Record<string, unknown>[])).toEqual([]);
        const decoded = await transformAll(
          structuredClone(events),
          responsesCodec.createStreamDecoder(deterministic()),
        );
        const context = deterministic();
        expect(await transformAll(decoded, responsesCodec.createStreamEncoder(context))).toEqual(events);
        expect(context.losses).toEqual([]);
        // The settings echo rides on response-end, which a failed stream has not, and the item ids are
        // the ones the stream announced (a replayed part-start does not know the original): the rest
        // is the same.
        expect(withoutEchoOrItemIds(await accumulate(decoded))).toEqual(withoutEchoOrItemIds(response));
      }),
      { numRuns: 200 },
    );
  });
});
