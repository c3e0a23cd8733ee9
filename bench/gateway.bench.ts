import { readableFrom } from "@interlingua/core";
import { createGateway } from "@interlingua/gateway";
import type { Benchmark } from "./harness";

/** A whole messages answer: thinking, text and two tool calls, a few KB. */
const answer = {
  id: "msg_bench",
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-5",
  content: [
    {
      type: "thinking",
      thinking: "Let me plan the change. ".repeat(40),
      signature: "EqQBCkYIBxgCKkBs".repeat(8),
    },
    { type: "text", text: "I will read both files, then edit them. ".repeat(30) },
    { type: "tool_use", id: "toolu_1", name: "read_file", input: { path: "src/a.ts", limit: 200 } },
    { type: "tool_use", id: "toolu_2", name: "read_file", input: { path: "src/b.ts", limit: 200 } },
  ],
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: { input_tokens: 900, output_tokens: 400 },
};

/** A wire event: its type and any other fields. */
type WireEvent = { type: string; [field: string]: unknown };

/** A streamed messages answer of 1,000 events: text deltas between the start and the end. */
function streamEvents(): WireEvent[] {
  const events: WireEvent[] = [
    {
      type: "message_start",
      message: { ...answer, content: [], stop_reason: null, usage: { input_tokens: 900, output_tokens: 1 } },
    },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  ];
  while (events.length < 996)
    events.push({
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: `word${events.length} ` },
    });
  events.push({ type: "content_block_stop", index: 0 });
  events.push({
    type: "message_delta",
    delta: { stop_reason: "end_turn", stop_sequence: null },
    usage: { output_tokens: 994 },
  });
  events.push({ type: "message_stop" });
  return events;
}

const answerText = JSON.stringify(answer);
const events = streamEvents();
const eventTexts = events.map((event) => JSON.stringify(event));
const textEncoder = new TextEncoder();
const eventChunks = events.map((event, index) =>
  textEncoder.encode(`event: ${event.type}\ndata: ${eventTexts[index]}\n\n`),
);

/** The upstream, in process: a messages API that answers every call with the same answer, whole or streamed. */
export async function upstreamFetch(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const body = JSON.parse(String(init?.body)) as { stream?: boolean };
  return body.stream
    ? new Response(readableFrom(eventChunks), { headers: { "content-type": "text/event-stream" } })
    : new Response(answerText, { headers: { "content-type": "application/json" } });
}

const gateway = createGateway({
  providers: { anthropic: { type: "messages", baseURL: "http://upstream.invalid", apiKey: "bench-key" } },
  routes: [{ model: "claude-*", provider: "anthropic" }],
  fetch: upstreamFetch as typeof fetch,
});

const question = "Refactor the two files. ".repeat(20);
export const messagesBody = (stream: boolean) =>
  JSON.stringify({
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    stream,
    messages: [{ role: "user", content: question }],
  });
export const responsesBody = (stream: boolean) =>
  JSON.stringify({ model: "claude-sonnet-4-5", stream, input: question });

/** One exchange through `gateway.fetch`, the answer read to its last byte. */
async function exchange(path: string, body: string): Promise<string> {
  const response = await gateway.fetch(
    new Request(`http://gateway.bench${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }),
  );
  if (response.status !== 200)
    throw new Error(`gateway answered ${response.status}: ${await response.text()}`);
  return response.text();
}

/** JSON.parse + JSON.stringify of the request body and the whole answer body. */
const wholeFloor = (requestText: string) => ({
  floorName: "JSON.parse + JSON.stringify of the request and answer bodies",
  floor: () => {
    JSON.stringify(JSON.parse(requestText));
    JSON.stringify(JSON.parse(answerText));
  },
  payloadBytes: requestText.length + answerText.length,
});

/** JSON.parse + JSON.stringify of the request body and each streamed event. */
const streamFloor = (requestText: string) => ({
  floorName: "JSON.parse + JSON.stringify of the request body and each event",
  floor: () => {
    JSON.stringify(JSON.parse(requestText));
    for (const text of eventTexts) JSON.stringify(JSON.parse(text));
  },
  payloadBytes: requestText.length + eventChunks.reduce((sum, chunk) => sum + chunk.length, 0),
});

/**
 * Whole exchanges through `gateway.fetch` against a messages upstream held in process (informational,
 * no target): a messages caller, whose exchange is passed through as it came, and a responses caller,
 * whose request and answer are converted both ways; whole answers and a 1,000-event stream.
 */
export const benchmarks: Benchmark[] = [
  {
    name: "gateway, informational: whole answer, same format (messages to messages, passed through)",
    ...wholeFloor(messagesBody(false)),
    subject: () => exchange("/v1/messages", messagesBody(false)),
  },
  {
    name: "gateway, informational: whole answer, across formats (responses caller, messages upstream)",
    ...wholeFloor(responsesBody(false)),
    subject: () => exchange("/v1/responses", responsesBody(false)),
  },
  {
    name: "gateway, informational: 1,000-event stream, same format (messages to messages, passed through)",
    ...streamFloor(messagesBody(true)),
    subject: () => exchange("/v1/messages", messagesBody(true)),
  },
  {
    name: "gateway, informational: 1,000-event stream, across formats (responses caller, messages upstream)",
    ...streamFloor(responsesBody(true)),
    subject: () => exchange("/v1/responses", responsesBody(true)),
  },
];
