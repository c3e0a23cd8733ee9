import { createConversionContext, type MediaPart } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeMediaContentPart } from "./encode-chat-completions-content";

describe("encodeMediaContentPart, input audio", () => {
  const encode = (mediaType: string) => {
    const context = createConversionContext();
    const part: MediaPart = {
      type: "media",
      kind: "audio",
      source: { type: "base64", data: "AAAA" },
      mediaType,
    };
    const wire = encodeMediaContentPart(part, context, "/messages/0/parts/0");
    return { wire, losses: context.losses.map((loss) => [loss.code, loss.path]) };
  };

  it("reports a type sent as a format that reads back as another type, and none that reads back as itself", () => {
    expect(encode("audio/mp3")).toEqual({
      wire: { type: "input_audio", input_audio: { data: "AAAA", format: "mp3" } },
      losses: [["approximated", "/messages/0/parts/0/mediaType"]],
    });
    expect(encode("audio/mpeg").losses).toEqual([]);
    expect(encode("audio/wav").losses).toEqual([]);
    expect(encode("audio/ogg").losses).toEqual([]);
  });
});
