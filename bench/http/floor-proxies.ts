import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Agent, request } from "undici";

/** Hop-by-hop and framing headers a proxy does not copy from one connection to the other. */
const notForwarded = new Set(["host", "connection", "keep-alive", "content-length", "transfer-encoding"]);

function forwardedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const copied: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers))
    if (!notForwarded.has(name) && typeof value === "string") copied[name] = value;
  return copied;
}

async function listen(server: Server): Promise<Server> {
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return server;
}

/**
 * The "fetch floor": a ten-line proxy on `node:http` that reads the caller's body, sends it to
 * `upstream` with the global `fetch`, and writes the answer's bytes back as they come.
 */
export function startFetchFloor(upstream: string): Promise<Server> {
  return listen(
    createServer(async (incoming, outgoing) => {
      try {
        const chunks: Buffer[] = [];
        for await (const chunk of incoming) chunks.push(chunk as Buffer);
        const response = await fetch(upstream + incoming.url, {
          method: incoming.method,
          headers: forwardedHeaders(incoming.headers),
          body: incoming.method === "GET" ? undefined : Buffer.concat(chunks),
        });
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => {
          if (!notForwarded.has(name)) headers[name] = value;
        });
        outgoing.writeHead(response.status, headers);
        if (response.body) await pipeline(Readable.fromWeb(response.body as never), outgoing);
        else outgoing.end();
      } catch {
        outgoing.destroy();
      }
    }),
  );
}

/**
 * The "undici floor": the same proxy with `undici.request` on a keep-alive `Agent`, the caller's
 * body streamed up and the answer's body piped back.
 */
export function startUndiciFloor(upstream: string): Promise<Server> {
  const dispatcher = new Agent({ keepAliveTimeout: 30_000 });
  return listen(
    createServer(async (incoming, outgoing) => {
      try {
        const response = await request(upstream + incoming.url, {
          method: incoming.method as "POST",
          headers: forwardedHeaders(incoming.headers),
          body: incoming.method === "GET" ? undefined : incoming,
          dispatcher,
        });
        const headers: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers))
          if (!notForwarded.has(name) && value !== undefined) headers[name] = value;
        outgoing.writeHead(response.statusCode, headers);
        await pipeline(response.body, outgoing);
      } catch {
        outgoing.destroy();
      }
    }),
  );
}
