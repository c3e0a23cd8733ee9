import {
  assertValidEventSequence,
  CanonicalError,
  type ChatRequest,
  collect,
  createConversionContext,
} from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readBundledRecordings } from "../bundled/bundled-recordings";
import { decodeExchange } from "../canonical/decode-exchange";
import { defaultRecordingFormats as formats } from "../format/default-recording-formats";
import type { RecordedExchange } from "../format/recorded-exchange";
import { findRecordingFormat } from "../format/recording-format";
import { readFileExchanges, sharedRecordingFiles } from "../testing/shared-recordings";
import { createReplayProvider } from "./create-replay-provider";
import { createReplayFingerprint } from "./replay-fingerprint";

async function sharedExchanges(file: string): Promise<RecordedExchange[]> {
  const found = sharedRecordingFiles(formats).find((candidate) => candidate.file === file);
  if (!found) throw new Error(`no shared recording ${file}`);
  return readFileExchanges(found.path, formats);
}

/** The request as a client of another format would send it: encoded there and decoded again. */
function viaFormat(request: ChatRequest, format: string): ChatRequest {
  const codec = findRecordingFormat(formats, format).codec;
  const wire = codec.encodeRequest(request, createConversionContext());
  return codec.decodeRequest(wire, createConversionContext(), {
    model: request.model,
    stream: request.stream,
  });
}

async function rejection(promise: Promise<unknown>): Promise<CanonicalError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!CanonicalError.isInstance(error)) throw new Error(`expected a CanonicalError, got ${String(error)}`);
  return error;
}

describe("createReplayProvider", () => {
  it("answers each recorded request with its recorded answer, to a caller of any format", async () => {
    const recordings = [
      ...(await sharedExchanges("tool-runner-roundtrips.nock.json")),
      ...(await sharedExchanges("streamed-tool-use-roundtrip.http.json")),
    ];
    const provider = createReplayProvider({ recordings });
    for (const recording of recordings) {
      const canonical = await decodeExchange(recording, formats);
      const request = canonical.request as ChatRequest;
      for (const format of formats) {
        const asked = viaFormat(request, format.codec.id);
        if (canonical.response) {
          expect(await provider.generate(asked)).toEqual(canonical.response);
        } else {
          const events = await collect(await provider.stream(asked));
          expect(events).toEqual(canonical.events);
          assertValidEventSequence(events);
        }
      }
    }
  });

  it("streams a whole recorded response as a valid event sequence, and accumulates a recorded stream", async () => {
    const [whole] = await sharedExchanges("tool-runner-roundtrips.nock.json");
    const [streamed] = await sharedExchanges("streamed-tool-use-roundtrip.http.json");
    const provider = createReplayProvider({
      recordings: [whole as RecordedExchange, streamed as RecordedExchange],
    });
    const wholeCanonical = await decodeExchange(whole as RecordedExchange, formats);
    const events = await collect(await provider.stream(wholeCanonical.request as ChatRequest));
    assertValidEventSequence(events);
    expect(events.at(-1)?.type).toBe("response-end");
    const streamedCanonical = await decodeExchange(streamed as RecordedExchange, formats);
    const response = await provider.generate(streamedCanonical.request as ChatRequest);
    expect(response.parts.map((part) => part.type)).toContain("tool-call");
  });

  it("answers repeated requests with their recordings in turn (errors included)", async () => {
    const recordings = await sharedExchanges("rate-limit-429-twice-then-ok.http.json");
    const provider = createReplayProvider({ recordings });
    const request = (await decodeExchange(recordings[0] as RecordedExchange, formats)).request as ChatRequest;
    expect((await rejection(provider.generate(request))).kind).toBe("rate_limit");
    expect((await rejection(provider.stream(request))).status).toBe(429);
    const answer = await provider.generate(request);
    expect(answer.status).toBe("completed");
  });

  it("rejects an unmatched request with not_found naming the closest recording", async () => {
    const recordings = await sharedExchanges("tool-runner-roundtrips.nock.json");
    const provider = createReplayProvider({ recordings });
    const error = await rejection(
      provider.generate({
        model: "any",
        messages: [{ role: "user", parts: [{ type: "text", text: 'Use the test_tool with value "other"' }] }],
      }),
    );
    expect(error.kind).toBe("not_found");
    expect(error.status).toBe(404);
    expect(error.message).toMatch(/closest recording is ".*tool-runner-roundtrips\.nock\.json\[0\]"/);
    expect(error.message).toContain("Use the test_tool with value");
  });

  it("matches by the configured fingerprint", async () => {
    const recordings = await sharedExchanges("text.response.json");
    const [recording] = recordings;
    const exchange: RecordedExchange = {
      ...(recording as RecordedExchange),
      request: {
        headers: {},
        body: { model: "recorded-model", max_tokens: 10, messages: [{ role: "user", content: "Hello" }] },
      },
    };
    const byModel = createReplayProvider({
      recordings: [exchange],
      match: createReplayFingerprint({ model: true }),
    });
    const anyModel = createReplayProvider({ recordings: [exchange] });
    const ask = (model: string): ChatRequest => ({
      model,
      messages: [{ role: "user", parts: [{ type: "text", text: " Hello " }] }],
    });
    expect((await anyModel.generate(ask("other-model"))).parts).toHaveLength(1);
    expect((await byModel.generate(ask("recorded-model"))).parts).toHaveLength(1);
    expect((await rejection(byModel.generate(ask("other-model")))).kind).toBe("not_found");
  });

  describe("says which part of a near miss differs from the closest recording", () => {
    const user = (text: string): ChatRequest["messages"][number] => ({
      role: "user",
      parts: [{ type: "text", text }],
    });
    const bundled = async () => createReplayProvider({ recordings: await readBundledRecordings(formats) });

    it("a prompt missing its punctuation, down to the character", async () => {
      const error = await rejection((await bundled()).generate({ model: "any", messages: [user("Hello")] }));
      expect(error.message).toContain('(it was asked: "Hello!")');
      expect(error.message).toContain(
        'which differs in the user text of part 1 of the conversation: this request has "Hello", ' +
          'the recording "Hello!"; they differ from character 6: the end here, "!" in the recording',
      );
      expect(error.message).not.toMatch(/instructions|tools/);
    });

    it("an added system instruction", async () => {
      const error = await rejection(
        (await bundled()).generate({
          model: "any",
          instructions: [{ role: "system", parts: [{ type: "text", text: "Answer in French." }] }],
          messages: [user("Hello!")],
        }),
      );
      expect(error.message).toContain(
        'which differs in the instructions: this request has "Answer in French.", the recording has none',
      );
      expect(error.message).not.toMatch(/conversation|tools/);
    });

    it("no tools where the recording offered some", async () => {
      const error = await rejection(
        (await bundled()).generate({ model: "any", messages: [user("What is the weather in Paris?")] }),
      );
      expect(error.message).toContain(
        "which differs in the tools: this request offers none, the recording offers get_weather",
      );
      expect(error.message).not.toMatch(/conversation|instructions/);
    });

    it("a conversation longer than the recording's, and a part from another speaker", async () => {
      const provider = await bundled();
      const longer = await rejection(
        provider.generate({
          model: "any",
          messages: [
            user("Hello!"),
            { role: "assistant", parts: [{ type: "text", text: "Hi." }] },
            user("Bye"),
          ],
        }),
      );
      expect(longer.message).toContain(
        'the conversation: this request has 3 parts, the recording 1 (the first extra one here is the text "Hi." from the assistant)',
      );
      const speaker = await rejection(
        provider.generate({
          model: "any",
          messages: [{ role: "assistant", parts: [{ type: "text", text: "Hello!" }] }],
        }),
      );
      expect(speaker.message).toContain(
        "part 1 of the conversation: it comes from the assistant here, from the user in the recording",
      );
    });

    it("any recorded text followed by more: names the first differing character (property)", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1, maxLength: 30 }).filter((text) => text.trim() === text && text !== ""),
          fc
            .string({ minLength: 1, maxLength: 10 })
            .filter((extra) => extra.trim() === extra && extra !== ""),
          async (recorded, extra) => {
            const exchange: RecordedExchange = {
              format: "messages",
              method: "POST",
              path: "/v1/messages",
              request: {
                headers: {},
                body: { model: "m", max_tokens: 10, messages: [{ role: "user", content: recorded }] },
              },
              response: {
                status: 200,
                headers: {},
                body: {
                  id: "msg_1",
                  type: "message",
                  role: "assistant",
                  model: "m",
                  content: [{ type: "text", text: "ok" }],
                  stop_reason: "end_turn",
                  stop_sequence: null,
                  usage: { input_tokens: 1, output_tokens: 1 },
                },
              },
            };
            const provider = createReplayProvider({ recordings: [exchange] });
            const error = await rejection(
              provider.generate({ model: "m", messages: [user(`${recorded}${extra}`)] }),
            );
            expect(error.message).toContain(`they differ from character ${recorded.length + 1}:`);
            expect(error.message).toContain(`${JSON.stringify(extra)} here, the end in the recording`);
          },
        ),
        { numRuns: 50 },
      );
    });
  });
});
