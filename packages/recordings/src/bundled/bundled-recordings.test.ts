import { accumulate, type ChatRequest, collect, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeExchange } from "../canonical/decode-exchange";
import { defaultRecordingFormats as formats } from "../format/default-recording-formats";
import { createReplayProvider } from "../replay/create-replay-provider";
import { canonicalProjection } from "../testing/canonical-projection";
import { bundledConversations } from "./bundled-conversations";
import { readBundledRecordings } from "./bundled-recordings";
import { makeBundledRecordings } from "./make-bundled-recordings";

describe("bundled recordings", () => {
  it("say what the bundled conversations say, in every format (run the make-recordings script when not)", async () => {
    const recordings = await readBundledRecordings(formats);
    for (const recording of recordings) {
      const conversation = bundledConversations.find((candidate) =>
        recording.id?.endsWith(`/${candidate.id}`),
      );
      const canonical = await decodeExchange(recording, formats);
      const answer = canonical.response ?? (await accumulate(canonical.events ?? []));
      expect(
        canonicalProjection({ format: recording.format, request: canonical.request, response: answer }),
      ).toEqual(
        canonicalProjection({
          format: recording.format,
          request: conversation?.request,
          response: conversation?.response,
        }),
      );
    }
    const { losses } = await makeBundledRecordings(formats);
    // Only the reasoning settings differ between formats (a budget versus an effort), and
    // interactions, whose thoughts are summaries, says so of the thinking text it sends.
    for (const loss of losses)
      expect(loss).toMatch(
        /\/reasoning: \/reasoning(\/| )|^interactions\/[\w-]+: \/parts\/\d+\/text Thinking text is sent as a thought summary$/,
      );
  });

  it("hold text, tools, reasoning and an image in every format, each decoding cleanly", async () => {
    const recordings = await readBundledRecordings(formats);
    expect(recordings.map((recording) => recording.id)).toEqual(
      formats.flatMap((format) =>
        bundledConversations.map((conversation) => `${format.codec.id}/${conversation.id}`),
      ),
    );
    for (const recording of recordings) {
      const canonical = await decodeExchange(recording, formats);
      const parts = [
        ...(canonical.request?.messages.flatMap((message) => message.parts) ?? []),
        ...(canonical.response?.parts ?? []),
      ];
      expect(parts.length, recording.id).toBeGreaterThan(0);
    }
    const kinds = await Promise.all(
      recordings.map(async (recording) => {
        const canonical = await decodeExchange(recording, formats);
        const events = canonical.events ?? [];
        return [
          ...(canonical.request?.messages.flatMap((message) => message.parts.map((part) => part.type)) ?? []),
          ...events.flatMap((event) => (event.type === "part-start" ? [event.kind] : [])),
          ...(canonical.response?.parts.map((part) => part.type) ?? []),
        ];
      }),
    );
    for (const format of formats) {
      const ofFormat = kinds.filter((_, index) => recordings[index]?.format === format.codec.id).flat();
      expect(new Set(ofFormat)).toEqual(new Set(["text", "tool-call", "tool-result", "reasoning", "media"]));
    }
  });

  it("answer a greeting sent in any format, streamed or not", async () => {
    const provider = createReplayProvider({ recordings: await readBundledRecordings(formats) });
    const greeting: ChatRequest = {
      model: "any",
      messages: [{ role: "user", parts: [{ type: "text", text: "Hello!" }] }],
    };
    for (const format of formats) {
      const wire = format.codec.encodeRequest(greeting, createConversionContext());
      const asked = format.codec.decodeRequest(wire, createConversionContext(), { model: "any" });
      const response = await provider.generate(asked);
      expect(response.parts[0]).toMatchObject({ type: "text", text: expect.stringContaining("recording") });
      const events = await collect(await provider.stream(asked));
      expect(events.at(-1)?.type).toBe("response-end");
    }
  });
});
