import { createConversionContext } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { describe, expect, it } from "vitest";
import { chatCompletionsCodec } from "../src/chat-completions-codec";

const request = {
  model: "gpt-4o-audio-preview",
  modalities: ["text", "audio"],
  audio: { voice: "alloy", format: "mp3" },
  messages: [{ role: "user", content: "Say hello" }],
};

describe("audio.format", () => {
  it("is the canonical speech format, so a target that cannot ask for it reports it at the caller's field", () => {
    const context = createConversionContext();
    const canonical = chatCompletionsCodec.decodeRequest(structuredClone(request), context);
    expect(canonical.speech).toEqual({ voice: "alloy", format: "mp3" });
    generateContentCodec.encodeRequest(canonical, context);
    expect(context.losses).toContainEqual(
      expect.objectContaining({ code: "dropped", path: "/audio/format" }),
    );
  });

  it("is asked for as wav, with a loss, when the caller's format names none, and a chat-completions backend reads it back", () => {
    const context = createConversionContext();
    const canonical = generateContentCodec.decodeRequest(
      {
        contents: [{ role: "user", parts: [{ text: "Say hello" }] }],
        generationConfig: { speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: "Kore" } } } },
      },
      context,
      { model: "gemini-2.5-flash-preview-tts" },
    );
    const wire = chatCompletionsCodec.encodeRequest(canonical, context) as { audio: unknown };
    expect(wire.audio).toEqual({ voice: "Kore", format: "wav" });
    expect(context.losses).toContainEqual(
      expect.objectContaining({ code: "approximated", path: "/generationConfig/speechConfig" }),
    );
    const back = chatCompletionsCodec.decodeRequest(wire, createConversionContext());
    expect(back.speech).toEqual({ voice: "Kore", format: "wav" });
  });

  it("comes back as it was to chat-completions", () => {
    const context = createConversionContext();
    const canonical = chatCompletionsCodec.decodeRequest(structuredClone(request), context);
    const wire = chatCompletionsCodec.encodeRequest(canonical, context) as { audio: unknown };
    expect(wire.audio).toEqual(request.audio);
    expect(context.losses).toEqual([]);
  });
});
