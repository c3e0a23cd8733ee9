import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeGenerateContentGenerationConfig } from "./encode-generate-content-generation-config";

const request = { model: "gemini-2.5-flash", messages: [] };

describe("encodeGenerateContentGenerationConfig", () => {
  it("raises a limit of 0 output tokens to 1, the API's minimum, and reports it", () => {
    const context = createConversionContext();
    const config = encodeGenerateContentGenerationConfig(
      { ...request, maxOutputTokens: 0 },
      undefined,
      context,
    );
    expect(config?.maxOutputTokens).toBe(1);
    expect(context.losses).toEqual([
      expect.objectContaining({ code: "approximated", path: "/maxOutputTokens" }),
    ]);
  });

  it("sends any other limit as it is, with no loss", () => {
    const context = createConversionContext();
    const config = encodeGenerateContentGenerationConfig(
      { ...request, maxOutputTokens: 1 },
      undefined,
      context,
    );
    expect(config?.maxOutputTokens).toBe(1);
    expect(context.losses).toEqual([]);
  });
});
