import {
  type ChatRequest,
  chainTransformers,
  collect,
  createConversionContext,
  createJsonSseEncoderTransformer,
  readableFrom,
  transformReadable,
} from "@interlingua/core";
import {
  createMessagesProvider,
  createMessagesStreamDecoderTransformer,
  createMessagesStreamEncoderTransformer,
  messagesCodec,
} from "@interlingua/messages";
import type { Benchmark } from "./harness";

/** A long agent conversation: tools, tool calls, tool results and thinking, about 50 KB. */
function agentRequest(): unknown {
  const tools = Array.from({ length: 12 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Does step ${index} of the job, with options described at length for the model.`,
    input_schema: {
      type: "object",
      properties: {
        path: { type: "string", description: "File path" },
        limit: { type: "integer" },
        flags: { type: "array", items: { type: "string" } },
      },
      required: ["path"],
    },
  }));
  const messages: unknown[] = [
    { role: "user", content: "Refactor the project and run the tests until they pass." },
  ];
  for (let turn = 0; turn < 60; turn++) {
    messages.push({
      role: "assistant",
      content: [
        {
          type: "thinking",
          thinking: `Turn ${turn}: next I should look at module ${turn}.`,
          signature: "EqQBCkYIBxgCKkBs".repeat(4),
        },
        { type: "text", text: `Looking at module ${turn} now.` },
        {
          type: "tool_use",
          id: `toolu_${turn}`,
          name: `tool_${turn % 12}`,
          input: { path: `src/module-${turn}.ts`, limit: 200, flags: ["-n", "--color"] },
        },
      ],
    });
    messages.push({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: `toolu_${turn}`,
          content: `export function module${turn}() {\n  return compute(${turn}) + helper("${"x".repeat(400)}");\n}\n`,
        },
      ],
    });
  }
  return {
    model: "claude-sonnet-4-5",
    max_tokens: 8192,
    system: [{ type: "text", text: "You are a careful coding agent.", cache_control: { type: "ephemeral" } }],
    thinking: { type: "enabled", budget_tokens: 4096 },
    tools,
    messages,
  };
}

/** A streamed answer of 5,000 events: thinking, text and tool input deltas. */
function longStream(): unknown[] {
  const events: unknown[] = [
    {
      type: "message_start",
      message: {
        id: "msg_bench",
        type: "message",
        role: "assistant",
        model: "m",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 900, cache_read_input_tokens: 4000, output_tokens: 1 },
      },
    },
  ];
  const blocks = [
    {
      start: { type: "thinking", thinking: "", signature: "" },
      delta: (i: number) => ({ type: "thinking_delta", thinking: `step ${i} ` }),
    },
    { start: { type: "text", text: "" }, delta: (i: number) => ({ type: "text_delta", text: `word${i} ` }) },
    {
      start: { type: "tool_use", id: "toolu_bench", name: "write_file", input: {} },
      delta: (i: number) => ({ type: "input_json_delta", partial_json: i === 0 ? '{"text": "' : "abc " }),
    },
  ];
  const perBlock = Math.floor((5000 - 8) / 3) - 2;
  blocks.forEach((block, index) => {
    events.push({ type: "content_block_start", index, content_block: block.start });
    for (let i = 0; i < perBlock; i++)
      events.push({ type: "content_block_delta", index, delta: block.delta(i) });
    if (index === 0)
      events.push({
        type: "content_block_delta",
        index,
        delta: { type: "signature_delta", signature: "EqQBsig" },
      });
    if (index === 2)
      events.push({
        type: "content_block_delta",
        index,
        delta: { type: "input_json_delta", partial_json: '"}' },
      });
    events.push({ type: "content_block_stop", index });
  });
  while (events.length < 4997) events.push({ type: "ping" });
  events.push({
    type: "message_delta",
    delta: { stop_reason: "tool_use", stop_sequence: null },
    usage: { output_tokens: 4000 },
  });
  events.push({ type: "message_stop" });
  return events;
}

const requestText = JSON.stringify(agentRequest());
const requestWire = JSON.parse(requestText);
const streamEvents = longStream();
const streamTexts = streamEvents.map((event) => JSON.stringify(event));
const textEncoder = new TextEncoder();
/** The upstream's body as it arrives from a live model: one network chunk per event. */
const upstreamChunks = streamEvents.map((event, index) =>
  textEncoder.encode(`event: ${(event as { type: string }).type}\ndata: ${streamTexts[index]}\n\n`),
);
const upstreamBytes = upstreamChunks.reduce((sum, chunk) => sum + chunk.length, 0);
/** The same body read in 16 KB chunks, as when the upstream is faster than its reader. */
const upstreamBody = new Uint8Array(upstreamBytes);
upstreamChunks.reduce((offset, chunk) => {
  upstreamBody.set(chunk, offset);
  return offset + chunk.length;
}, 0);
const coalescedChunks = Array.from({ length: Math.ceil(upstreamBytes / 16384) }, (_, index) =>
  upstreamBody.subarray(index * 16384, (index + 1) * 16384),
);

/** A messages upstream that answers every call with the recorded stream. */
const upstream = (chunks: Uint8Array[]) =>
  createMessagesProvider({
    baseURL: "http://upstream.invalid",
    apiKey: "bench",
    fetch: async () =>
      new Response(readableFrom(chunks), { headers: { "content-type": "text/event-stream" } }),
  });
const provider = upstream(upstreamChunks);
const coalescedProvider = upstream(coalescedChunks);
const streamRequest: ChatRequest = {
  model: "claude-sonnet-4-5",
  messages: [{ role: "user", parts: [{ type: "text", text: "Write the file." }] }],
  stream: true,
};

const perEventFloor = {
  floorName: "JSON.parse + JSON.stringify of each event",
  floor: () => {
    for (const text of streamTexts) JSON.stringify(JSON.parse(text));
  },
  payloadBytes: upstreamBytes,
};

/** The provider's canonical events, encoded and SSE-framed in one stage, as the gateway's fused front stage does. */
async function bytesInBytesOut(from: typeof provider): Promise<unknown[]> {
  const context = createConversionContext();
  const events = await from.stream(streamRequest, { context });
  const front = chainTransformers(
    createMessagesStreamEncoderTransformer(context),
    createJsonSseEncoderTransformer(messagesCodec.sseEventName),
  );
  return collect(transformReadable(events, front));
}

/**
 * The messages codec benchmarks (issue 3): request decode + encode, and stream transcoding. The
 * targeted stream figure is the codec's own work as a gateway fusing its stages runs it (decision
 * 0003): the wire events decoded by the decoder transformer and re-encoded by the encoder
 * transformer, chained into one pull-driven stage. The figures after it are informational: the
 * whole bytes-in → bytes-out path of a messages front over a messages backend (the provider's stage
 * reading the upstream's SSE bytes, then the front's encoder and SSE framing fused in one stage),
 * the provider's stage alone, and the same path with the upstream body in 16 KB chunks.
 */
export const benchmarks: Benchmark[] = [
  {
    name: "messages: decode + encode of an agent request",
    floorName: "JSON.parse + JSON.stringify of the same request",
    floor: () => JSON.stringify(JSON.parse(requestText)),
    subject: () => {
      const context = createConversionContext();
      return messagesCodec.encodeRequest(messagesCodec.decodeRequest(requestWire, context), context);
    },
    target: 2,
    payloadBytes: requestText.length,
  },
  {
    name: "messages: transcoding a 5,000-event stream (wire events, decoder and encoder transformers fused in one stage, wire events)",
    ...perEventFloor,
    subject: () => {
      const context = createConversionContext();
      const transcoder = chainTransformers(
        createMessagesStreamDecoderTransformer(context),
        createMessagesStreamEncoderTransformer(context),
      );
      return collect(transformReadable(readableFrom(streamEvents), transcoder));
    },
    target: 3,
  },
  {
    name: "messages stream, informational: SSE bytes in to SSE bytes out (provider stage, then encoder and framing fused)",
    ...perEventFloor,
    subject: () => bytesInBytesOut(provider),
  },
  {
    name: "messages stream, informational: the provider stage alone, upstream SSE bytes to canonical events",
    ...perEventFloor,
    subject: async () => collect(await provider.stream(streamRequest)),
  },
  {
    name: "messages stream, informational: SSE bytes in to SSE bytes out with the upstream body in 16 KB chunks",
    ...perEventFloor,
    subject: () => bytesInBytesOut(coalescedProvider),
  },
];
