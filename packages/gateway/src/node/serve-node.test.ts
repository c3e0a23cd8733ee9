import { Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { CanonicalError, type ChatEvent, type ChatProvider } from "@interlingua/core";
import { afterEach, describe, expect, it } from "vitest";
import { createGateway, type Gateway } from "../gateway/create-gateway";
import { type NodeServer, serveNode } from "./serve-node";

const bigText = "x".repeat(16 * 1024);

/** A provider whose stream produces events only when pulled, counting the pulls and noting cancellation. */
function countingProvider() {
  const state = { pulled: 0, cancelled: false, signalAborted: false };
  const provider: ChatProvider = {
    id: "counting",
    capabilities: { streaming: true },
    generate: async () => {
      throw new CanonicalError("internal", "unused");
    },
    stream: async (_request, options) => {
      options?.signal?.addEventListener("abort", () => {
        state.signalAborted = true;
      });
      return new ReadableStream<ChatEvent>(
        {
          pull(controller) {
            const index = state.pulled++;
            if (index === 0) controller.enqueue({ type: "response-start", id: "r1", model: "m" });
            else if (index === 1) controller.enqueue({ type: "part-start", index: 0, kind: "text" });
            else controller.enqueue({ type: "text-delta", index: 0, text: bigText });
          },
          cancel() {
            state.cancelled = true;
          },
        },
        { highWaterMark: 0 },
      );
    },
  };
  return { provider, state };
}

function gatewayOver(provider: ChatProvider, maxBodyBytes?: number): Gateway {
  return createGateway({
    providers: { counting: provider },
    routes: [{ model: "*", provider: "counting" }],
    limits: maxBodyBytes === undefined ? undefined : { maxBodyBytes },
  });
}

const body = JSON.stringify({
  model: "m",
  max_tokens: 10,
  stream: true,
  messages: [{ role: "user", content: "go" }],
});
const until = async (condition: () => boolean) => {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++)
    await new Promise((resolve) => setTimeout(resolve, 10));
};

let server: NodeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("serveNode", () => {
  it("listens on 127.0.0.1 by default and answers through the gateway", async () => {
    server = await serveNode(gatewayOver(countingProvider().provider));
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${server.url}/nowhere`);
    expect(response.status).toBe(404);
  });

  it("sends a whole answer's headers and body in one write, and a stream's headers before its first bytes", async () => {
    let release: (() => void) | undefined;
    server = await serveNode({
      fetch: async (request) => {
        if (new URL(request.url).pathname === "/whole")
          return new Response("whole answer", { headers: { "x-kind": "whole" } });
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              release = () => {
                controller.enqueue(new TextEncoder().encode("late bytes"));
                controller.close();
              };
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        );
      },
    });
    const { port } = new URL(server.url);
    const firstPacket = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), "127.0.0.1", () =>
        socket.write("GET /whole HTTP/1.1\r\nhost: test\r\nconnection: close\r\n\r\n"),
      );
      socket.once("data", (data) => {
        resolve(data.toString());
        socket.destroy();
      });
      socket.on("error", reject);
    });
    expect(firstPacket).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(firstPacket).toContain("x-kind: whole");
    expect(firstPacket).toContain("whole answer");
    // Written with its end, the answer goes out with its length rather than in chunks.
    expect(firstPacket.toLowerCase()).toContain("content-length: 12\r\n");
    expect(firstPacket.toLowerCase()).not.toContain("transfer-encoding");

    const streamed = await fetch(`${server.url}/stream`);
    expect(streamed.headers.get("content-type")).toBe("text/event-stream");
    release?.();
    expect(await streamed.text()).toBe("late bytes");
  });

  it("holds back-pressure: a client that stops reading stops the upstream being pulled", async () => {
    const { provider, state } = countingProvider();
    server = await serveNode(gatewayOver(provider));
    const url = new URL(`${server.url}/v1/messages`);
    const client = httpRequest(url, { method: "POST", headers: { "content-type": "application/json" } });
    client.end(body);
    const response = await new Promise<import("node:http").IncomingMessage>((resolve) =>
      client.on("response", resolve),
    );
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const pulledWhilePaused = state.pulled;
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Socket and stream buffers hold a bounded number of 16 KiB events; the provider is not drained.
    expect(state.pulled).toBe(pulledWhilePaused);
    expect(state.pulled).toBeLessThan(1000);
    client.destroy();
  });

  it("aborts the upstream at once when the client disconnects mid-stream", async () => {
    const { provider, state } = countingProvider();
    server = await serveNode(gatewayOver(provider));
    const controller = new AbortController();
    const response = await fetch(`${server.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await until(() => state.cancelled);
    expect(state.cancelled).toBe(true);
    expect(state.signalAborted).toBe(true);
  });

  it("answers an over-limit streamed upload with 413 before taking the whole body", async () => {
    server = await serveNode(gatewayOver(countingProvider().provider, 1024));
    const client = httpRequest(new URL(`${server.url}/v1/messages`), {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    const response = new Promise<import("node:http").IncomingMessage>((resolve) =>
      client.on("response", resolve),
    );
    client.on("error", () => undefined);
    // Send 4 KiB and keep the request open: the answer must come without the end of the body.
    client.write("x".repeat(4096));
    const answered = await response;
    expect(answered.statusCode).toBe(413);
    client.destroy();
  });

  it("lets a client that sent a whole over-limit body read the 413 and closes without a reset", async () => {
    server = await serveNode(gatewayOver(countingProvider().provider, 64 * 1024));
    const port = Number(new URL(server.url).port);
    const payload = Buffer.alloc(3 * 1024 * 1024, 0x61);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => rawExchange(port, chunkedRequest("/v1/messages", payload))),
    );
    for (const outcome of outcomes) {
      expect(outcome.error).toBeUndefined();
      expect(outcome.received).toMatch(/^HTTP\/1\.1 413 .*\r\nconnection: close\r\n/is);
      expect(outcome.received).toContain('"type":"request_too_large"');
    }
  });

  it("answers a keep-alive client still streaming an over-limit body with 413, then serves it again", async () => {
    server = await serveNode(gatewayOver(countingProvider().provider, 64 * 1024));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const statuses: (number | string)[] = [];
    for (let round = 0; round < 5; round++)
      statuses.push(await streamUpload(agent, `${server.url}/v1/messages`));
    const after = await fetch(`${server.url}/nowhere`);
    expect(statuses).toEqual([413, 413, 413, 413, 413]);
    expect(after.status).toBe(404);
    agent.destroy();
  });
});

/** A chunked POST of `payload` as raw bytes, written in one go. */
function chunkedRequest(path: string, payload: Buffer): Buffer {
  const head = `POST ${path} HTTP/1.1\r\nHost: h\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`;
  return Buffer.concat([
    Buffer.from(`${head}${payload.length.toString(16)}\r\n`),
    payload,
    Buffer.from("\r\n0\r\n\r\n"),
  ]);
}

/** Writes bytes on a fresh connection and collects what comes back until the server closes it. */
function rawExchange(port: number, bytes: Buffer): Promise<{ received: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (data) => {
      received += data.toString();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => resolve({ received, error: error.code }));
    socket.on("close", () => resolve({ received }));
    socket.write(bytes);
  });
}

/** Streams 8 MiB on a keep-alive agent, 64 KiB at a time as the socket takes it; the answer's status or the error code. */
function streamUpload(agent: Agent, url: string): Promise<number | string> {
  return new Promise((resolve) => {
    const client = httpRequest(url, {
      method: "POST",
      agent,
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    client.on("response", (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    client.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < 8 * 1024 * 1024 && !client.destroyed) {
        sent += chunk.length;
        if (!client.write(chunk)) {
          client.once("drain", pump);
          return;
        }
      }
      client.end();
    };
    pump();
  });
}
