import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { answerInbound, type InboundAnswerer } from "../gateway/answer-inbound";
import type { Gateway } from "../gateway/create-gateway";
import type { ByteSource } from "../http/byte-source";
import { type GatewayAnswer, unreadPlainBody } from "../http/gateway-answer";
import type { InboundRequest } from "../http/inbound-request";
import { incomingBody } from "./incoming-body";
import { readIncomingText } from "./read-incoming-text";
import { requestOfIncoming } from "./request-of-incoming";

/** Options of {@link serveNode}. */
export interface ServeNodeOptions {
  /** Interface to listen on; default `127.0.0.1` (only this machine). */
  host?: string;
  /** Port; default 0 (any free port). */
  port?: number;
}

/** A running server. */
export interface NodeServer {
  /** Base URL (`http://127.0.0.1:8787`). */
  url: string;
  /** Stops accepting connections, ends open ones, and resolves when the server is closed. */
  close(): Promise<void>;
}

/** The methods the Fetch standard forbids, which a `Request` refuses (answered 400 on both entries). */
const forbiddenMethods = new Set(["CONNECT", "TRACE", "TRACK"]);

/**
 * The request as the gateway reads it, without a `Request`: the headers copied once, the body read
 * straight from the message as limited text, or a stream made when first read. Throws (a `TypeError`) on a header value or URL a `Request` refuses.
 */
function toInbound(incoming: IncomingMessage, base: string, signal: AbortSignal): InboundRequest {
  const method = incoming.method ?? "GET";
  if (forbiddenMethods.has(method)) throw new TypeError(`'${method}' HTTP method is unsupported.`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = method !== "GET" && method !== "HEAD";
  let body: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;
  const parsedUrl = new URL(incoming.url ?? "/", base);
  return {
    method,
    url: parsedUrl.href,
    parsedUrl,
    headers,
    signal,
    get body() {
      if (!hasBody) return null;
      body ??= incomingBody(incoming).stream;
      return body;
    },
    // Without a body, core's reader answers as it does for any request (its length still checked).
    readText: hasBody ? (limit) => readIncomingText(incoming, limit) : undefined,
  };
}

/** How long a connection whose request body was left unread may go on sending after the answer. */
const lingerMs = 5000;

/**
 * Closes, after the answer went out, a connection whose request body was not read to the end (a body
 * over the limit, or a request refused before its body was read). Closing at once would make the
 * kernel reset the connection when more of the body arrives, and a reset can destroy the answer before
 * the client reads it; so, as HTTP servers do ("lingering close"), the server stops writing, reads and
 * discards what the client still sends until it stops or `lingerMs` pass, and only then closes.
 */
function closeAfterAnswer(incoming: IncomingMessage, outgoing: ServerResponse): void {
  const socket = incoming.socket;
  // Node ends a `connection: close` exchange with destroySoon(); end the writing side only instead.
  socket.destroySoon = () => {
    socket.end();
  };
  outgoing.once("finish", () => {
    const timer = setTimeout(() => socket.destroy(), lingerMs);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    incoming.resume();
  });
}

/** What `settledRead` gives for a read that has not settled yet. */
const notYet = Symbol("not yet");

/** The read's result if it has already settled (a chunk was waiting), else {@link notYet}. */
function settledRead<T>(read: Promise<T>): Promise<T | typeof notYet> {
  return Promise.race([read, Promise.resolve(notYet)]);
}

/** Settles with {@link notYet} when this turn of the event loop ends; one timer per turn, shared. */
let turnEnd: Promise<typeof notYet> | undefined;

/**
 * The read's result if it settles within this turn of the event loop (before `setImmediate`), else
 * {@link notYet}: for a body behind Web streams (a `Response`'s), whose reads never settle at once
 * even when their bytes are there, so that its headers, events and end still go out in one write.
 */
function settledThisTurn<T>(read: Promise<T>): Promise<T | typeof notYet> {
  turnEnd ??= new Promise((resolve) =>
    setImmediate(() => {
      turnEnd = undefined;
      resolve(notYet);
    }),
  );
  return Promise.race([read, turnEnd]);
}

/** The answer's headers as `writeHead` takes them (a copy: the connection header may be added). */
function headersOf(answer: GatewayAnswer): Record<string, string> {
  if (!(answer instanceof Response)) return { ...answer.headers };
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return headers;
}

/**
 * Writes the gateway's answer: a body in one piece with its `content-length`, headers and body in
 * one write; a stream chunk by chunk with back-pressure, its headers with its first bytes (or at
 * once when none are ready).
 */
async function writeAnswer(
  answer: GatewayAnswer,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  settled: typeof settledRead = settledRead,
): Promise<void> {
  const headers = headersOf(answer);
  if (!incoming.complete) {
    headers.connection = "close";
    closeAfterAnswer(incoming, outgoing);
  }
  // A `Response` of `gateway.fetch` handed back unread: its plain answer's body, as it is.
  const whole = (answer instanceof Response ? unreadPlainBody(answer) : undefined) ?? answer.body;
  if (!whole) {
    outgoing.writeHead(answer.status, headers);
    outgoing.end();
    return;
  }
  if (whole instanceof Uint8Array) {
    headers["content-length"] ??= String(whole.byteLength);
    outgoing.writeHead(answer.status, headers);
    outgoing.end(whole);
    return;
  }
  // A pass-through's byte source is read as it is: no Web stream between the upstream and the socket.
  const reader: ByteSource = whole instanceof ReadableStream ? whole.getReader() : whole;
  const closed = once(outgoing, "close");
  try {
    let read = reader.read();
    const first = await settled(read);
    if (first === notYet) {
      // Nothing to send yet: the headers go out at once, so the caller sees them.
      outgoing.writeHead(answer.status, headers);
      outgoing.flushHeaders();
    } else if (first.done) {
      outgoing.writeHead(answer.status, headers);
      outgoing.end();
      return;
    } else {
      read = reader.read();
      const second = await settled(read);
      if (second !== notYet && second.done) {
        // A whole answer in one piece: headers, length and body in one write.
        headers["content-length"] ??= String(first.value.byteLength);
        outgoing.writeHead(answer.status, headers);
        outgoing.end(first.value);
        return;
      }
      // The headers go out with the first bytes, in one write.
      outgoing.writeHead(answer.status, headers);
      if (!outgoing.write(first.value)) await Promise.race([once(outgoing, "drain"), closed]);
    }
    const gone = closed.then(() => undefined);
    for (;;) {
      const next = await Promise.race([read, gone]);
      if (next === undefined || outgoing.destroyed) {
        await reader.cancel(new Error("The client went away")).catch(() => undefined);
        return;
      }
      if (next.done) break;
      // This piece and every one already waiting (the events of one upstream chunk) go out in one
      // write to the socket, not one each.
      outgoing.cork();
      let flowing = outgoing.write(next.value);
      let ended = false;
      for (;;) {
        read = reader.read();
        const ready = await settled(read);
        if (ready === notYet) break;
        if (ready.done) {
          ended = true;
          break;
        }
        flowing = outgoing.write(ready.value);
      }
      outgoing.uncork();
      if (ended) break;
      // Back-pressure: wait for the socket to drain before reading more from the gateway.
      if (!flowing) await Promise.race([once(outgoing, "drain"), closed]);
    }
    outgoing.end();
  } catch (thrown) {
    await reader.cancel(thrown).catch(() => undefined);
    outgoing.destroy(thrown as Error);
  }
}

/** A Node `(request, response)` listener, as `http.createServer` and Express take. */
export type NodeListener = (incoming: IncomingMessage, outgoing: ServerResponse) => void;

/**
 * The gateway as a Node request listener, to mount in any Node server (Express, Fastify's raw
 * mode, `http.createServer`). Bodies stream both ways with back-pressure; a client that disconnects
 * aborts the request's signal and cancels the response, which aborts the upstream call. The base
 * URL comes from the `Host` header unless given. Do not let a body parser consume the body first.
 * An answer given before the request body was read to the end (a 413) goes out with
 * `connection: close`, and the connection closes only once the client stops sending.
 */
export function createNodeListener(gateway: Pick<Gateway, "fetch">, baseURL?: string): NodeListener {
  // A gateway made by `createGateway` answers without a `Request` or `Response` (decision 0020);
  // any other fetch handler (only `gateway.fetch`, a wrapper) gets a `Request` and gives a `Response`
  // (decision 0052: the `Request` built straight from the message).
  const answerer =
    answerInbound in gateway ? (gateway as Partial<InboundAnswerer>)[answerInbound] : undefined;
  const answerOf: (incoming: IncomingMessage, base: string, signal: AbortSignal) => Promise<GatewayAnswer> =
    answerer
      ? (incoming, base, signal) => answerer.call(gateway, toInbound(incoming, base, signal))
      : (incoming, base, signal) => {
          const request = requestOfIncoming(incoming, base, signal);
          return Promise.resolve().then(() => gateway.fetch(request));
        };
  return (incoming, outgoing) => {
    const controller = new AbortController();
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) controller.abort(new Error("The client went away"));
    });
    const base = baseURL ?? `http://${incoming.headers.host ?? "localhost"}`;
    let answer: Promise<GatewayAnswer>;
    try {
      answer = answerOf(incoming, base, controller.signal);
    } catch {
      outgoing.writeHead(400, { "content-type": "application/json" });
      outgoing.end(JSON.stringify({ error: { type: "invalid_request", message: "Malformed request" } }));
      return;
    }
    answer
      .then((answer) => writeAnswer(answer, incoming, outgoing, answerer ? settledRead : settledThisTurn))
      .catch(() => {
        if (outgoing.headersSent) outgoing.destroy();
        else {
          outgoing.writeHead(500, { "content-type": "application/json" });
          outgoing.end(JSON.stringify({ error: { type: "internal", message: "Internal error" } }));
        }
      });
  };
}

/**
 * Runs a gateway on Node's http server ({@link createNodeListener} on its own server), on
 * 127.0.0.1 unless told otherwise.
 */
export async function serveNode(
  gateway: Pick<Gateway, "fetch">,
  options: ServeNodeOptions = {},
): Promise<NodeServer> {
  const host = options.host ?? "127.0.0.1";
  const server = createServer(createNodeListener(gateway));
  server.listen(options.port ?? 0, host);
  await once(server, "listening");
  const address = server.address() as AddressInfo;
  const hostname = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${hostname}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
