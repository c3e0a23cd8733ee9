import { createConversionContext, type MediaPart } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeResponsesContent } from "./decode-responses-content";
import { encodeResponsesContent } from "./encode-responses-content";

/** A media part through the responses content encoder and decoder. */
function throughResponses(part: MediaPart): MediaPart {
  const wire = encodeResponsesContent(part, "user", "input", createConversionContext(), "/part");
  return decodeResponsesContent(wire!, "user") as MediaPart;
}

describe("responses media content", () => {
  it.each<MediaPart["kind"]>(["image", "file"])(
    "keeps the inline bytes of a%s part whose media type is empty (a data URL with none)",
    (kind) => {
      const part: MediaPart = {
        type: "media",
        kind,
        source: { type: "base64", data: "iVBORw0KGgo=" },
        mediaType: "",
      };
      const back = throughResponses(part);
      expect(back.source).toEqual({ type: "base64", data: "iVBORw0KGgo=" });
      expect(back.mediaType).toBe("");
    },
  );

  it("reads a data URL with a media type as inline bytes of that type", () => {
    const part = decodeResponsesContent(
      { type: "input_image", image_url: "data:image/jpeg;base64,/9j/" },
      "user",
    );
    expect(part).toMatchObject({ source: { type: "base64", data: "/9j/" }, mediaType: "image/jpeg" });
  });
});
