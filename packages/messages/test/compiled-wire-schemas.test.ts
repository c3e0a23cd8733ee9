import {
  expectCompiledParseParity,
  mutatedDocumentArbitrary,
  specDocumentArbitrary,
} from "@interlingua/core/test";
import fc from "fast-check";
import { describe, it } from "vitest";
import { MessagesRequest } from "../src/wire/messages-request";
import { MessagesResponse } from "../src/wire/messages-response";

const requests = specDocumentArbitrary("messages", "request");
const answers = specDocumentArbitrary("messages", "response");

/**
 * The wire schemas on the compiled zod objects (decision 0054) accept and refuse exactly what
 * zod/mini's interpreted objects did, with the same issues: the caller's requests and the upstream's
 * answers, as generated and with wrong types, missing fields and unknown keys anywhere in them.
 */
describe("messages wire schemas on compiled objects", () => {
  it("parse requests as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(requests, mutatedDocumentArbitrary(requests)), (document) =>
        expectCompiledParseParity(MessagesRequest, document),
      ),
      { numRuns: 300 },
    );
  });

  it("parse whole answers as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(answers, mutatedDocumentArbitrary(answers)), (document) =>
        expectCompiledParseParity(MessagesResponse, document),
      ),
      { numRuns: 300 },
    );
  });
});
