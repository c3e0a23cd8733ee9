import {
  type AnyCodec,
  type ChatProvider,
  type ChatRequest,
  chainTransformers,
  collect,
  createConversionContext,
  createJsonSseEncoderTransformer,
  formatSseMessage,
  type RequestLocation,
  readableFrom,
  transformReadable,
} from "@interlingua/core";
import type { Benchmark } from "./harness";

/** What {@link codecBenchmarks} measures one codec on. */
export interface CodecBenchmarkInput {
  /** The codec; it must offer its stream decoder and encoder transformers. */
  codec: AnyCodec;
  /** The codec's upstream provider over a given `fetch`. */
  createProvider(fetch: typeof globalThis.fetch): ChatProvider;
  /** A large wire request (about 50 KB). */
  request: unknown;
  /** Where the request's URL puts fields outside the body, when the format does that. */
  requestLocation?: RequestLocation;
  /** A long wire stream (5,000 events). */
  stream: unknown[];
  /** What one stream item is called in row names: `event`, or `chunk` for data-only formats. */
  unit: "event" | "chunk";
  /** How the upstream frames one event; defaults to core's SSE framing with the codec's event name. */
  frame?(data: string, event: unknown): string;
  /** Also measure the bytes-in → bytes-out path with the upstream body in 16 KB chunks. */
  coalescedRow?: boolean;
}

/**
 * A codec's benchmarks, measured the same way for every format: request decode + encode (target
 * ≤ 2×), and stream transcoding as the gateway runs it (decision 0003: the decoder and encoder
 * transformers chained into one pull-driven stage; target ≤ 3×). Then, informational: the whole
 * bytes-in → bytes-out path of a front over a backend of this format (the provider's stage reading
 * the upstream's SSE bytes, then the front's encoder and SSE framing fused), and the provider's stage
 * alone. Floors are `JSON.parse` + `JSON.stringify` of the same request, or of each stream item.
 */
export function codecBenchmarks(input: CodecBenchmarkInput): Benchmark[] {
  const { codec, unit } = input;
  const encoder = new TextEncoder();
  const requestText = JSON.stringify(input.request);
  const streamTexts = input.stream.map((event) => JSON.stringify(event));
  const frame =
    input.frame ??
    ((data: string, event: unknown) => formatSseMessage({ event: codec.sseEventName(event), data }));
  /** The upstream's body as it arrives from a live model: one network chunk per event. */
  const upstreamChunks = input.stream.map((event, index) =>
    encoder.encode(frame(streamTexts[index]!, event)),
  );
  const upstreamBytes = upstreamChunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const upstream = (chunks: Uint8Array[]) =>
    input.createProvider(
      async () => new Response(readableFrom(chunks), { headers: { "content-type": "text/event-stream" } }),
    );
  const provider = upstream(upstreamChunks);
  const streamRequest: ChatRequest = {
    model: "bench-model",
    messages: [{ role: "user", parts: [{ type: "text", text: "Write the file." }] }],
    stream: true,
  };
  const decoderTransformer = codec.createStreamDecoderTransformer;
  const encoderTransformer = codec.createStreamEncoderTransformer;
  if (!decoderTransformer || !encoderTransformer)
    throw new Error(`${codec.id} offers no stream transformers to benchmark`);

  const transcodeRequest = () => {
    const context = createConversionContext();
    return codec.encodeRequest(codec.decodeRequest(input.request, context, input.requestLocation), context);
  };
  // The harness warms up for 40 ms; the request path (zod's compiled parsers, the codec) needs
  // longer to reach steady state, so it runs for half a second first.
  for (const start = performance.now(); performance.now() - start < 500; ) transcodeRequest();

  /** The provider's canonical events, encoded and SSE-framed in one stage, as the gateway's fused front stage does. */
  const bytesInBytesOut = async (from: ChatProvider) => {
    const context = createConversionContext();
    const events = await from.stream(streamRequest, { context });
    const front = chainTransformers(
      encoderTransformer(context),
      createJsonSseEncoderTransformer(codec.sseEventName),
    );
    return collect(transformReadable(events, front));
  };
  const perItemFloor = {
    floorName: `JSON.parse + JSON.stringify of each ${unit}`,
    floor: () => {
      for (const text of streamTexts) JSON.stringify(JSON.parse(text));
    },
    payloadBytes: upstreamBytes,
  };
  const count = input.stream.length.toLocaleString("en-US");

  const benchmarks: Benchmark[] = [
    {
      name: `${codec.id}: decode + encode of an agent request`,
      floorName: "JSON.parse + JSON.stringify of the same request",
      floor: () => JSON.stringify(JSON.parse(requestText)),
      subject: transcodeRequest,
      target: 2,
      payloadBytes: requestText.length,
    },
    {
      name: `${codec.id}: transcoding a ${count}-${unit} stream (wire ${unit}s, decoder and encoder transformers fused in one stage, wire ${unit}s)`,
      ...perItemFloor,
      subject: () => {
        const context = createConversionContext();
        const transcoder = chainTransformers(decoderTransformer(context), encoderTransformer(context));
        return collect(transformReadable(readableFrom(input.stream), transcoder));
      },
      target: 3,
    },
    {
      name: `${codec.id} stream, informational: SSE bytes in to SSE bytes out (provider stage, then encoder and framing fused)`,
      ...perItemFloor,
      subject: () => bytesInBytesOut(provider),
    },
    {
      name: `${codec.id} stream, informational: the provider stage alone, upstream SSE bytes to canonical events`,
      ...perItemFloor,
      subject: async () => collect(await provider.stream(streamRequest)),
    },
  ];
  if (input.coalescedRow) {
    const body = new Uint8Array(upstreamBytes);
    upstreamChunks.reduce((offset, chunk) => {
      body.set(chunk, offset);
      return offset + chunk.length;
    }, 0);
    const coalesced = Array.from({ length: Math.ceil(upstreamBytes / 16384) }, (_, index) =>
      body.subarray(index * 16384, (index + 1) * 16384),
    );
    const coalescedProvider = upstream(coalesced);
    benchmarks.push({
      name: `${codec.id} stream, informational: SSE bytes in to SSE bytes out with the upstream body in 16 KB chunks`,
      ...perItemFloor,
      subject: () => bytesInBytesOut(coalescedProvider),
    });
  }
  return benchmarks;
}
