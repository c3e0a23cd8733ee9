import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";

/** A running local server: its base URL and a way to stop it. */
export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

async function toRequest(incoming: IncomingMessage, base: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = incoming.method !== "GET" && incoming.method !== "HEAD";
  return new Request(new URL(incoming.url ?? "/", base), {
    method: incoming.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  });
}

async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
  outgoing.flushHeaders();
  if (!response.body) {
    outgoing.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import("node:stream/web").ReadableStream<Uint8Array>);
  // A body that fails drops the connection, as a server that lost its upstream would.
  body.on("error", (error) => outgoing.destroy(error));
  body.pipe(outgoing);
  await new Promise<void>((resolve) => outgoing.on("close", resolve));
}

/** Serves a fetch-style handler over node:http on 127.0.0.1 and a free port (tests only). */
export async function serveFetch(handler: (request: Request) => Promise<Response>): Promise<LocalServer> {
  let base = "";
  const server = createServer((incoming, outgoing) => {
    toRequest(incoming, base)
      .then(handler)
      .then((response) => writeResponse(response, outgoing))
      .catch((error: unknown) => {
        outgoing.writeHead(500, { "content-type": "text/plain" });
        outgoing.end(String(error));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
