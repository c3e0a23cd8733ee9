import {
  assertValidEventSequence,
  CanonicalError,
  type ChatRequest,
  collect,
  createConversionContext,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
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
});
