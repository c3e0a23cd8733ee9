import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AnyCodec,
  accumulate,
  CanonicalError,
  type ChatEvent,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
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

/** The answer as this format's SSE bytes, one wire event per chunk. */
export async function sseChunks(codec: AnyCodec, events: ChatEvent[]): Promise<Uint8Array[]> {
  return collect(
    readableFrom(events)
      .pipeThrough(codec.createStreamEncoder(createConversionContext()))
      .pipeThrough(createJsonSseEncoderStream((event) => codec.sseEventName(event))),
  );
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
  const chunks = await sseChunks(
    codec,
    fault === "401 mid-stream" ? [...events.slice(0, events.length / 2), refused] : events,
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
    if (fault === "no terminal event" && index === chunks.length - 1) break;
    outgoing.write(chunk);
    await pause(1);
  }
  outgoing.end();
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
      answer(codec, faultOf(location?.model ?? body.model), stream, outgoing).catch(() =>
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
