import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { serveFetch } from "@interlingua/core/test";
import { afterEach, describe, expect, it } from "vitest";
import { createGateway } from "../gateway/create-gateway";
import { createNodeUpstreamFetch } from "./create-node-upstream-fetch";

/** A TCP server that accepts connections and never answers: a TLS handshake with it never ends. */
async function silentServer(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe("createNodeUpstreamFetch", () => {
  it("calls an upstream like fetch, streamed body included", async () => {
    const upstream = await serveFetch(async (request) => new Response(`echo ${await request.text()}`));
    cleanups.push(() => upstream.close());
    const answer = await createNodeUpstreamFetch()(`${upstream.url}/x`, { method: "POST", body: "hi" });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe("echo hi");
  });

  it("gives up connecting after connectMs, and the gateway answers that as an upstream timeout", async () => {
    const silent = await silentServer();
    cleanups.push(silent.close);
    const started = Date.now();
    const failure = await createNodeUpstreamFetch({ connectMs: 300 })(
      `https://127.0.0.1:${silent.port}/`,
    ).catch((error: unknown) => error);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe("UND_ERR_CONNECT_TIMEOUT");
    expect(Date.now() - started).toBeLessThan(5_000);

    const gateway = createGateway({
      providers: {
        anthropic: { type: "messages", baseURL: `https://127.0.0.1:${silent.port}`, apiKey: "upstream-key" },
      },
      routes: [{ model: "*", provider: "anthropic" }],
      fetch: createNodeUpstreamFetch({ connectMs: 300 }),
    });
    const answer = await gateway.fetch(
      new Request("http://gateway.test/v1/messages", {
        method: "POST",
        headers: { "content-type": "application/json", "anthropic-version": "2023-06-01" },
        body: JSON.stringify({
          model: "claude-x",
          max_tokens: 8,
          messages: [{ role: "user", content: "hi" }],
        }),
      }),
    );
    expect(answer.status).toBe(504);
    expect(await answer.json()).toMatchObject({ type: "error", error: { type: expect.any(String) } });
  });
});
