import {
  expectCompiledParseParity,
  mutatedDocumentArbitrary,
  specDocumentArbitrary,
} from "@interlingua/core/test";
import fc from "fast-check";
import { describe, it } from "vitest";
import { ChatCompletionsRequest } from "../src/wire/chat-completions-request-schema";
import { ChatCompletionsResponse } from "../src/wire/chat-completions-response-schema";
import {
  chatCompletionsWireRequestArbitrary,
  chatCompletionsWireResponseArbitrary,
} from "./support/chat-completions-wire-arbitraries";

const requests = fc.oneof(
  chatCompletionsWireRequestArbitrary,
  specDocumentArbitrary("chat-completions", "request"),
);
const answers = fc.oneof(
  chatCompletionsWireResponseArbitrary,
  specDocumentArbitrary("chat-completions", "response"),
);

/**
 * The wire schemas on the compiled zod objects (decision 0054) accept and refuse exactly what
 * zod/mini's interpreted objects did, with the same issues: the caller's requests and the upstream's
 * answers, as generated and with wrong types, missing fields and unknown keys anywhere in them.
 */
describe("chat-completions wire schemas on compiled objects", () => {
  it("parse requests as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(requests, mutatedDocumentArbitrary(requests)), (document) =>
        expectCompiledParseParity(ChatCompletionsRequest, document),
      ),
      { numRuns: 300 },
    );
  });

  it("parse whole answers as the interpreted objects do", () => {
    fc.assert(
      fc.property(fc.oneof(answers, mutatedDocumentArbitrary(answers)), (document) =>
        expectCompiledParseParity(ChatCompletionsResponse, document),
      ),
      { numRuns: 300 },
    );
  });
});
