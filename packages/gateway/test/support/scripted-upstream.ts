import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AnyCodec,
  accumulate,
  CanonicalError,
  type ChatEvent,
  type ChatRequest,
  type ChatResponse,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
  readableFrom,
  replayEvents,
  toCanonicalError,
} from "@interlingua/core";

/** What an upstream saw in one call. */
export interface UpstreamCall {
  /** The body as decoded by the upstream's codec. */
  request: ChatRequest;
  /** The raw body. */
  wire: Record<string, unknown>;
  headers: Headers;
  apiKey: string | undefined;
  url: string;
  stream: boolean;
  /** Set when the caller went away before the answer was complete. */
  aborted: boolean;
}

/**
 * How the upstream answers one call. With `release`, a whole answer waits for it before it is sent,
 * and a stream after its first `holdAfter` chunks (default none).
 */
export type UpstreamAnswer =
  | { response: ChatResponse; release?: Promise<unknown> }
  | {
      events: ChatEvent[];
      dropAfter?: number;
      hangAfter?: number;
      release?: Promise<unknown>;
      holdAfter?: number;
    }
  | { error: CanonicalError };

/** A local upstream on 127.0.0.1 built from a codec, answering as its script says. */
export interface ScriptedUpstream {
  url: string;
  calls: UpstreamCall[];
  /** Replaces the script. */
  answer(script: (call: UpstreamCall) => UpstreamAnswer): void;
  close(): Promise<void>;
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function headersOf(incoming: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers))
    if (typeof value === "string") headers.set(name, value);
  return headers;
}

async function serve(
  codec: AnyCodec,
  script: (call: UpstreamCall) => UpstreamAnswer,
  calls: UpstreamCall[],
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  base: string,
): Promise<void> {
  const url = new URL(incoming.url ?? "/", base);
  const location = codec.http.matchChatRequest(incoming.method ?? "GET", url);
  if (!location) {
    outgoing.writeHead(404).end("not found");
    return;
  }
  const headers = headersOf(incoming);
  const text = await readBody(incoming);
  const wire = JSON.parse(text) as Record<string, unknown>;
  const context = createConversionContext();
  const request = codec.decodeRequest(wire, context, location);
  const call: UpstreamCall = {
    request,
    wire,
    headers,
    apiKey: codec.http.readApiKey(new Request(url, { headers })),
    url: url.toString(),
    stream: request.stream === true,
    aborted: false,
  };
  calls.push(call);
  outgoing.on("close", () => {
    if (!outgoing.writableFinished) call.aborted = true;
  });
  const answer = script(call);
  if ("error" in answer) {
    const error = codec.errorToWire(answer.error);
    outgoing.writeHead(error.status, { "content-type": "application/json", ...error.headers });
    outgoing.end(JSON.stringify(error.body));
    return;
  }
  if (!call.stream) {
    await answer.release;
    const response = "response" in answer ? answer.response : await accumulate(answer.events);
    outgoing.writeHead(200, { "content-type": "application/json" });
    outgoing.end(JSON.stringify(codec.encodeResponse(response, context)));
    return;
  }
  const events = "response" in answer ? replayEvents(answer.response) : answer.events;
  const bytes = await collect(
    readableFrom(events)
      .pipeThrough(codec.createStreamEncoder(context))
      .pipeThrough(createJsonSseEncoderStream((event) => codec.sseEventName(event))),
  );
  outgoing.writeHead(200, { "content-type": "text/event-stream" });
  outgoing.flushHeaders();
  const limit = "events" in answer ? (answer.dropAfter ?? answer.hangAfter) : undefined;
  for (const [index, chunk] of bytes.entries()) {
    if (index === (answer.holdAfter ?? 0)) await answer.release;
    if (limit !== undefined && index >= limit) {
      if ("events" in answer && answer.dropAfter !== undefined) outgoing.destroy();
      return;
    }
    outgoing.write(chunk);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  outgoing.end();
}

/** Starts a {@link ScriptedUpstream} speaking `codec`'s format. */
export async function createScriptedUpstream(codec: AnyCodec): Promise<ScriptedUpstream> {
  const calls: UpstreamCall[] = [];
  let script: (call: UpstreamCall) => UpstreamAnswer = () => ({
    error: new CanonicalError("internal", "no script"),
  });
  let base = "";
  const server = createServer((incoming, outgoing) => {
    serve(codec, script, calls, incoming, outgoing, base).catch((thrown: unknown) => {
      const error = codec.errorToWire(toCanonicalError(thrown));
      if (!outgoing.headersSent) outgoing.writeHead(error.status, { "content-type": "application/json" });
      outgoing.end(JSON.stringify(error.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    calls,
    answer(next) {
      script = next;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
