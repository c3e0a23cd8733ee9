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

function lossesFor(backend: string, wire: object = body): string[] {
  const context = createConversionContext();
  const request = generateContentCodec.decodeRequest(wire, context, { model: "gemini-3-pro" });
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

  it("include a calling mode with no canonical meaning, at its place under toolConfig", () => {
    const validated = { ...body, toolConfig: { functionCallingConfig: { mode: "VALIDATED" } } };
    expect(lossesFor("responses", validated)).toContain("dropped /toolConfig/functionCallingConfig/mode");
  });

  it("include output settings the canonical output format was not read from", () => {
    const contents = body.contents;
    expect(
      lossesFor("messages", {
        contents,
        generationConfig: {
          responseMimeType: "text/markdown",
          responseModalities: ["TEXT", "MODALITY_UNSPECIFIED"],
        },
      }),
    ).toEqual(["dropped /generationConfig/responseModalities", "dropped /generationConfig/responseMimeType"]);
    expect(
      lossesFor("chat-completions", { contents, generationConfig: { responseJsonSchema: true } }),
    ).toEqual(["dropped /generationConfig/responseJsonSchema"]);
  });

  it("leave out output settings the canonical output format says", () => {
    const generationConfig = {
      responseMimeType: "text/x.enum",
      responseSchema: { type: "STRING", enum: ["a"] },
    };
    expect(lossesFor("messages", { contents: body.contents, generationConfig })).toEqual([]);
  });
});

describe("generate-content's unmapped tool fields", () => {
  it("are a declaration's and a hosted tool's own fields, at their place in the caller's tools", () => {
    const tools = [
      {
        functionDeclarations: [{ name: "a", description: "", behavior: "BLOCKING" }],
        googleSearchRetrieval: { dynamicRetrievalConfig: { mode: "MODE_DYNAMIC" } },
      },
      { computerUse: { environment: "ENVIRONMENT_BROWSER", excludedPredefinedFunctions: ["x"] } },
    ];
    expect(lossesFor("messages", { contents: body.contents, tools })).toEqual([
      "dropped /tools/0/functionDeclarations/0/behavior",
      "dropped /tools/0/googleSearchRetrieval/dynamicRetrievalConfig",
      "dropped /tools/1/computerUse/excludedPredefinedFunctions",
    ]);
  });
});

describe("generate-content's unmapped turn fields", () => {
  it("are a turn's unknown fields and a function role, and the instruction's unknown fields", () => {
    const wire = {
      contents: [
        { role: "model", parts: [{ functionCall: { name: "f", args: {} } }] },
        { role: "function", parts: [{ functionResponse: { name: "f", response: {} } }], futureField: 1 },
        { parts: [{ text: "And?" }] },
      ],
      system_instruction: { role: "user", parts: [{ text: "Be brief." }], futureField: true },
    };
    expect(lossesFor("messages", wire)).toEqual([
      "dropped /system_instruction/futureField",
      "dropped /contents/1/futureField",
      "dropped /contents/1/role",
    ]);
  });
});

describe("generate-content's unmapped part fields", () => {
  it("are a part's unknown fields, video metadata and what its canonical part cannot hold", () => {
    const wire = {
      contents: [
        {
          role: "user",
          parts: [
            { fileData: { fileUri: "gs://b/v.mp4", mimeType: "video/mp4" }, videoMetadata: { fps: 2 } },
            { inlineData: { mimeType: "image/png", data: "AAAA", displayName: "a.png" }, futureField: 1 },
            { text: "Hi", thought: false },
            { fileData: { fileUri: "gs://b/a.pdf" }, thought: true },
          ],
        },
      ],
      systemInstruction: { parts: [{ text: "Be brief.", videoMetadata: { fps: 1 } }] },
    };
    expect(lossesFor("interactions", wire)).toEqual([
      "dropped /systemInstruction/parts/0/videoMetadata",
      "dropped /contents/0/parts/0/videoMetadata",
      "dropped /contents/0/parts/1/futureField",
      "dropped /contents/0/parts/1/inlineData/displayName",
      "dropped /contents/0/parts/3/thought",
    ]);
  });
});
