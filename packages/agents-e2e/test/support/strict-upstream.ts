import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type AnyCodec,
  CanonicalError,
  type ChatRequest,
  type ChatResponse,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
  readableFrom,
  replayEvents,
  toCanonicalError,
} from "@interlingua/core";

/** One request the upstream saw, and whether it took it. */
export interface StrictUpstreamCall {
  method: string;
  path: string;
  /** The raw body, when there was one. */
  wire: unknown;
  headers: Headers;
  /** Why the upstream refused the request, as the real API would; undefined when it accepted it. */
  refusal?: string;
}

/** The request as the upstream's codec read it, for the script to answer. */
export interface AcceptedRequest {
  request: ChatRequest;
  wire: Record<string, unknown>;
  headers: Headers;
}

/** Problems of a chat request body against the vendor spec, as the API would check it; empty when valid. */
export type SpecCheck = (wire: unknown, call: { url: URL; headers: Headers }) => string[];

/** A local upstream on 127.0.0.1 that refuses what the real API refuses and answers as its script says. */
export interface StrictUpstream {
  url: string;
  calls: StrictUpstreamCall[];
  close(): Promise<void>;
}

/** What the upstream checks beyond the vendor schema and its codec: the API's documented extra rules. */
export type ExtraRule = (accepted: AcceptedRequest) => string | undefined;

/** Options of {@link createStrictUpstream}. */
export interface StrictUpstreamOptions {
  codec: AnyCodec;
  /** Checks a chat request body against the format's vendor spec. */
  checkSpec: SpecCheck;
  /** Rules the vendor schema does not state. */
  rules?: readonly ExtraRule[];
  /** Answers an accepted chat request. */
  answer(accepted: AcceptedRequest): ChatResponse;
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

function refuse(codec: AnyCodec, outgoing: ServerResponse, error: CanonicalError): void {
  const wire = codec.errorToWire(error);
  outgoing.writeHead(wire.status, { "content-type": "application/json", ...wire.headers });
  outgoing.end(JSON.stringify(wire.body));
}

/**
 * Starts a chat upstream for `options.codec`'s format: every chat request is checked against the
 * vendor spec (`options.checkSpec`), decoded by
 * the format's codec (which refuses what the API refuses) and checked by the extra rules; any
 * failure is answered 400 in the format's error shape and recorded. Other paths are answered 404.
 */
export async function createStrictUpstream(options: StrictUpstreamOptions): Promise<StrictUpstream> {
  const { codec } = options;
  const calls: StrictUpstreamCall[] = [];
  let base = "";

  async function serve(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const url = new URL(incoming.url ?? "/", base);
    const method = incoming.method ?? "GET";
    const text = await readBody(incoming);
    const headers = headersOf(incoming);
    const call: StrictUpstreamCall = {
      method,
      path: url.pathname,
      wire: text ? JSON.parse(text) : undefined,
      headers,
    };
    calls.push(call);
    const location = codec.http.matchChatRequest(method, url);
    if (!location) {
      outgoing.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const problems = options.checkSpec(call.wire, { url, headers });
    if (problems.length > 0) {
      call.refusal = `spec: ${problems.join("; ")}`;
      refuse(codec, outgoing, new CanonicalError("invalid_request", call.refusal));
      return;
    }
    const context = createConversionContext();
    const wire = call.wire as Record<string, unknown>;
    let request: ChatRequest;
    try {
      request = codec.decodeRequest(wire, context, location);
    } catch (thrown) {
      call.refusal = `decode: ${(thrown as Error).message}`;
      refuse(codec, outgoing, toCanonicalError(thrown));
      return;
    }
    for (const rule of options.rules ?? []) {
      const problem = rule({ request, wire, headers });
      if (problem) {
        call.refusal = `rule: ${problem}`;
        refuse(codec, outgoing, new CanonicalError("invalid_request", problem));
        return;
      }
    }
    const response = options.answer({ request, wire, headers });
    if (request.stream !== true) {
      outgoing.writeHead(200, { "content-type": "application/json" });
      outgoing.end(JSON.stringify(codec.encodeResponse(response, context)));
      return;
    }
    const bytes = await collect(
      readableFrom(replayEvents(response))
        .pipeThrough(codec.createStreamEncoder(context))
        .pipeThrough(createJsonSseEncoderStream((event) => codec.sseEventName(event))),
    );
    outgoing.writeHead(200, { "content-type": "text/event-stream" });
    for (const chunk of bytes) outgoing.write(chunk);
    outgoing.end();
  }

  const server = createServer((incoming, outgoing) => {
    serve(incoming, outgoing).catch((thrown: unknown) => {
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
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
