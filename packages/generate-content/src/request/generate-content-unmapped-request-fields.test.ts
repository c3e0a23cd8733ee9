import { createConversionContext, reportUnmappedRequestFields } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { generateContentCodec } from "../generate-content-codec";

const body = {
  contents: [{ role: "user", parts: [{ text: "Hi" }] }],
  labels: { team: "a" },
  generationConfig: {
    responseMimeType: "application/json",
    responseJsonSchema: { type: "OBJECT" },
    enableAffectiveDialog: true,
  },
};

function lossesFor(backend: string): string[] {
  const context = createConversionContext();
  const request = generateContentCodec.decodeRequest(body, context, { model: "gemini-3-pro" });
  reportUnmappedRequestFields(request, generateContentCodec, backend, context);
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("generate-content's unmapped request fields", () => {
  it("are reported at their place in the caller's body, not the codec's own bookkeeping", () => {
    expect(lossesFor("messages")).toEqual([
      "dropped /labels",
      "dropped /generationConfig/enableAffectiveDialog",
    ]);
  });

  it("are not reported for a backend of the same format, which gets them all back", () => {
    expect(lossesFor("generate-content")).toEqual([]);
  });
});
