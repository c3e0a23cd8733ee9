import { readFileSync } from "node:fs";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { accumulate, type Codec, createConversionContext, transformAll } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";

const fixture = (folder: string): unknown =>
  JSON.parse(
    readFileSync(
      new URL(`../../../chat-completions/test/fixtures/${folder}/audio-output.json`, import.meta.url),
      "utf8",
    ),
  );

/** The formats with no place for spoken output in an answer. */
const withoutAudio = [
  ["messages", messagesCodec],
  ["responses", responsesCodec],
] as const satisfies readonly (readonly [string, Codec])[];

describe("a chat-completions answer's audio in another format", () => {
  it.each(withoutAudio)("is reported lost with its path in a %s answer", (_name, target) => {
    const response = chatCompletionsCodec.decodeResponse(fixture("responses"), createConversionContext());
    const context = createConversionContext();
    target.encodeResponse(response, context);
    expect(context.losses).toContainEqual(expect.objectContaining({ path: "/parts/0" }));
  });

  it.each(withoutAudio)("is reported lost with its path in a %s stream", async (_name, target) => {
    const events = await transformAll(
      fixture("streams") as unknown[],
      chatCompletionsCodec.createStreamDecoder(createConversionContext()),
    );
    const context = createConversionContext();
    await transformAll(events, target.createStreamEncoder(context));
    expect(context.losses).toContainEqual(expect.objectContaining({ path: "/parts/0" }));
  });

  it("reaches a generate-content client as inline audio of the format asked for", async () => {
    // A generate-content caller asking for speech: the chat-completions backend was asked for wav.
    const request = generateContentCodec.decodeRequest(
      {
        contents: [{ role: "user", parts: [{ text: "Say hello" }] }],
        generationConfig: {
          responseModalities: ["AUDIO"],
          speechConfig: { voiceConfig: { prebuiltVoiceConfig: { voiceName: "alloy" } } },
        },
      },
      createConversionContext(),
      { model: "gpt-4o-audio-preview" },
    );
    const events = await transformAll(
      fixture("streams") as unknown[],
      chatCompletionsCodec.createStreamDecoder(createConversionContext({ request })),
    );
    const context = createConversionContext();
    const wire = await transformAll(events, generateContentCodec.createStreamEncoder(context));
    const back = await accumulate(
      await transformAll(wire, generateContentCodec.createStreamDecoder(createConversionContext())),
    );
    expect(back.parts).toContainEqual(
      expect.objectContaining({
        type: "media",
        kind: "audio",
        mediaType: "audio/wav",
        source: { type: "base64", data: "UklGRiQAAABXQVZFZm10IBAAAAABAAEAgD4AAAB9AAACABAAZGF0YQAAAAA=" },
      }),
    );
    // The audio is carried; what the stream's chunks said beside it (their creation time among
    // them) has no place in this format.
    expect(context.losses.map((loss) => loss.path)).toEqual([
      "/start/extensions/chat-completions/service_tier",
      "/start/extensions/chat-completions/system_fingerprint",
      "/created",
    ]);
  });
});
