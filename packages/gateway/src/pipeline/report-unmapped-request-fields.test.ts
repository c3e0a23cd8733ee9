import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { generateContentGatewayFormat } from "../formats/generate-content-gateway-format";
import { reportUnmappedRequestFields } from "./report-unmapped-request-fields";

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
  const { codec } = generateContentGatewayFormat;
  const context = createConversionContext();
  const request = codec.decodeRequest(body, context, { model: "gemini-3-pro" });
  reportUnmappedRequestFields(request, generateContentGatewayFormat, backend, context);
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("reportUnmappedRequestFields", () => {
  it("reports each caller field the codec kept for its own format, not its own bookkeeping, at its place in the caller's body", () => {
    expect(lossesFor("messages")).toEqual([
      "dropped /labels",
      "dropped /generationConfig/enableAffectiveDialog",
    ]);
  });

  it("reports nothing for a backend of the same format, which gets them all back", () => {
    expect(lossesFor("generate-content")).toEqual([]);
  });
});
