import { createConversionContext, transformAll } from "@interlingua/core";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { generateContentCodec } from "../src/generate-content-codec";

/** A stream whose chunks carry what only generate-content says: ratings, feedback, usage details. */
const chunks = [
  {
    candidates: [
      {
        index: 0,
        content: { role: "model", parts: [{ text: "Hel" }] },
        safetyRatings: [{ category: "HARM_CATEGORY_HARASSMENT", probability: "NEGLIGIBLE" }],
      },
    ],
    usageMetadata: {
      promptTokenCount: 4,
      totalTokenCount: 4,
      promptTokensDetails: [{ modality: "TEXT", tokenCount: 4 }],
    },
    modelVersion: "gemini-test",
    responseId: "resp_env_1",
  },
  {
    candidates: [{ index: 0, content: { role: "model", parts: [{ text: "lo" }] }, finishReason: "STOP" }],
    usageMetadata: {
      promptTokenCount: 4,
      candidatesTokenCount: 2,
      totalTokenCount: 6,
      promptTokensDetails: [{ modality: "TEXT", tokenCount: 4 }],
    },
    promptFeedback: { safetyRatings: [] },
    modelVersion: "gemini-test",
    responseId: "resp_env_1",
  },
];

async function lossPaths(target: typeof generateContentCodec | typeof messagesCodec): Promise<string[]> {
  const context = createConversionContext();
  const canonical = await transformAll(
    structuredClone(chunks),
    generateContentCodec.createStreamDecoder(context),
  );
  await transformAll(canonical, target.createStreamEncoder(context));
  return context.losses.map((loss) => loss.path);
}

describe("fields of generate-content stream chunks through another format's stream", () => {
  for (const target of [messagesCodec, responsesCodec]) {
    it(`are reported dropped where a chunk said them, through ${target.id}`, async () => {
      const paths = await lossPaths(target as typeof messagesCodec);
      expect(paths).toEqual(
        expect.arrayContaining([
          "/0/candidates/0/safetyRatings",
          "/1/usageMetadata/promptTokensDetails",
          "/1/promptFeedback",
        ]),
      );
      // A candidate's index and its content's role "model" are what any answer implies.
      expect(paths.filter((path) => /\/(index|role)$/.test(path))).toEqual([]);
    });
  }

  it("are carried, with no loss, back to generate-content", async () => {
    expect(await lossPaths(generateContentCodec)).toEqual([]);
  });
});
