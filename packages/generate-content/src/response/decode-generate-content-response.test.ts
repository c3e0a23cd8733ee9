import { createConversionContext, reportForeignAnswerFields } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeGenerateContentResponse } from "./decode-generate-content-response";
import { encodeGenerateContentResponse } from "./encode-generate-content-response";

describe("generate-content responses", () => {
  it("maps a blocked prompt to content_filter with the block reason, not an empty success", () => {
    const response = decodeGenerateContentResponse(
      { promptFeedback: { blockReason: "PROHIBITED_CONTENT" }, usageMetadata: { promptTokenCount: 4 } },
      createConversionContext(),
    );
    expect(response).toMatchObject({
      parts: [],
      finishReason: { reason: "content_filter", raw: "PROHIBITED_CONTENT" },
      status: "incomplete",
      usage: { inputTokens: 4 },
    });
  });

  it("makes extra candidates canonical candidates, and counts thoughts and cache by the usage rules", () => {
    const response = decodeGenerateContentResponse(
      {
        candidates: [
          { content: { parts: [{ text: "one" }], role: "model" }, finishReason: "STOP", index: 0 },
          { content: { parts: [{ text: "two" }], role: "model" }, finishReason: "RECITATION", index: 1 },
        ],
        usageMetadata: {
          promptTokenCount: 100,
          cachedContentTokenCount: 60,
          candidatesTokenCount: 10,
          thoughtsTokenCount: 5,
          totalTokenCount: 115,
        },
      },
      createConversionContext(),
    );
    expect(response.candidates).toEqual([
      expect.objectContaining({
        index: 1,
        parts: [{ type: "text", text: "two" }],
        finishReason: { reason: "content_filter", raw: "RECITATION" },
      }),
    ]);
    expect(response.usage).toMatchObject({
      inputTokens: 100,
      cacheReadTokens: 60,
      outputTokens: 15,
      reasoningTokens: 5,
      totalTokens: 115,
    });
  });

  it("attaches citation sources to the text they cover, and sends citations of other formats", () => {
    const response = decodeGenerateContentResponse(
      {
        candidates: [
          {
            content: { parts: [{ text: "abc" }, { text: "defgh" }], role: "model" },
            citationMetadata: { citationSources: [{ startIndex: 4, endIndex: 7, uri: "https://s.example" }] },
          },
        ],
      },
      createConversionContext(),
    );
    expect(response.parts[1]).toEqual({
      type: "text",
      text: "defgh",
      citations: [{ kind: "url", url: "https://s.example", startIndex: 1, endIndex: 4 }],
    });
    const context = createConversionContext();
    const wire = encodeGenerateContentResponse(
      { ...response, extensions: undefined, finishReason: { reason: "stop" } },
      context,
    );
    expect(wire.candidates?.[0]?.citationMetadata).toEqual({
      citationSources: [{ startIndex: 4, endIndex: 7, uri: "https://s.example" }],
    });
    expect(context.losses).toEqual([]);
  });

  it("reports finish reasons it can only approximate, and answers a cross-format refusal as SAFETY", () => {
    const context = createConversionContext();
    const wire = encodeGenerateContentResponse(
      { id: "r", model: "m", parts: [], finishReason: { reason: "refusal" }, usage: {}, status: "completed" },
      context,
    );
    expect(wire.candidates?.[0]?.finishReason).toBe("SAFETY");
    expect(context.losses).toEqual([
      expect.objectContaining({ code: "approximated", path: "/finishReason" }),
    ]);
  });
});

describe("a finish reason that says more than its canonical reason", () => {
  const answer = (finishReason: string) => ({
    candidates: [{ content: { role: "model", parts: [{ text: "a" }] }, finishReason }],
    responseId: "r",
    modelVersion: "m",
  });
  const foreignLosses = (finishReason: string) => {
    const context = createConversionContext();
    const response = decodeGenerateContentResponse(answer(finishReason), context);
    reportForeignAnswerFields(response, "chat-completions", context);
    return context.losses.map((loss) => `${loss.code} ${loss.path}`);
  };

  it("is reported lost for another format at the caller's finishReason (which filter blocked it)", () => {
    expect(foreignLosses("RECITATION")).toEqual(["dropped /candidates/0/finishReason"]);
    expect(foreignLosses("LANGUAGE")).toEqual(["dropped /candidates/0/finishReason"]);
  });

  it("is not reported where the canonical reason says it all", () => {
    expect(foreignLosses("SAFETY")).toEqual([]);
    expect(foreignLosses("MAX_TOKENS")).toEqual([]);
  });

  it("comes back exactly to this format", () => {
    const context = createConversionContext();
    const wire = answer("RECITATION");
    expect(encodeGenerateContentResponse(decodeGenerateContentResponse(wire, context), context)).toEqual(
      wire,
    );
  });
});
