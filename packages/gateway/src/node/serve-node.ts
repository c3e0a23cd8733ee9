import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { Gateway } from "../gateway/create-gateway";

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

function toRequest(incoming: IncomingMessage, base: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const method = incoming.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", base), {
    method,
    headers,
    signal,
    body: hasBody ? (Readable.toWeb(incoming) as ReadableStream<Uint8Array>) : undefined,
    // Required by undici for a streamed request body.
    duplex: "half",
  } as RequestInit);
}

async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  outgoing.writeHead(response.status, headers);
  if (!response.body) {
    outgoing.end();
    return;
  }
  outgoing.flushHeaders();
  const reader = response.body.getReader();
  const closed = once(outgoing, "close");
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), closed.then(() => undefined)]);
      if (next === undefined || outgoing.destroyed) {
        await reader.cancel(new Error("The client went away")).catch(() => undefined);
        return;
      }
      if (next.done) break;
      // Back-pressure: wait for the socket to drain before reading more from the gateway.
      if (!outgoing.write(next.value)) await Promise.race([once(outgoing, "drain"), closed]);
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
 */
export function createNodeListener(gateway: Gateway, baseURL?: string): NodeListener {
  return (incoming, outgoing) => {
    const controller = new AbortController();
    outgoing.on("close", () => {
      if (!outgoing.writableFinished) controller.abort(new Error("The client went away"));
    });
    const base = baseURL ?? `http://${incoming.headers.host ?? "localhost"}`;
    let request: Request;
    try {
      request = toRequest(incoming, base, controller.signal);
    } catch {
      outgoing.writeHead(400, { "content-type": "application/json" });
      outgoing.end(JSON.stringify({ error: { type: "invalid_request", message: "Malformed request" } }));
      return;
    }
    gateway
      .fetch(request)
      .then((response) => writeResponse(response, outgoing))
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
export async function serveNode(gateway: Gateway, options: ServeNodeOptions = {}): Promise<NodeServer> {
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
