import { once } from "node:events";
import { createServer, request as httpRequest } from "node:http";
import { type AddressInfo, connect } from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { InboundRequest } from "../http/inbound-request";
import { type NodeServer, serveNode } from "./serve-node";

let server: NodeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Posts `pieces` one write each (chunked), with `headers`; the answer's status and text. */
function post(url: string, pieces: Uint8Array[], headers: Record<string, string | string[]> = {}) {
  return new Promise<{ status: number; text: string; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const client = httpRequest(url, {
        method: "POST",
        headers: { "transfer-encoding": "chunked", ...headers },
      });
      client.on("response", async (response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(chunk as Buffer);
        resolve({
          status: response.statusCode ?? 0,
          text: Buffer.concat(chunks).toString(),
          headers: response.headers,
        });
      });
      client.on("error", reject);
      for (const piece of pieces) client.write(piece);
      client.end();
    },
  );
}

/** Sends `bytes` on a fresh connection and reads until the server closes it. */
function rawAnswer(url: string, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), "127.0.0.1", () => socket.write(bytes));
    let received = "";
    socket.on("data", (data) => {
      received += data.toString();
      if (/\r\n0\r\n\r\n$/.test(received) || /content-length: (\d+)[\s\S]*\r\n\r\n/i.test(received)) {
        const length = /content-length: (\d+)/i.exec(received);
        const body = received.slice(received.indexOf("\r\n\r\n") + 4);
        if (!length || Buffer.byteLength(body) >= Number(length[1])) socket.destroy();
      }
    });
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}

const utf8 = new TextEncoder();

/** `text`'s bytes cut at the given (sorted, deduplicated) offsets. */
function cut(text: string, offsets: number[]): Uint8Array[] {
  const bytes = utf8.encode(text);
  const at = [...new Set(offsets.map((offset) => offset % (bytes.byteLength + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const to of [...at, bytes.byteLength]) {
    if (to > from) pieces.push(bytes.subarray(from, to));
    from = Math.max(from, to);
  }
  return pieces;
}

describe("the Request a fetch handler gets from serveNode", () => {
  it("is a genuine Request with the exact method, URL and headers", async () => {
    let seen:
      | { genuine: boolean; method: string; url: string; headers: [string, string][]; cookies: string[] }
      | undefined;
    server = await serveNode({
      fetch: async (request) => {
        seen = {
          genuine: request instanceof Request,
          method: request.method,
          url: request.url,
          headers: [...request.headers],
          cookies: request.headers.getSetCookie(),
        };
        return new Response("ok");
      },
    });
    const answer = await post(`${server.url}/v1/messages?beta=true&x=%20y`, [utf8.encode("{}")], {
      "x-api-key": "sk-1",
      "x-multi": ["a", "b"],
    });
    expect(answer.status).toBe(200);
    expect(seen?.genuine).toBe(true);
    expect(seen?.method).toBe("POST");
    expect(seen?.url).toBe(`${server.url}/v1/messages?beta=true&x=%20y`);
    expect(seen?.headers).toEqual(
      expect.arrayContaining([
        ["x-api-key", "sk-1"],
        ["x-multi", "a, b"],
        ["transfer-encoding", "chunked"],
      ]),
    );
    // A header Node keeps as several values (set-cookie) stays several.
    const twoCookies = await post(`${server.url}/`, [], { "set-cookie": ["a=1", "b=2"] });
    expect(twoCookies.status).toBe(200);
    expect(seen?.cookies).toEqual(["a=1", "b=2"]);
  });

  it("reads its body whole, cloned, and through readText, at any split of any text", {
    timeout: 30_000,
  }, async () => {
    let read: (request: Request) => Promise<string> = (request) => request.text();
    server = await serveNode({ fetch: async (request) => new Response(await read(request)) });
    const url = server.url;
    const ways: Record<string, (request: Request) => Promise<string>> = {
      text: (request) => request.text(),
      clone: async (request) => {
        const copy = request.clone();
        const [first, second] = await Promise.all([request.text(), copy.text()]);
        return first === second ? first : `clones differ: ${first} / ${second}`;
      },
      readText: (request) =>
        (request as InboundRequest).readText?.(1 << 20) ?? Promise.resolve("no readText"),
      // Once the body stream was read (a clone read whole), readText reads that stream, not the message.
      readTextAfterClone: async (request) => {
        await request.clone().text();
        return (request as InboundRequest).readText?.(1 << 20) ?? Promise.resolve("no readText");
      },
    };
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: "binary", maxLength: 3000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.constantFrom(...Object.keys(ways)),
        async (text, offsets, way) => {
          read = ways[way]!;
          const answer = await post(url, cut(text, offsets));
          expect(answer.status).toBe(200);
          expect(answer.text).toBe(text);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("refuses a body over readText's limit before the rest is read", async () => {
    server = await serveNode({
      fetch: async (request) => {
        const failure = await (request as InboundRequest).readText?.(10).then(
          () => "read",
          (thrown: { kind?: string }) => thrown.kind ?? String(thrown),
        );
        return new Response(failure);
      },
    });
    const answer = await post(server.url, [utf8.encode("0123456789"), utf8.encode("overflow")]);
    expect(answer.text).toBe("request_too_large");
  });

  it("can be passed to fetch as it is, its body sent upstream", async () => {
    const upstream = createServer(async (incoming, outgoing) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      outgoing.end(
        `${incoming.method} ${incoming.url} ${incoming.headers["x-key"]} ${Buffer.concat(chunks)}`,
      );
    });
    upstream.listen(0, "127.0.0.1");
    await once(upstream, "listening");
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    try {
      server = await serveNode({
        fetch: (request) => {
          // A proxy drops the hop-by-hop headers, which fetch refuses to send.
          const headers = new Headers(request.headers);
          for (const name of ["connection", "transfer-encoding", "host"]) headers.delete(name);
          return fetch(new Request(upstreamUrl + new URL(request.url).pathname, request), {
            headers,
            duplex: "half",
          } as RequestInit);
        },
      });
      const answer = await post(`${server.url}/echo`, [utf8.encode("hello "), utf8.encode("upstream")], {
        "x-key": "k",
      });
      expect(answer.text).toBe("POST /echo k hello upstream");
      await server.close();
      // As it is: its URL names the upstream (the base comes from the caller's Host header).
      server = await serveNode({ fetch: (request) => fetch(request) });
      const asItIs = await rawAnswer(
        server.url,
        `POST /as-is HTTP/1.1\r\nhost: ${new URL(upstreamUrl).host}\r\nx-key: k2\r\ncontent-length: 5\r\n\r\nwhole`,
      );
      expect(asItIs).toMatch(/^HTTP\/1\.1 200 [\s\S]*POST \/as-is k2 whole$/);
    } finally {
      upstream.close();
    }
  });

  it("has its signal aborted when the caller goes away", async () => {
    let aborted: Promise<unknown> | undefined;
    server = await serveNode({
      fetch: (request) => {
        aborted = new Promise((resolve) => request.signal.addEventListener("abort", resolve, { once: true }));
        return new Promise<Response>(() => {});
      },
    });
    const client = httpRequest(`${server.url}/`, { method: "POST" });
    client.on("error", () => undefined);
    client.end("{}");
    for (let attempt = 0; attempt < 100 && !aborted; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    client.destroy();
    await expect(aborted).resolves.toBeDefined();
  });
});
