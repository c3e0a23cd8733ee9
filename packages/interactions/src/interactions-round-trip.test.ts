import { createConversionContext } from "@interlingua/core";
import { interactionsSchemaProblems } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  interactionsWireRequestArbitrary,
  interactionsWireResponseArbitrary,
} from "../test/support/interactions-wire-arbitraries";
import { interactionsCodec } from "./interactions-codec";

const deterministic = () => {
  let counter = 0;
  return createConversionContext({
    generateId: (prefix) => `${prefix}_${++counter}`,
    now: () => 1_700_000_000_000,
  });
};

describe("same-format round trips of generated wire documents are lossless", () => {
  it("the generated requests and interactions are valid by the compiled schema", () => {
    fc.assert(
      fc.property(
        interactionsWireRequestArbitrary,
        interactionsWireResponseArbitrary,
        (request, response) => {
          expect(interactionsSchemaProblems("InteractionsCreateRequest", request)).toEqual([]);
          expect(interactionsSchemaProblems("InteractionsInteraction", response)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
    // Compiling the 270 KB schema takes seconds on a loaded machine.
  }, 30_000);

  it("request → canonical → request gives the same body, with no losses", () => {
    fc.assert(
      fc.property(interactionsWireRequestArbitrary, (wire) => {
        const context = deterministic();
        const decoded = interactionsCodec.decodeRequest(structuredClone(wire), context);
        expect(interactionsCodec.encodeRequest(decoded, context)).toEqual(wire);
        expect(context.losses).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("interaction → canonical → interaction gives the same resource, with no losses", () => {
    fc.assert(
      fc.property(interactionsWireResponseArbitrary, (wire) => {
        const context = deterministic();
        const decoded = interactionsCodec.decodeResponse(structuredClone(wire), context);
        expect(interactionsCodec.encodeResponse(decoded, context)).toEqual(wire);
        expect(context.losses).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
