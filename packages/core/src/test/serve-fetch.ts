import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

/** A running local server: its base URL and how to stop it. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Stops the server, dropping open connections. */
  close(): Promise<void>;
}

async function toRequest(incoming: IncomingMessage, signal: AbortSignal): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", `http://${incoming.headers.host ?? "127.0.0.1"}`), {
    method: incoming.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
    signal,
  });
}

async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  outgoing.flushHeaders();
  if (!response.body) {
    outgoing.end();
    return;
  }
  const body = Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
  // A body that fails drops the connection, as a server that lost its upstream would.
  body.on("error", (error) => outgoing.destroy(error));
  body.pipe(outgoing);
  await new Promise<void>((resolve) => outgoing.on("close", resolve));
}

/**
 * Serves a fetch-style handler over real HTTP on 127.0.0.1 and a free port, for tests: local
 * upstreams speaking a vendor format, or a front built on a codec that an official client calls.
 * Bodies stream both ways; a client that disconnects aborts the request's signal; a handler that
 * throws answers 500.
 */
export async function serveFetch(
  handler: (request: Request) => Promise<Response> | Response,
): Promise<LocalServer> {
  const server = createServer((incoming, outgoing) => {
    const abort = new AbortController();
    outgoing.on("close", () => abort.abort());
    void (async () => {
      try {
        await writeResponse(await handler(await toRequest(incoming, abort.signal)), outgoing);
      } catch (error) {
        if (!outgoing.headersSent) outgoing.writeHead(500, { "content-type": "text/plain" });
        outgoing.end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
