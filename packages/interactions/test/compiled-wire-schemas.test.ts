import { expectCompiledParseParity, mutatedDocumentArbitrary } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, it } from "vitest";
import { InteractionsRequest } from "../src/wire/interactions-request-schema";
import { InteractionsResponse } from "../src/wire/interactions-response-schema";
import { interactionsDocumentArbitrary } from "./support/interactions-document-arbitrary";
import {
  interactionsWireRequestArbitrary,
  interactionsWireResponseArbitrary,
} from "./support/interactions-wire-arbitraries";

const requests = fc.oneof(interactionsWireRequestArbitrary, interactionsDocumentArbitrary("request"));
const answers = fc.oneof(interactionsWireResponseArbitrary, interactionsDocumentArbitrary("response"));

/**
 * The wire schemas on the compiled zod objects (decision 0054) accept and refuse exactly what
 * zod/mini's interpreted objects did, with the same issues: the caller's requests and the upstream's
 * answers, as generated and with wrong types, missing fields and unknown keys anywhere in them.
 */
describe("interactions wire schemas on compiled objects", () => {
  it("parse requests as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(requests, mutatedDocumentArbitrary(requests)), (document) =>
        expectCompiledParseParity(InteractionsRequest, document),
      ),
      { numRuns: 300 },
    );
  });

  it("parse whole answers as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(answers, mutatedDocumentArbitrary(answers)), (document) =>
        expectCompiledParseParity(InteractionsResponse, document),
      ),
      { numRuns: 300 },
    );
  });
});
