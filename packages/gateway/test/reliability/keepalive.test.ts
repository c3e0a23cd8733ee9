import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import type { AnyCodec } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import { answerEvents, sseChunks } from "./fault-upstream";
import { frontClients, readOutcome } from "./front-client";

const backends: AnyCodec[] = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec];
const callerKey = "keepalive-caller-key";
const thinkingMs = 400;
const servers: { close(): void }[] = [];
let gateway: NodeServer;

/** An upstream that streams half its answer, thinks for {@link thinkingMs}, then streams the rest. */
async function startThinkingUpstream(codec: AnyCodec): Promise<string> {
  const server = createServer((incoming, outgoing) => {
    incoming.resume();
    incoming.on("end", async () => {
      const chunks = await sseChunks(codec, answerEvents());
      outgoing.writeHead(200, { "content-type": "text/event-stream" });
      for (const [index, chunk] of chunks.entries()) {
        if (index === Math.floor(chunks.length / 2))
          await new Promise((resolve) => setTimeout(resolve, thinkingMs));
        outgoing.write(chunk);
      }
      outgoing.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push({ close: () => server.close() });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const providers: Record<string, unknown> = {};
  for (const codec of backends)
    providers[codec.id] = {
      type: codec.id,
      baseURL: await startThinkingUpstream(codec),
      apiKey: "upstream-key-1234",
    };
  gateway = await serveNode(
    createGateway({
      auth: { keys: [callerKey] },
      providers: providers as never,
      routes: backends.map((codec) => ({ model: `${codec.id}-model`, provider: codec.id })),
      timeouts: { keepaliveMs: 100, idleMs: 5000 },
    }),
  );
});

afterAll(async () => {
  await gateway.close();
  for (const server of servers) server.close();
});

describe("SSE keepalive comments while the upstream thinks", () => {
  for (const client of frontClients)
    for (const backend of backends)
      it(`${client.name} client, ${backend.id} backend`, async () => {
        const response = await fetch(client.request(gateway.url, callerKey, `${backend.id}-model`, true));
        const body = await response.clone().text();
        expect(await readOutcome(client, response, true)).toMatchObject({ type: "success" });
        // Only clients that skip SSE comments get them; a generate-content SDK reads data lines only.
        const keepalives = body.split(": keepalive\n\n").length - 1;
        if (client.codec.id === "generate-content") expect(keepalives).toBe(0);
        else expect(keepalives).toBeGreaterThanOrEqual(2);
      });
});
