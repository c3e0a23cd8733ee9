import { type ChatRequest, collect, createConversionContext, replay, transformAll } from "@interlingua/core";
import { chatRequestArbitrary, chatResponseArbitrary, createSpecValidator } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateContentFixtures } from "../test/support/fixtures";
import { generateContentRecordings } from "../test/support/recordings";
import { generateContentCodec as codec } from "./generate-content-codec";

const spec = createSpecValidator("generate-content");
const received = createSpecValidator("generate-content", { mode: "received" });
/** Fixtures that pass unknown fields through unchanged on purpose (kept for lossless round trips). */
const newerThanSpec = new Set([
  "body model and unknown fields kept",
  "function calls with ids and a thought signature",
]);

/**
 * Request problems, less two the live API does not have: `thinkingLevel` is newer than the stored
 * spec (Gemini 3 models), and the spec marks `FunctionDeclaration.description` required while the
 * API and the official SDKs treat it as optional (a tool of another format may have none).
 */
const notInLiveApi = [
  /^\/generationConfig\/thinkingConfig\/thinkingLevel: property not declared/,
  /^\/tools\/\d+\/functionDeclarations\/\d+\/description: required property is missing/,
];
function requestProblems(body: unknown): string[] {
  return spec
    .validate("GenerateContentRequest", body)
    .filter((problem) => !notInLiveApi.some((pattern) => pattern.test(problem)));
}
const recordings = generateContentRecordings();
const own = generateContentFixtures();

describe("generate-content output conforms to the vendor spec", () => {
  for (const fixture of own.requests.filter((f) => !newerThanSpec.has(f.name))) {
    it(`request: ${fixture.name}`, () => {
      const context = createConversionContext();
      const decoded = codec.decodeRequest(structuredClone(fixture.wire), context, fixture.location);
      // The spec's field names are lowerCamel: validate the canonical spelling of snake_case requests.
      const canonicalSpelling = { ...decoded, extensions: undefined } as ChatRequest;
      expect(requestProblems(codec.encodeRequest(canonicalSpelling, context))).toEqual([]);
    });
  }

  for (const fixture of [...recordings.responses, ...own.responses].filter(
    (f) => !newerThanSpec.has(f.name),
  )) {
    it(`response: ${fixture.name}`, () => {
      const context = createConversionContext();
      const encoded = codec.encodeResponse(codec.decodeResponse(fixture.wire, context), context);
      expect(spec.validate("GenerateContentResponse", encoded)).toEqual([]);
    });
  }

  for (const fixture of [...recordings.streams, ...own.streams]) {
    it(`stream: ${fixture.name}`, async () => {
      for (const event of fixture.events) {
        const schema = (event as { error?: unknown }).error ? "Error" : "GenerateContentResponse";
        expect(received.validate(schema, event)).toEqual([]);
      }
      const context = createConversionContext();
      const events = await transformAll(fixture.events, codec.createStreamDecoder(context));
      const encoded = await transformAll(events, codec.createStreamEncoder(context));
      const problems = encoded.flatMap((chunk, index) => {
        const schema = (chunk as { error?: unknown }).error ? "Error" : "GenerateContentResponse";
        return spec.validate(schema, chunk).map((problem) => `chunk ${index}: ${problem}`);
      });
      expect(problems).toEqual([]);
    });
  }

  for (const fixture of [...recordings.errors, ...own.errors]) {
    it(`error: ${fixture.name}`, () => {
      const wire = codec.errorToWire(codec.errorFromWire(fixture.status, fixture.body, fixture.headers));
      expect(spec.validate("Error", wire.body)).toEqual([]);
    });
  }

  it("encodes canonical requests of any origin to spec-valid bodies", () => {
    fc.assert(
      fc.property(chatRequestArbitrary, (request) => {
        const context = createConversionContext();
        let body: unknown;
        try {
          body = codec.encodeRequest(request, context);
        } catch (thrown) {
          // A tool result whose call is not in the conversation cannot be named: a clear error, not a crash.
          expect((thrown as { kind?: string }).kind).toBe("invalid_request");
          return;
        }
        expect(requestProblems(body)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("encodes canonical responses of any origin to spec-valid bodies and streams", async () => {
    await fc.assert(
      fc.asyncProperty(chatResponseArbitrary, async (response) => {
        const context = createConversionContext();
        expect(spec.validate("GenerateContentResponse", codec.encodeResponse(response, context))).toEqual([]);
        const encoded = await transformAll(
          await collect(replay(response)),
          codec.createStreamEncoder(context),
        );
        for (const chunk of encoded) {
          const schema = (chunk as { error?: unknown }).error ? "Error" : "GenerateContentResponse";
          expect(spec.validate(schema, chunk)).toEqual([]);
        }
      }),
      { numRuns: 150 },
    );
  });
});
