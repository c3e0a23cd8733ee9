import { readFileSync } from "node:fs";
import { Agent, createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { specPath } from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../gateway/create-gateway";
import { createNodeListener } from "./serve-node";

const recording = readFileSync(specPath("recordings", "messages/text-with-ping.sse"), "utf8");
const servers: Server[] = [];

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Counts the writes to every socket `server` accepts (a `writev` of several pieces is one). */
function countWrites(server: Server): { count: number } {
  const writes = { count: 0 };
  server.on("connection", (socket: Socket) => {
    const internals = socket as unknown as Record<"_write" | "_writev", (...args: unknown[]) => void>;
    for (const method of ["_write", "_writev"] as const) {
      const original = internals[method].bind(socket);
      internals[method] = (...args) => {
        writes.count++;
        original(...args);
      };
    }
  });
  return writes;
}

/** The fetch handlers given to the Node entry: gateway.fetch's own Response, and one a wrapper made anew. */
const handlers = ["gateway.fetch", "a wrapper's new Response"] as const;
const entries = new Map<string, { url: string; writes: { count: number } }>();

beforeAll(async () => {
  // The whole stream and its end in one write: the gateway reads them in one chunk.
  const upstream = await listen(
    createServer((incoming, outgoing) => {
      incoming.resume();
      incoming.on("end", () => {
        outgoing.writeHead(200, { "content-type": "text/event-stream" });
        outgoing.end(recording);
      });
    }),
  );
  // The portable path: the runtime's fetch upstream, only a fetch handler given to the Node entry.
  const gateway = createGateway({
    providers: { anthropic: { type: "messages", baseURL: upstream, apiKey: "upstream-key" } },
    routes: [{ model: "*", provider: "anthropic" }],
  });
  for (const handler of handlers) {
    const server = createServer(
      createNodeListener({
        fetch: async (request) => {
          const response = await gateway.fetch(request);
          return handler === "gateway.fetch" ? response : new Response(response.body, response);
        },
      }),
    );
    entries.set(handler, { writes: countWrites(server), url: await listen(server) });
  }
});

afterAll(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe.each(handlers)("a same-format stream that came at once, answered by %s", (handler) => {
  it("goes out whole, its headers, events and end in one socket write", async () => {
    const { url, writes } = entries.get(handler)!;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const exchanges = 20;
    let oneWrite = 0;
    for (let exchange = 0; exchange < exchanges; exchange++) {
      const before = writes.count;
      const text = await new Promise<string>((resolve, reject) => {
        const call = httpRequest(
          `${url}/v1/messages`,
          { method: "POST", agent, headers: { "content-type": "application/json" } },
          (response) => {
            let received = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => {
              received += chunk;
            });
            response.on("end", () => resolve(received));
          },
        );
        call.on("error", reject);
        call.end(
          JSON.stringify({
            model: "claude",
            max_tokens: 10,
            stream: true,
            messages: [{ role: "user", content: "hi" }],
          }),
        );
      });
      expect(text).toBe(recording);
      if (writes.count - before === 1) oneWrite++;
    }
    agent.destroy();
    // Loopback may, rarely, deliver the upstream's end apart from its events: most exchanges, not all.
    expect(oneWrite).toBeGreaterThanOrEqual(exchanges - 3);
  });
});
