import { expectCompiledParseParity, mutatedDocumentArbitrary } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, it } from "vitest";
import { GenerateContentRequest } from "../src/wire/generate-content-request-schema";
import { GenerateContentResponse } from "../src/wire/generate-content-response-schema";
import { generateContentDocumentArbitrary } from "./support/generate-content-document-arbitrary";

const requests = generateContentDocumentArbitrary("request");
const answers = generateContentDocumentArbitrary("response");

/**
 * The wire schemas on the compiled zod objects (decision 0054) accept and refuse exactly what
 * zod/mini's interpreted objects did, with the same issues: the caller's requests and the upstream's
 * answers, as generated and with wrong types, missing fields and unknown keys anywhere in them.
 */
describe("generate-content wire schemas on compiled objects", () => {
  it("parse requests as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(requests, mutatedDocumentArbitrary(requests)), (document) =>
        expectCompiledParseParity(GenerateContentRequest, document),
      ),
      { numRuns: 300 },
    );
  });

  it("parse whole answers as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(answers, mutatedDocumentArbitrary(answers)), (document) =>
        expectCompiledParseParity(GenerateContentResponse, document),
      ),
      { numRuns: 300 },
    );
  });
});
