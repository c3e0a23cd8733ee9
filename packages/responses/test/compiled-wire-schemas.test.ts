import {
  expectCompiledParseParity,
  mutatedDocumentArbitrary,
  specDocumentArbitrary,
} from "@interlingua/core/test";
import fc from "fast-check";
import { describe, it } from "vitest";
import { ResponsesRequest } from "../src/wire/responses-request-schema";
import { ResponsesResponse } from "../src/wire/responses-response-schema";
import {
  responsesWireRequestArbitrary,
  responsesWireResponseArbitrary,
} from "./support/responses-wire-arbitraries";

const requests = fc.oneof(responsesWireRequestArbitrary, specDocumentArbitrary("responses", "request"));
const answers = fc.oneof(responsesWireResponseArbitrary, specDocumentArbitrary("responses", "response"));

/**
 * The wire schemas on the compiled zod objects (decision 0054) accept and refuse exactly what
 * zod/mini's interpreted objects did, with the same issues: the caller's requests and the upstream's
 * answers, as generated and with wrong types, missing fields and unknown keys anywhere in them.
 */
describe("responses wire schemas on compiled objects", () => {
  it("parse requests as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(requests, mutatedDocumentArbitrary(requests)), (document) =>
        expectCompiledParseParity(ResponsesRequest, document),
      ),
      { numRuns: 300 },
    );
  });

  it("parse whole answers as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(answers, mutatedDocumentArbitrary(answers)), (document) =>
        expectCompiledParseParity(ResponsesResponse, document),
      ),
      { numRuns: 300 },
    );
  });
});
