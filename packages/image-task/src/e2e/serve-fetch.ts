import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A running local server. */
export interface LocalServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Stops it. */
  close(): Promise<void>;
}

/** Serves a fetch handler over real HTTP on 127.0.0.1, on a free port (tests only). */
export async function serveFetch(
  handler: (request: Request) => Promise<Response> | Response,
): Promise<LocalServer> {
  const server: Server = createServer(async (incoming, outgoing) => {
    try {
      const body = await readAll(incoming);
      const headers = new Headers();
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (typeof value === "string") headers.set(name, value);
      }
      const request = new Request(`http://127.0.0.1${incoming.url}`, {
        method: incoming.method ?? "GET",
        headers,
        ...(body.byteLength > 0 ? { body: body as Uint8Array<ArrayBuffer> } : {}),
      });
      const response = await handler(request);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers.entries()));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      outgoing.writeHead(500, { "content-type": "text/plain" });
      outgoing.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function readAll(incoming: IncomingMessage): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return new Uint8Array(Buffer.concat(chunks));
}
