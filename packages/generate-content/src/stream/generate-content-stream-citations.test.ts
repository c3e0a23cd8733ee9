import { type ChatEvent, createConversionContext, transformAll } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createGenerateContentStreamDecoder } from "./create-generate-content-stream-decoder";
import { createGenerateContentStreamEncoder } from "./create-generate-content-stream-encoder";

/** What the test reads of a chunk. */
type Chunk = {
  candidates?: { citationMetadata?: unknown; content?: { parts?: { inlineData?: unknown }[] } }[];
};

const citation = { kind: "url" as const, url: "https://example.com/france", startIndex: 0, endIndex: 10 };

/** Another format's answer: a cited text, then an image. */
const events: ChatEvent[] = [
  { type: "response-start", id: "v1_1", model: "gemini-3-flash-preview" },
  { type: "part-start", index: 0, kind: "text" },
  { type: "text-delta", index: 0, text: "68 million." },
  { type: "citation-delta", index: 0, citation },
  { type: "part-end", index: 0, part: { type: "text", text: "68 million.", citations: [citation] } },
  { type: "part-start", index: 1, kind: "media" },
  {
    type: "part-end",
    index: 1,
    part: {
      type: "media",
      kind: "image",
      source: { type: "base64", data: "iVBORw0KGgo=" },
      mediaType: "image/png",
    },
  },
  { type: "response-end", finishReason: { reason: "stop" } },
];

describe("citations in a generate-content stream", () => {
  it("go out as their text part ends, so a reader gives them to that part and not to the image after it", async () => {
    const wire = (await transformAll(
      events,
      createGenerateContentStreamEncoder(createConversionContext()),
    )) as Chunk[];
    const cited = wire.findIndex((chunk) => chunk.candidates?.[0]?.citationMetadata !== undefined);
    const imaged = wire.findIndex((chunk) =>
      chunk.candidates?.[0]?.content?.parts?.some((part) => part.inlineData !== undefined),
    );
    expect(cited).toBeGreaterThanOrEqual(0);
    expect(cited).toBeLessThan(imaged);
    // Sent once: the last chunk does not repeat them.
    expect(wire.filter((chunk) => chunk.candidates?.[0]?.citationMetadata !== undefined)).toHaveLength(1);
    const back = await transformAll(wire, createGenerateContentStreamDecoder(createConversionContext()));
    const ends = back.filter((event) => event.type === "part-end");
    expect(ends.map((event) => event.part.type)).toEqual(["text", "media"]);
    expect(ends[0]?.part).toMatchObject({
      type: "text",
      citations: [{ url: citation.url, startIndex: 0, endIndex: 10 }],
    });
  });
});
