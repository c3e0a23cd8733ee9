import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { ChatEventBatches } from "../contracts/chat-provider";
import type { Codec } from "../contracts/codec";
import { createConversionContext } from "../conversion/conversion-context";
import { CanonicalError } from "../errors/canonical-error";
import { statusByErrorKind } from "../errors/error-status";
import { ChatEvent } from "../model/chat-event";
import { ChatRequest } from "../model/chat-request";
import { ChatResponse } from "../model/chat-response";
import { StreamParseFailure } from "../sse/stream-parse-failure";
import { collect } from "../stream/collect";
import { replayEvents } from "../stream/replay";
import type { StreamTransformer } from "../stream/stream-transformer";
import { testChatProvider } from "../test/test-chat-provider";
import { type CodecProviderOptions, createCodecProvider } from "./create-codec-provider";
import type { FetchWithoutResponse } from "./fetch-without-response";

/** The canonical model as its own wire format: the smallest codec there is. */
const ErrorBody = z.object({ error: z.object({ kind: z.string(), message: z.string() }) });

const passEvents = (): StreamTransformer<unknown, ChatEvent> => ({
  transform(item, controller) {
    if (StreamParseFailure.isInstance(item))
      controller.enqueue({
        type: "error",
        error: new CanonicalError("unavailable", "unreadable stream event").toData(),
      });
    else controller.enqueue(ChatEvent.parse(item));
  },
});

const canonicalCodec: Codec<ChatRequest, ChatResponse, ChatEvent, z.infer<typeof ErrorBody>> = {
  id: "canonical",
  schemas: { request: ChatRequest, response: ChatResponse, event: ChatEvent, error: ErrorBody },
  decodeRequest: (wire) => ChatRequest.parse(wire),
  encodeRequest: (request) => request,
  decodeResponse: (wire) => ChatResponse.parse(wire),
  encodeResponse: (response) => response,
  createStreamDecoder: () => new TransformStream(passEvents()),
  createStreamEncoder: () => new TransformStream(),
  createStreamDecoderTransformer: passEvents,
  sseEventName: () => undefined,
  errorToWire: (error) => ({
    status: error.status,
    body: { error: { kind: error.kind, message: error.message } },
  }),
  errorFromWire(status, body) {
    const parsed = ErrorBody.safeParse(body);
    if (!parsed.success) return new CanonicalError("internal", String(body), { status });
    return new CanonicalError(parsed.data.error.kind as "not_found", parsed.data.error.message, { status });
  },
  http: {
    matchChatRequest: () => undefined,
    readApiKey: () => undefined,
    buildUpstreamRequest: (options) => ({
      url: `${options.baseURL}/chat${options.stream ? "?stream" : ""}`,
      method: "POST",
      headers: { authorization: `Bearer ${options.apiKey}`, ...options.headers },
      body: JSON.stringify(options.body),
    }),
  },
};

function answer(request: ChatRequest): ChatResponse {
  return {
    id: "resp_1",
    model: request.model,
    parts: [{ type: "text", text: "hello there" }],
    finishReason: { reason: "stop" },
    usage: { inputTokens: 3, outputTokens: 2 },
    status: "completed",
  };
}

const sse = (events: unknown[]) => events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join("");

/** An upstream in memory: answers the canonical format, `missing` is an unknown model. */
const localFetch: typeof fetch = async (input, init) => {
  init?.signal?.throwIfAborted();
  const request = ChatRequest.parse(JSON.parse(String(init?.body)));
  if (request.model === "missing") {
    const body = { error: { kind: "not_found", message: "no such model" } };
    return Response.json(body, { status: statusByErrorKind.not_found });
  }
  if (request.model === "broken") return new Response("gateway exploded", { status: 502 });
  if (String(input).endsWith("?stream"))
    return new Response(sse(replayEvents(answer(request))), {
      headers: { "content-type": "text/event-stream" },
    });
  return Response.json(answer(request));
};

const question: ChatRequest = {
  model: "canonical-model",
  messages: [{ role: "user", parts: [{ type: "text", text: "Say something." }] }],
};

function provider(overrides: Partial<CodecProviderOptions<ChatRequest>> = {}, codec = canonicalCodec) {
  return createCodecProvider(codec, {
    baseURL: "http://upstream.test",
    apiKey: "key",
    fetch: localFetch,
    id: "canonical",
    capabilities: { streaming: true, wireFormat: "canonical" },
    ...overrides,
  });
}

const { createStreamDecoderTransformer: _fused, ...unfusedCodec } = canonicalCodec;

testChatProvider("built from a codec", () => provider(), {
  failingRequest: { ...question, model: "missing" },
});
testChatProvider(
  "built from a codec without a stream decoder transformer",
  () => provider({}, unfusedCodec),
  {
    failingRequest: { ...question, model: "missing" },
  },
);

/** A body that sends `text`, then fails as a lost connection does. */
function breakingBody(text: string): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) controller.error(new TypeError("terminated"));
      else controller.enqueue(new TextEncoder().encode(text));
      sent = true;
    },
  });
}

describe("createCodecProvider", () => {
  it("sends the request the codec's binding builds, with the extra headers", async () => {
    const seen: { url: string; headers: Record<string, string> }[] = [];
    const recording: typeof fetch = async (input, init) => {
      seen.push({ url: String(input), headers: init?.headers as Record<string, string> });
      return localFetch(input, init);
    };
    await provider({ fetch: recording, headers: { "x-extra": "1" } }).generate(question);
    expect(seen).toEqual([
      { url: "http://upstream.test/chat", headers: { authorization: "Bearer key", "x-extra": "1" } },
    ]);
  });

  it("builds the request with an override when one is given", async () => {
    const urls: string[] = [];
    const recording: typeof fetch = async (input, init) => {
      urls.push(String(input));
      return localFetch(input, init);
    };
    await provider({
      fetch: recording,
      buildUpstreamRequest: (options) => ({
        ...canonicalCodec.http.buildUpstreamRequest(options),
        url: `${options.baseURL}/v2/chat${options.stream ? "?stream" : ""}`,
      }),
    }).generate(question);
    expect(urls).toEqual(["http://upstream.test/v2/chat"]);
  });

  it("declares the id and capabilities it was given", () => {
    const built = provider();
    expect(built.id).toBe("canonical");
    expect(built.capabilities).toEqual({ streaming: true, wireFormat: "canonical" });
  });

  it("maps an error answer through the codec, JSON or text", async () => {
    await expect(provider().generate({ ...question, model: "missing" })).rejects.toMatchObject({
      kind: "not_found",
      message: "no such model",
    });
    await expect(provider().stream({ ...question, model: "broken" })).rejects.toMatchObject({
      kind: "internal",
      status: 502,
      message: "gateway exploded",
    });
  });

  it("rejects a network failure as unavailable and a timeout as timeout", async () => {
    const unreachable: typeof fetch = async () => {
      throw new TypeError("fetch failed");
    };
    await expect(provider({ fetch: unreachable }).generate(question)).rejects.toMatchObject({
      kind: "unavailable",
      message: "The upstream could not be reached: fetch failed",
    });
    const timedOut = AbortSignal.abort(new DOMException("The operation timed out", "TimeoutError"));
    await expect(provider().generate(question, { signal: timedOut })).rejects.toMatchObject({
      kind: "timeout",
    });
    const aborted = AbortSignal.abort();
    await expect(provider().stream(question, { signal: aborted })).rejects.toMatchObject({
      kind: "unavailable",
      message: "The upstream call was aborted",
    });
  });

  it("records the request on a context given without one", async () => {
    const context = createConversionContext();
    await provider().generate(question, { context });
    expect(context.request).toBe(question);
  });

  for (const [name, codec] of [
    ["fused", canonicalCodec],
    ["piped", unfusedCodec],
  ] as const) {
    it(`ends a stream that breaks off with an unavailable error event (${name})`, async () => {
      const start = replayEvents(answer(question)).slice(0, 2);
      const breaking: typeof fetch = async () => new Response(breakingBody(sse(start)));
      const events = await collect(await provider({ fetch: breaking }, codec).stream(question));
      expect(events.slice(0, 2)).toEqual(start);
      expect(events.at(-1)).toMatchObject({
        type: "error",
        error: { kind: "unavailable", message: "The upstream could not be reached: terminated" },
      });
      expect(events).toHaveLength(3);
    });

    it(`adds nothing when a stream breaks off after its end (${name})`, async () => {
      const all = replayEvents(answer(question));
      const breaking: typeof fetch = async () => new Response(breakingBody(sse(all)));
      expect(await collect(await provider({ fetch: breaking }, codec).stream(question))).toEqual(all);
    });
  }

  /** Every event of the batches, and the sizes of the batches. */
  async function readBatches(batches: ChatEventBatches): Promise<{ events: ChatEvent[]; sizes: number[] }> {
    const events: ChatEvent[] = [];
    const sizes: number[] = [];
    for (let next = await batches.read(); !next.done; next = await batches.read()) {
      events.push(...next.value);
      sizes.push(next.value.length);
    }
    return { events, sizes };
  }

  /** A body that sends `text` cut at `cuts` (character offsets), then ends or (with `breaks`) fails. */
  function chunkedBody(text: string, cuts: number[], breaks = false): ReadableStream<Uint8Array> {
    const bytes = new TextEncoder().encode(text);
    const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
    const pieces: Uint8Array[] = [];
    let from = 0;
    for (const end of [...ends, bytes.length]) {
      if (end > from) pieces.push(bytes.subarray(from, end));
      from = Math.max(from, end);
    }
    return new ReadableStream({
      pull(controller) {
        const piece = pieces.shift();
        if (piece) controller.enqueue(piece);
        else if (breaks) controller.error(new TypeError("terminated"));
        else controller.close();
      },
    });
  }

  for (const [name, codec] of [
    ["fused", canonicalCodec],
    ["piped", unfusedCodec],
  ] as const) {
    it(`streams in batches the events it streams, however the body is cut (${name})`, async () => {
      const all = replayEvents(answer(question));
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.nat(4000), { maxLength: 12 }),
          fc.nat(all.length),
          fc.boolean(),
          async (cuts, kept, breaks) => {
            const text = sse(all.slice(0, kept));
            const cutUp: typeof fetch = async () => new Response(chunkedBody(text, cuts, breaks));
            const streamed = await collect(await provider({ fetch: cutUp }, codec).stream(question));
            const batched = await readBatches(
              await provider({ fetch: cutUp }, codec).streamBatches!(question),
            );
            expect(batched.events).toEqual(streamed);
            expect(batched.sizes.every((size) => size > 0)).toBe(true);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  /** `fetchUpstream` that also answers without a `Response` (as the gateway's Node client), counting those calls. */
  function withoutResponse(fetchUpstream: typeof fetch, calls: { count: number }): FetchWithoutResponse {
    const both = ((input: RequestInfo | URL, init?: RequestInit) =>
      fetchUpstream(input, init)) as FetchWithoutResponse;
    both.withoutResponse = async (url, init) => {
      calls.count++;
      const response = await fetchUpstream(url, init);
      let body: ReadableStreamDefaultReader<Uint8Array> | null | undefined;
      return {
        status: response.status,
        ok: response.ok,
        headers: response.headers,
        get body() {
          if (body === undefined) body = response.body?.getReader() ?? null;
          return body;
        },
        text: () => response.text(),
      };
    };
    return both;
  }

  it("streams in batches without a Response through a fetch that answers without one", async () => {
    const all = replayEvents(answer(question));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(4000), { maxLength: 12 }), fc.boolean(), async (cuts, breaks) => {
        const calls = { count: 0 };
        const cutUp: typeof fetch = async () => new Response(chunkedBody(sse(all), cuts, breaks));
        const streamed = await collect(await provider({ fetch: cutUp }).stream(question));
        const batches = await provider({ fetch: withoutResponse(cutUp, calls) }).streamBatches!(question);
        expect((await readBatches(batches)).events).toEqual(streamed);
        expect(calls.count).toBe(1);
      }),
      { numRuns: 30 },
    );
    const calls = { count: 0 };
    await expect(
      provider({ fetch: withoutResponse(localFetch, calls) }).streamBatches!({
        ...question,
        model: "missing",
      }),
    ).rejects.toMatchObject({ kind: "not_found", message: "no such model" });
    expect(calls.count).toBe(1);
  });

  it("answers whole without a Response through a fetch that answers without one, as through the Response", async () => {
    const calls = { count: 0 };
    const direct = provider({ fetch: withoutResponse(localFetch, calls) });
    expect(await direct.generate(question)).toEqual(await provider().generate(question));
    expect(calls.count).toBe(1);
    await expect(direct.generate({ ...question, model: "missing" })).rejects.toMatchObject({
      kind: "not_found",
      message: "no such model",
    });
    expect(calls.count).toBe(2);
    // A success whose body is not JSON fails the same way on both.
    const notJson: typeof fetch = async () => new Response("{ not json", { status: 200 });
    const failures = await Promise.all(
      [notJson, withoutResponse(notJson, calls)].map((fetch) =>
        provider({ fetch })
          .generate(question)
          .catch((thrown: unknown) => thrown),
      ),
    );
    expect(failures[0]).toMatchObject({ kind: "unavailable" });
    expect(failures[1]).toMatchObject({ kind: "unavailable", message: (failures[0] as Error).message });
    expect(calls.count).toBe(3);
  });

  it("gives every event of one chunk in one batch", async () => {
    const all = replayEvents(answer(question));
    const whole: typeof fetch = async () => new Response(chunkedBody(sse(all), []));
    expect(await readBatches(await provider({ fetch: whole }).streamBatches!(question))).toEqual({
      events: all,
      sizes: [all.length],
    });
  });

  it("rejects a stream in batches that fails before it starts, as a stream", async () => {
    await expect(provider().streamBatches!({ ...question, model: "missing" })).rejects.toMatchObject({
      kind: "not_found",
    });
  });

  it("fails a batch read when the decoder refuses a chunk, and cancels the body", async () => {
    let cancelled = false;
    const refusing: typeof canonicalCodec = {
      ...canonicalCodec,
      createStreamDecoderTransformer: () => ({
        transform() {
          throw new TypeError("not this");
        },
      }),
    };
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.enqueue(new TextEncoder().encode(sse([{ type: "keepalive" }]))),
      cancel() {
        cancelled = true;
      },
    });
    const batches = await provider({ fetch: async () => new Response(body) }, refusing).streamBatches!(
      question,
    );
    await expect(batches.read()).rejects.toThrow("not this");
    expect(cancelled).toBe(true);
    expect(await batches.read()).toEqual({ done: true });
  });
});
