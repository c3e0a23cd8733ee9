import {
  accumulate,
  type ChatEvent,
  type ChatRequest,
  type ChatResponse,
  createConversionContext,
  type MediaPart,
  transformAll,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { readFixtures } from "../../test/support/recordings";
import { chatCompletionsCodec } from "../chat-completions-codec";

const fixture = (folder: string) =>
  structuredClone(readFixtures(folder).find(({ name }) => name === "audio-output.json")?.value) as Record<
    string,
    unknown
  >;

const decodeStream = async (chunks: unknown[]) =>
  accumulate(await transformAll(chunks, chatCompletionsCodec.createStreamDecoder(createConversionContext())));

describe("an answer's audio output", () => {
  it("is an audio media part, and goes back to message.audio as it came", () => {
    const wire = fixture("responses");
    const response = chatCompletionsCodec.decodeResponse(structuredClone(wire), createConversionContext());
    expect(response.parts).toEqual([
      expect.objectContaining({
        type: "media",
        kind: "audio",
        source: { type: "base64", data: "UklGRiQAAABXQVZFZm10IBAAAAABAAEAgD4AAAB9AAACABAAZGF0YQAAAAA=" },
      }),
    ]);
    const context = createConversionContext();
    expect(chatCompletionsCodec.encodeResponse(response, context)).toEqual(wire);
    expect(context.losses).toEqual([]);
  });

  it("is typed by the format the request asked for (wav when another format's request named none)", () => {
    const decode = (request: ChatRequest) =>
      chatCompletionsCodec.decodeResponse(fixture("responses"), createConversionContext({ request }))
        .parts[0] as MediaPart;
    const asked = chatCompletionsCodec.decodeRequest(
      {
        model: "gpt-4o-audio-preview",
        modalities: ["text", "audio"],
        audio: { voice: "alloy", format: "mp3" },
        messages: [{ role: "user", content: "Hi" }],
      },
      createConversionContext(),
    );
    expect(decode(asked).mediaType).toBe("audio/mpeg");
    expect(decode({ model: "m", messages: [], speech: { voice: "alloy" } }).mediaType).toBe("audio/wav");
    expect(decode({ model: "m", messages: [] }).mediaType).toBeUndefined();
  });

  it("streamed in fragments, is one part with the data and transcript joined", async () => {
    const response = await decodeStream(fixture("streams") as unknown as unknown[]);
    const audio = response.parts[0] as MediaPart;
    expect(audio.source).toEqual({
      type: "base64",
      data: "UklGRiQAAABXQVZFZm10IBAAAAABAAEAgD4AAAB9AAACABAAZGF0YQAAAAA=",
    });
    expect(audio.extensions?.["chat-completions"]?.audio).toEqual({
      id: "audio_68f6a1d0a3e48190aed70377a7d6c941",
      transcript: "Hello! How can I help?",
      expires_at: 1761003810,
    });
  });

  it("re-streamed, goes out as one delta.audio that decodes to the same part", async () => {
    const chunks = fixture("streams") as unknown as unknown[];
    const events = await transformAll(
      chunks,
      chatCompletionsCodec.createStreamDecoder(createConversionContext()),
    );
    const context = createConversionContext();
    const wire = await transformAll(events, chatCompletionsCodec.createStreamEncoder(context));
    expect(wire.filter((chunk) => JSON.stringify(chunk).includes('"audio"'))).toHaveLength(1);
    expect((await decodeStream(wire)).parts).toEqual((await decodeStream(chunks)).parts);
    expect(context.losses).toEqual([]);
  });

  it("from another format (no audio fields of this one) is reported lost, whole and streamed", async () => {
    const media: MediaPart = {
      type: "media",
      kind: "audio",
      source: { type: "base64", data: "AAAA" },
      mediaType: "audio/L16;rate=24000",
    };
    const response: ChatResponse = {
      id: "r1",
      model: "m",
      parts: [{ type: "text", text: "Hi" }, media],
      finishReason: { reason: "stop" },
      usage: {},
      status: "completed",
    };
    const context = createConversionContext();
    const body = chatCompletionsCodec.encodeResponse(response, context) as { choices: { message: object }[] };
    expect(body.choices[0]?.message).not.toHaveProperty("audio");
    expect(context.losses).toContainEqual(expect.objectContaining({ code: "dropped", path: "/parts/1" }));

    const streamed = createConversionContext();
    const events: ChatEvent[] = [
      { type: "response-start", id: "r1", model: "m" },
      { type: "part-start", index: 0, kind: "media" },
      { type: "part-end", index: 0, part: media },
      { type: "response-end", finishReason: { reason: "stop" } },
    ];
    await transformAll(events, chatCompletionsCodec.createStreamEncoder(streamed));
    expect(streamed.losses).toContainEqual(expect.objectContaining({ code: "dropped", path: "/parts/0" }));
  });

  it("ending with the expires_at-only delta and no finish_reason, stops (openai-node issue 1206)", async () => {
    const chunks = (fixture("streams") as unknown as { choices: { finish_reason: string | null }[] }[]).slice(
      0,
      -1,
    );
    const response = await decodeStream(chunks);
    expect(response.finishReason.reason).toBe("stop");
    expect(response.parts[0]).toMatchObject({ type: "media", kind: "audio" });
    // Without the audio's terminal marker, a stream with no finish_reason is still cut short.
    const events = await transformAll(
      chunks.slice(0, -1),
      chatCompletionsCodec.createStreamDecoder(createConversionContext()),
    );
    expect(events.at(-1)).toMatchObject({ type: "error", error: { code: "stream_incomplete" } });
  });
});
