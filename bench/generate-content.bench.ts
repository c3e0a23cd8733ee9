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
  createGenerateContentProvider,
  createGenerateContentStreamDecoderTransformer,
  createGenerateContentStreamEncoderTransformer,
  generateContentCodec,
} from "@interlingua/generate-content";
import type { Benchmark } from "./harness";

/** A long agent conversation: function declarations, thoughts, calls, responses and signatures, about 50 KB. */
function agentRequest(): unknown {
  const functionDeclarations = Array.from({ length: 12 }, (_, index) => ({
    name: `tool_${index}`,
    description: `Does step ${index} of the job, with options described at length for the model.`,
    parameters: {
      type: "OBJECT",
      properties: {
        path: { type: "STRING", description: "File path" },
        limit: { type: "INTEGER" },
        flags: { type: "ARRAY", items: { type: "STRING" } },
      },
      required: ["path"],
    },
  }));
  const contents: unknown[] = [
    { role: "user", parts: [{ text: "Refactor the project and run the tests until they pass." }] },
  ];
  for (let turn = 0; turn < 60; turn++) {
    contents.push({
      role: "model",
      parts: [
        { text: `Turn ${turn}: next I should look at module ${turn}.`, thought: true },
        { text: `Looking at module ${turn} now.` },
        {
          functionCall: {
            name: `tool_${turn % 12}`,
            args: { path: `src/module-${turn}.ts`, limit: 200, flags: ["-n", "--color"] },
          },
          thoughtSignature: "EqQBCkYIBxgCKkBs".repeat(4),
        },
      ],
    });
    contents.push({
      role: "user",
      parts: [
        {
          functionResponse: {
            name: `tool_${turn % 12}`,
            response: {
              output: `export function module${turn}() {\n  return compute(${turn}) + helper("${"x".repeat(400)}");\n}\n`,
            },
          },
        },
      ],
    });
  }
  return {
    systemInstruction: { parts: [{ text: "You are a careful coding agent." }] },
    tools: [{ functionDeclarations }],
    toolConfig: { functionCallingConfig: { mode: "AUTO" } },
    generationConfig: {
      maxOutputTokens: 8192,
      thinkingConfig: { thinkingBudget: 4096, includeThoughts: true },
    },
    contents,
  };
}

/** A streamed answer of 5,000 chunks: thought pieces, answer text, then a whole function call. */
function longStream(): unknown[] {
  const chunk = (part: Record<string, unknown>) => ({
    candidates: [{ content: { parts: [part], role: "model" }, index: 0 }],
    usageMetadata: { promptTokenCount: 4900, cachedContentTokenCount: 4000, totalTokenCount: 4900 },
    modelVersion: "gemini-2.5-pro",
    responseId: "bench-response",
  });
  const chunks: unknown[] = [];
  for (let i = 0; i < 2000; i++) chunks.push(chunk({ text: `step ${i} `, thought: true }));
  chunks.push(chunk({ text: "", thought: true, thoughtSignature: "EqQBsig" }));
  for (let i = 0; i < 2997; i++) chunks.push(chunk({ text: `word${i} ` }));
  chunks.push(
    chunk({ functionCall: { name: "write_file", args: { path: "a.ts", text: "abc ".repeat(50) } } }),
  );
  chunks.push({
    candidates: [{ content: { parts: [{ text: "" }], role: "model" }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: 4900,
      cachedContentTokenCount: 4000,
      candidatesTokenCount: 3000,
      thoughtsTokenCount: 2000,
      totalTokenCount: 9900,
    },
    modelVersion: "gemini-2.5-pro",
    responseId: "bench-response",
  });
  return chunks;
}

const requestText = JSON.stringify(agentRequest());
const requestWire = JSON.parse(requestText);
const streamChunks = longStream();
const streamTexts = streamChunks.map((chunk) => JSON.stringify(chunk));
const textEncoder = new TextEncoder();
/** The upstream's body as it arrives from a live model: one network chunk per data-only event. */
const upstreamChunks = streamTexts.map((text) => textEncoder.encode(`data: ${text}\r\n\r\n`));
const upstreamBytes = upstreamChunks.reduce((sum, chunk) => sum + chunk.length, 0);

/** A generate-content upstream that answers every call with the recorded stream. */
const provider = createGenerateContentProvider({
  baseURL: "http://upstream.invalid",
  apiKey: "bench",
  fetch: async () =>
    new Response(readableFrom(upstreamChunks), { headers: { "content-type": "text/event-stream" } }),
});
const streamRequest: ChatRequest = {
  model: "gemini-2.5-pro",
  messages: [{ role: "user", parts: [{ type: "text", text: "Write the file." }] }],
  stream: true,
};

/** One request through the codec, as the request benchmark measures it. */
function transcodeRequest(): unknown {
  const context = createConversionContext();
  return generateContentCodec.encodeRequest(
    generateContentCodec.decodeRequest(requestWire, context, { model: "gemini-2.5-pro" }),
    context,
  );
}
// The harness warms up for 40 ms; the request path (zod's compiled parsers, the codec) needs longer
// to reach steady state, so it runs for half a second first.
for (const start = performance.now(); performance.now() - start < 500; ) transcodeRequest();

const perChunkFloor = {
  floorName: "JSON.parse + JSON.stringify of each chunk",
  floor: () => {
    for (const text of streamTexts) JSON.stringify(JSON.parse(text));
  },
  payloadBytes: upstreamBytes,
};

/** The provider's canonical events, encoded and SSE-framed in one stage, as the gateway's fused front stage does. */
async function bytesInBytesOut(): Promise<unknown[]> {
  const context = createConversionContext();
  const events = await provider.stream(streamRequest, { context });
  const front = chainTransformers(
    createGenerateContentStreamEncoderTransformer(context),
    createJsonSseEncoderTransformer(generateContentCodec.sseEventName),
  );
  return collect(transformReadable(events, front));
}

/**
 * The generate-content codec benchmarks (issue 4): request decode + encode, and stream transcoding.
 * The targeted stream figure is the codec's own work as a gateway fusing its stages runs it
 * (decision 0003): the wire chunks decoded by the decoder transformer and re-encoded by the encoder
 * transformer, chained into one pull-driven stage. The figures after it are informational: the whole
 * bytes-in → bytes-out path of a generate-content front over a generate-content backend (the
 * provider's stage reading the upstream's SSE bytes, then the front's encoder and SSE framing fused
 * in one stage), and the provider's stage alone.
 */
export const benchmarks: Benchmark[] = [
  {
    name: "generate-content: decode + encode of an agent request",
    floorName: "JSON.parse + JSON.stringify of the same request",
    floor: () => JSON.stringify(JSON.parse(requestText)),
    subject: transcodeRequest,
    target: 2,
    payloadBytes: requestText.length,
  },
  {
    name: "generate-content: transcoding a 5,000-chunk stream (wire chunks, decoder and encoder transformers fused in one stage, wire chunks)",
    ...perChunkFloor,
    subject: () => {
      const context = createConversionContext();
      const transcoder = chainTransformers(
        createGenerateContentStreamDecoderTransformer(context),
        createGenerateContentStreamEncoderTransformer(context),
      );
      return collect(transformReadable(readableFrom(streamChunks), transcoder));
    },
    target: 3,
  },
  {
    name: "generate-content stream, informational: SSE bytes in to SSE bytes out (provider stage, then encoder and framing fused)",
    ...perChunkFloor,
    subject: bytesInBytesOut,
  },
  {
    name: "generate-content stream, informational: the provider stage alone, upstream SSE bytes to canonical events",
    ...perChunkFloor,
    subject: async () => collect(await provider.stream(streamRequest)),
  },
];
