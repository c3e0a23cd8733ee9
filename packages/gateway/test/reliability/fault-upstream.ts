import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AnyCodec,
  accumulate,
  CanonicalError,
  type ChatEvent,
  type ChatRequest,
  collect,
  createConversionContext,
  formatSseMessage,
  type RequestLocation,
  readableFrom,
} from "@interlingua/core";

/** Every way the fault upstream can misbehave. */
export const upstreamFaults = [
  "reset before headers",
  "reset mid-body",
  "malformed SSE",
  "truncated JSON",
  "stall before headers",
  "stall mid-body",
  "429",
  "500",
  "401",
  "HTML error page",
  "no terminal event",
  "401 mid-stream",
] as const;

/** One of {@link upstreamFaults}. */
export type UpstreamFault = (typeof upstreamFaults)[number];

/** Faults that only a stream can have. */
export const streamOnlyFaults: ReadonlySet<UpstreamFault> = new Set([
  "malformed SSE",
  "no terminal event",
  "401 mid-stream",
]);

/** The upstream model that asks a {@link FaultUpstream} for `fault` (`ok` for a proper answer). */
export function faultModel(fault: UpstreamFault | undefined): string {
  return fault === undefined ? "ok" : `fault-${upstreamFaults.indexOf(fault)}`;
}

function faultOf(model: string | undefined): UpstreamFault | undefined {
  const match = /^fault-(\d+)$/.exec(model ?? "");
  return match ? upstreamFaults[Number(match[1])] : undefined;
}

/**
 * A local upstream on 127.0.0.1 speaking one codec's format. It answers each call as the model it
 * is asked for says (see {@link faultModel}), so calls with different faults can run at once.
 */
export interface FaultUpstream {
  url: string;
  close(): Promise<void>;
}

/** A text answer of twelve deltas: long enough that a fault half-way comes after the first content. */
export function answerEvents(text = "word"): ChatEvent[] {
  const deltas = Array.from({ length: 12 }, (_, index) => `${text}${index} `);
  return [
    { type: "response-start", id: "resp_fault_1", model: "upstream-model" },
    { type: "part-start", index: 0, kind: "text" },
    ...deltas.map((delta): ChatEvent => ({ type: "text-delta", index: 0, text: delta })),
    { type: "part-end", index: 0, part: { type: "text", text: deltas.join("") } },
    { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 3, outputTokens: 12 } },
  ];
}

/** The data of the line a real server of the format closes every stream with (not a JSON event). */
const sseDoneData: Readonly<Record<string, string>> = { "chat-completions": "[DONE]" };

/** One SSE chunk of an answer: its bytes, and whether it is the format's terminal event. */
export interface SseChunk {
  bytes: Uint8Array;
  terminal: boolean;
}

/**
 * The answer as this format's SSE chunks, one wire event per chunk, and the format's closing line
 * (chat-completions `data: [DONE]`) after a stream that did not fail, as a real server sends it.
 * `request` is the call being answered, for what the format sends only when asked (the usage
 * chunk of chat-completions). The terminal event is the last one, or for chat-completions the
 * chunk with the `finish_reason` (the usage chunk and `[DONE]` follow it).
 */
export async function sseAnswer(
  codec: AnyCodec,
  events: ChatEvent[],
  request?: ChatRequest,
): Promise<SseChunk[]> {
  const wire = await collect(
    readableFrom(events).pipeThrough(codec.createStreamEncoder(createConversionContext({ request }))),
  );
  const encoder = new TextEncoder();
  const chunks = wire.map((event, index) => {
    const name = codec.sseEventName(event);
    const data = JSON.stringify(event);
    const finished = (event as { choices?: { finish_reason?: unknown }[] }).choices?.some(
      (choice) => typeof choice.finish_reason === "string",
    );
    return {
      bytes: encoder.encode(formatSseMessage(name === undefined ? { data } : { event: name, data })),
      terminal: sseDoneData[codec.id] === undefined ? index === wire.length - 1 : finished === true,
    };
  });
  const done = sseDoneData[codec.id];
  if (done !== undefined && events.at(-1)?.type !== "error")
    chunks.push({ bytes: encoder.encode(formatSseMessage({ data: done })), terminal: false });
  return chunks;
}

/** The answer as this format's SSE bytes ({@link sseAnswer}), one wire event per chunk. */
export async function sseChunks(
  codec: AnyCodec,
  events: ChatEvent[],
  request?: ChatRequest,
): Promise<Uint8Array[]> {
  return (await sseAnswer(codec, events, request)).map((chunk) => chunk.bytes);
}

/** The answer as this format's whole JSON body. */
export async function wholeBody(codec: AnyCodec, events: ChatEvent[]): Promise<string> {
  return JSON.stringify(codec.encodeResponse(await accumulate(events), createConversionContext()));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const encoder = new TextEncoder();

function writeError(codec: AnyCodec, outgoing: ServerResponse, error: CanonicalError): void {
  const wire = codec.errorToWire(error);
  outgoing.writeHead(wire.status, { "content-type": "application/json", ...wire.headers });
  outgoing.end(JSON.stringify(wire.body));
}

async function answer(
  codec: AnyCodec,
  fault: UpstreamFault | undefined,
  stream: boolean,
  outgoing: ServerResponse,
  request: ChatRequest | undefined,
): Promise<void> {
  const events = answerEvents();
  switch (fault) {
    case "reset before headers":
      outgoing.socket?.destroy();
      return;
    case "stall before headers":
      return;
    case "429":
      return writeError(codec, outgoing, new CanonicalError("rate_limit", "Slow down.", { retryAfter: 7 }));
    case "500":
      return writeError(codec, outgoing, new CanonicalError("internal", "Upstream exploded."));
    case "401":
      return writeError(codec, outgoing, new CanonicalError("authentication", "Invalid upstream key."));
    case "HTML error page":
      outgoing.writeHead(502, { "content-type": "text/html" });
      outgoing.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      return;
  }
  if (!stream) {
    const body = encoder.encode(await wholeBody(codec, events));
    const half = body.subarray(0, Math.floor(body.length / 2));
    if (fault === undefined) {
      outgoing.writeHead(200, { "content-type": "application/json" });
      outgoing.end(body);
      return;
    }
    if (fault === "truncated JSON") {
      outgoing.writeHead(200, { "content-type": "application/json" });
      outgoing.end(half);
      return;
    }
    outgoing.writeHead(200, { "content-type": "application/json", "content-length": String(body.length) });
    outgoing.write(half);
    if (fault === "reset mid-body") {
      await pause(5);
      outgoing.socket?.destroy();
    }
    return;
  }
  // A refusal of the upstream's key that comes as an error event after some content.
  const refused: ChatEvent = {
    type: "error",
    error: { kind: "authentication", status: 401, message: "Invalid upstream key.", code: "invalid_api_key" },
  };
  const chunks = await sseAnswer(
    codec,
    fault === "401 mid-stream" ? [...events.slice(0, events.length / 2), refused] : events,
    request,
  );
  const half = Math.floor(chunks.length / 2);
  outgoing.writeHead(200, { "content-type": "text/event-stream" });
  outgoing.flushHeaders();
  for (const [index, chunk] of chunks.entries()) {
    if (index === half) {
      if (fault === "reset mid-body") {
        await pause(5);
        outgoing.socket?.destroy();
        return;
      }
      if (fault === "stall mid-body") return;
      if (fault === "malformed SSE") outgoing.write("this line is not server-sent events\n\n");
      if (fault === "truncated JSON") outgoing.write('data: {"type":"content_block_delta","ind\n\n');
    }
    // Cut off before the terminal event: what follows it (a usage chunk, `[DONE]`) is not sent either.
    if (fault === "no terminal event" && chunk.terminal) break;
    outgoing.write(chunk.bytes);
    await pause(1);
  }
  outgoing.end();
}

/** The call as the format's request, or undefined if it does not decode (then nothing depends on it). */
function decodeCall(
  codec: AnyCodec,
  body: unknown,
  location: RequestLocation | undefined,
): ChatRequest | undefined {
  try {
    return codec.decodeRequest(body, createConversionContext(), location);
  } catch {
    return undefined;
  }
}

/** Starts a {@link FaultUpstream} speaking `codec`'s format. */
export async function createFaultUpstream(codec: AnyCodec): Promise<FaultUpstream> {
  let base = "";
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", base);
    const location = codec.http.matchChatRequest(incoming.method ?? "GET", url);
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model?: string; stream?: boolean };
      const stream = location?.stream ?? body.stream === true;
      const request = decodeCall(codec, body, location);
      answer(codec, faultOf(location?.model ?? body.model), stream, outgoing, request).catch(() =>
        outgoing.socket?.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
