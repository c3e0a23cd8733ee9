import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  type AnyCodec,
  accumulate,
  type ChatEvent,
  type ChatRequest,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
  readableFrom,
} from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";

/** The four chat formats the HTTP benchmark puts on either side of the gateway. */
export const benchFormats = ["messages", "generate-content", "responses", "chat-completions"] as const;

/** One of {@link benchFormats}. */
export type BenchFormat = (typeof benchFormats)[number];

/** Each format's codec, which writes the fixtures below in that format's wire spelling. */
export const benchCodecs: Record<BenchFormat, AnyCodec> = {
  messages: messagesCodec,
  "generate-content": generateContentCodec,
  responses: responsesCodec,
  "chat-completions": chatCompletionsCodec,
};

/** The number of text deltas in a streamed answer (issue 16: "20-delta answers"). */
export const deltaCount = 20;

/** The API key callers present to the gateway (and the fake upstream expects from it). */
export const benchApiKey = "sk-bench-0123456789";

/** The answer every upstream gives: a short text in {@link deltaCount} deltas, then the end. */
function answerEvents(): ChatEvent[] {
  const words = Array.from({ length: deltaCount }, (_, index) => `word${index} `);
  return [
    { type: "response-start", id: "resp_bench_1", model: "bench-model" },
    { type: "part-start", index: 0, kind: "text" },
    ...words.map((text): ChatEvent => ({ type: "text-delta", index: 0, text })),
    { type: "part-end", index: 0, part: { type: "text", text: words.join("") } },
    {
      type: "response-end",
      finishReason: { reason: "stop" },
      usage: { inputTokens: 42, outputTokens: deltaCount },
    },
  ];
}

/** What a fake upstream of one format sends: a whole answer, and a stream as its SSE events. */
export interface UpstreamAnswerBytes {
  /** The whole answer's JSON body. */
  whole: Buffer;
  /** The streamed answer, one SSE event per item (written one `write` each). */
  events: Buffer[];
  /** How many of {@link events} reach the first content (what an open stream has sent). */
  openingEvents: number;
}

/** The answer in `format`'s wire spelling, written by its own codec. */
export async function upstreamAnswerBytes(format: BenchFormat): Promise<UpstreamAnswerBytes> {
  const codec = benchCodecs[format];
  const context = createConversionContext();
  const events = answerEvents();
  const whole = Buffer.from(JSON.stringify(codec.encodeResponse(await accumulate(events), context)));
  const sse = await collect(
    readableFrom(events)
      .pipeThrough(codec.createStreamEncoder(createConversionContext()))
      .pipeThrough(createJsonSseEncoderStream((event) => codec.sseEventName(event))),
  );
  const chunks = sse.map((chunk) => Buffer.from(chunk));
  if (format === "chat-completions") chunks.push(Buffer.from("data: [DONE]\n\n"));
  const firstDelta = chunks.findIndex((chunk) => chunk.includes("word0"));
  return { whole, events: chunks, openingEvents: firstDelta + 1 };
}

/** The caller's question, a few hundred bytes like a short chat turn. */
const question: ChatRequest = {
  model: "bench-model",
  instructions: [{ role: "system", parts: [{ type: "text", text: "You are a terse assistant." }] }],
  messages: [
    { role: "user", parts: [{ type: "text", text: "Say twenty words, one at a time. ".repeat(4) }] },
  ],
  maxOutputTokens: 256,
};

/** One request a caller of one format sends: where, with which headers, and the body. */
export interface CallerRequest {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A caller's request in `format`, for `model`, whole or streamed, written by the format's codec. */
export function callerRequest(format: BenchFormat, model: string, stream: boolean): CallerRequest {
  const codec = benchCodecs[format];
  const upstream = codec.http.buildUpstreamRequest({
    baseURL: "http://gateway.bench",
    apiKey: benchApiKey,
    model,
    stream,
    body: codec.encodeRequest({ ...question, model, stream }, createConversionContext()),
  });
  const url = new URL(upstream.url);
  return { path: url.pathname + url.search, headers: upstream.headers, body: upstream.body };
}
