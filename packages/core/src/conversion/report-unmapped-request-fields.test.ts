import { describe, expect, it } from "vitest";
import type { ChatRequest } from "../model/chat-request";
import { createConversionContext, pointer } from "./conversion-context";
import { reportUnmappedRequestFields, type UnmappedRequestFields } from "./report-unmapped-request-fields";

const fields: UnmappedRequestFields = {
  marks: ["inputForm", "config/original"],
  holders: ["config"],
  toolMarks: ["group"],
  hostedToolMarks: [],
  messageMarks: ["contentForm"],
};
const front = { id: "vendor", unmappedRequestFields: fields };

const request: ChatRequest = {
  model: "m",
  instructions: [
    { role: "system", parts: [{ type: "text", text: "Be brief." }], extensions: { vendor: { name: "a" } } },
  ],
  messages: [
    { role: "user", parts: [{ type: "text", text: "Hi" }], extensions: { vendor: { contentForm: "parts" } } },
    { role: "assistant", parts: [], extensions: { vendor: { audio: { id: "audio_1" }, unset: null } } },
  ],
  tools: [
    {
      type: "function",
      name: "f",
      inputSchema: { type: "object" },
      extensions: { vendor: { group: 1, defer_loading: true, nothing: null } },
    },
    { type: "hosted", kind: "web_search", extensions: { vendor: { beta: true } } },
    { type: "hosted", kind: "other", extensions: { vendor: { raw: {} } } },
  ],
  extensions: {
    vendor: {
      inputForm: "string",
      labels: { team: "a" },
      cleared: null,
      config: { original: {}, affective: true, unset: null },
    },
    other: { ignored: true },
  },
};

function lossesFor(backend: string, codec: typeof front | { id: string } = front): string[] {
  const context = createConversionContext();
  reportUnmappedRequestFields(request, codec, backend, context);
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("reportUnmappedRequestFields", () => {
  it("reports each caller field the codec kept for its own format, not its bookkeeping nor nulls", () => {
    expect(lossesFor("messages")).toEqual([
      "dropped /extensions/vendor/labels",
      "dropped /extensions/vendor/config/affective",
      "dropped /tools/0/extensions/vendor/defer_loading",
      "dropped /tools/1/extensions/vendor/beta",
      "dropped /instructions/0/extensions/vendor/name",
      "dropped /messages/1/extensions/vendor/audio",
    ]);
  });

  it("reports nothing for a backend of the same format, which gets them all back", () => {
    expect(lossesFor("vendor")).toEqual([]);
  });

  it("reports nothing for a codec that does not say which fields it keeps", () => {
    expect(lossesFor("messages", { id: "vendor" })).toEqual([]);
  });

  it("reports a hosted tool's version of the front's own spelling to another format, when the codec says so", () => {
    const tools: ChatRequest["tools"] = [
      { type: "hosted", kind: "web_search", version: "web_search_preview_2025_03_11" },
      { type: "hosted", kind: "web_search" },
    ];
    const report = (codecFields: UnmappedRequestFields, backend: string) => {
      const context = createConversionContext();
      reportUnmappedRequestFields(
        { model: "m", messages: [], tools },
        { id: "vendor", unmappedRequestFields: codecFields },
        backend,
        context,
      );
      return context.losses.map((loss) => `${loss.code} ${loss.path}`);
    };
    const versioned = { marks: [], holders: [], hostedToolVersions: true };
    expect(report(versioned, "messages")).toEqual(["approximated /tools/0/version"]);
    expect(report(versioned, "vendor")).toEqual([]);
    expect(report({ marks: [], holders: [] }, "messages")).toEqual([]);
  });

  it("fails a strict conversion at the first field", () => {
    const context = createConversionContext({ strict: true });
    expect(() => reportUnmappedRequestFields(request, front, "messages", context)).toThrow(
      /labels has no equivalent in the messages format/,
    );
  });

  it("reports a caller field that several tools keep (a group each member holds) once", () => {
    const context = createConversionContext();
    context.startSource();
    const member = (name: string, index: number) => {
      context.trace(pointer("/tools", index), pointer("/tools/0/tools", index));
      context.trace(pointer("/tools", index, "extensions", "vendor", "namespace"), "/tools/0");
      return {
        type: "function" as const,
        name,
        inputSchema: { type: "object" },
        extensions: { vendor: { namespace: { name: "docs" } } },
      };
    };
    reportUnmappedRequestFields(
      { model: "m", messages: [], tools: [member("docs__a", 0), member("docs__b", 1)] },
      { id: "vendor", unmappedRequestFields: { marks: [], holders: [], toolMarks: [] } },
      "messages",
      context,
    );
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual(["dropped /tools/0"]);
  });

  it("reports a part's caller field (partFields) at the part's key", () => {
    const context = createConversionContext();
    const withBoundary: ChatRequest = {
      model: "m",
      messages: [
        {
          role: "user",
          parts: [
            { type: "text", text: "First." },
            { type: "text", text: "Second.", extensions: { vendor: { newStep: true } } },
          ],
        },
      ],
    };
    reportUnmappedRequestFields(
      withBoundary,
      { id: "vendor", unmappedRequestFields: { marks: [], holders: [], partFields: ["newStep"] } },
      "messages",
      context,
    );
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual([
      "dropped /messages/0/parts/1/extensions/vendor/newStep",
    ]);
  });

  it("reports every key of a part beside its marks (partMarks), a holder's members one by one", () => {
    const context = createConversionContext();
    const withFields: ChatRequest = {
      model: "m",
      instructions: [
        {
          role: "system",
          parts: [{ type: "text", text: "Be brief.", extensions: { vendor: { clip: { start: "0s" } } } }],
        },
      ],
      messages: [
        {
          role: "user",
          parts: [
            {
              type: "media",
              kind: "video",
              source: { type: "url", url: "https://example.com/v.mp4" },
              extensions: {
                vendor: {
                  urlSafe: true,
                  clip: { start: "1s" },
                  file: { cache: "x", unset: null },
                  gone: null,
                },
              },
            },
          ],
        },
      ],
    };
    reportUnmappedRequestFields(
      withFields,
      {
        id: "vendor",
        unmappedRequestFields: { marks: [], holders: [], partMarks: ["urlSafe"], partHolders: ["file"] },
      },
      "messages",
      context,
    );
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual([
      "dropped /instructions/0/parts/0/extensions/vendor/clip",
      "dropped /messages/0/parts/0/extensions/vendor/clip",
      "dropped /messages/0/parts/0/extensions/vendor/file/cache",
    ]);
  });

  it("reports a merged message's own fields (mergedMessages) and each opaque block, where each was kept", () => {
    const merged = {
      id: "vendor",
      unmappedRequestFields: {
        marks: [],
        holders: [],
        messageMarks: ["contentForm", "parts"],
        mergedMessages: "turns",
        opaqueBlocks: "opaqueBlocks",
      },
    };
    const context = createConversionContext();
    const blocks = [{ index: 1, block: { type: "container_upload", file_id: "f" } }];
    reportUnmappedRequestFields(
      {
        model: "m",
        messages: [
          {
            role: "user",
            parts: [{ type: "text", text: "Hi" }],
            extensions: { vendor: { opaqueBlocks: blocks } },
          },
          {
            role: "assistant",
            parts: [{ type: "text", text: "a" }],
            extensions: {
              vendor: {
                turns: [
                  { parts: 1, contentForm: "string", x_extra: 1 },
                  { parts: 0, opaqueBlocks: blocks, unset: null },
                ],
              },
            },
          },
        ],
      },
      merged,
      "responses",
      context,
    );
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual([
      "dropped /messages/0/extensions/vendor/opaqueBlocks/0",
      "dropped /messages/1/extensions/vendor/turns/0/x_extra",
      "dropped /messages/1/extensions/vendor/turns/1/opaqueBlocks/0",
    ]);
  });
});
