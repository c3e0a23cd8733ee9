import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { specDocumentArbitrary } from "./spec-document-arbitrary";
import { createSpecValidator, type SpecFormat } from "./spec-validator";

const schemaNames: Record<SpecFormat, { request: string; response: string }> = {
  messages: { request: "CreateMessageParams", response: "Message" },
  responses: { request: "CreateResponse", response: "Response" },
  "chat-completions": { request: "CreateChatCompletionRequest", response: "CreateChatCompletionResponse" },
  "generate-content": { request: "GenerateContentRequest", response: "GenerateContentResponse" },
};

describe("specDocumentArbitrary", () => {
  for (const format of Object.keys(schemaNames) as SpecFormat[]) {
    it(`makes ${format} documents of the shapes its spec defines`, () => {
      const validator = createSpecValidator(format);
      for (const kind of ["request", "response"] as const) {
        const samples = fc.sample(specDocumentArbitrary(format, kind), { numRuns: 20, seed: 7 });
        const problems = samples.flatMap((sample) => validator.validate(schemaNames[format][kind], sample));
        // Patterns and cross-field rules are not followed, so a few documents may break one.
        const valid = samples.filter(
          (sample) => validator.validate(schemaNames[format][kind], sample).length === 0,
        );
        expect(valid.length, problems.slice(0, 5).join("\n")).toBeGreaterThan(samples.length / 2);
      }
    });
  }
});
