import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, CanonicalError } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import { answerEvents, sseChunks, wholeBody } from "./fault-upstream";
import { frontClients } from "./front-client";

const backends: AnyCodec[] = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec];
const callerKey = "echo-test-caller-key";
const upstreamKey = (codec: AnyCodec) => `sk-upstream-${codec.id}-Zq7xW2`;
const modes = ["answer", "error 400", "error 500", "error 401"] as const;
type Mode = (typeof modes)[number];

/** The key with its first character written as a JSON `\u` escape: the same string once parsed. */
const escaped = (key: string) => `\\u${key.charCodeAt(0).toString(16).padStart(4, "0")}${key.slice(1)}`;
/** Marks where the escaped spelling goes: JSON.stringify would undo the escape, so it is put in after. */
const escapeMark = "ESCAPED-KEY-HERE";

/** A text that says the key plainly and, once serialised, in its escaped spelling too. */
const echoText = (key: string) => `your key is ${key}, also ${escapeMark}`;

async function echo(codec: AnyCodec, mode: Mode, stream: boolean, key: string, out: ServerResponse) {
  const spell = (text: string) => text.replaceAll(escapeMark, escaped(key));
  if (mode !== "answer") {
    const kind =
      mode === "error 400" ? "invalid_request" : mode === "error 401" ? "authentication" : "internal";
    const wire = codec.errorToWire(new CanonicalError(kind, echoText(key)));
    out.writeHead(wire.status, { "content-type": "application/json" });
    out.end(spell(JSON.stringify(wire.body)));
    return;
  }
  const events = answerEvents(`${echoText(key)} #`);
  if (!stream) {
    out.writeHead(200, { "content-type": "application/json" });
    out.end(spell(await wholeBody(codec, events)));
    return;
  }
  out.writeHead(200, { "content-type": "text/event-stream" });
  out.flushHeaders();
  for (const chunk of await sseChunks(codec, events)) {
    const text = spell(new TextDecoder().decode(chunk));
    // The key split across two network writes, in the middle.
    const cut = text.indexOf(key);
    const at = cut < 0 ? text.length : cut + Math.floor(key.length / 2);
    out.write(text.slice(0, at));
    await new Promise((resolve) => setTimeout(resolve, 3));
    out.write(text.slice(at));
  }
  out.end();
}

async function startEchoUpstream(codec: AnyCodec): Promise<{ url: string; close(): Promise<void> }> {
  let base = "";
  const server = createServer((incoming, outgoing) => {
    const url = new URL(incoming.url ?? "/", base);
    const location = codec.http.matchChatRequest(incoming.method ?? "GET", url);
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { model?: string; stream?: boolean };
      const mode = modes.find((name) => (location?.model ?? body.model) === name.replace(" ", "-"));
      const headers = new Headers(incoming.headers as Record<string, string>);
      const key = codec.http.readApiKey(new Request(url, { headers })) ?? "";
      echo(codec, mode ?? "answer", location?.stream ?? body.stream === true, key, outgoing).catch(() =>
        outgoing.destroy(),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A body with every JSON `\u` escape written out, so no spelling of a secret escapes the check. */
const unescaped = (body: string) =>
  body.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const upstreams = new Map<string, { url: string; close(): Promise<void> }>();
let server: NodeServer;

beforeAll(async () => {
  for (const codec of backends) upstreams.set(codec.id, await startEchoUpstream(codec));
  const gateway = createGateway({
    auth: { keys: [callerKey] },
    providers: Object.fromEntries(
      backends.map((codec) => [
        codec.id,
        { type: codec.id as never, baseURL: upstreams.get(codec.id)!.url, apiKey: upstreamKey(codec) },
      ]),
    ),
    routes: backends.flatMap((codec) =>
      modes.map((mode) => ({
        model: `${codec.id}-${mode.replace(" ", "-")}`,
        provider: codec.id,
        upstreamModel: mode.replace(" ", "-"),
      })),
    ),
  });
  server = await serveNode(gateway);
});

afterAll(async () => {
  await server.close();
  for (const upstream of upstreams.values()) await upstream.close();
});

describe("an upstream that echoes its key in every answer and error", () => {
  for (const client of frontClients)
    for (const backend of backends)
      it(`never reaches a ${client.name} client through a ${backend.id} backend`, async () => {
        const key = upstreamKey(backend);
        let answered = 0;
        for (const mode of modes)
          for (const stream of client.whole ? [false, true] : [true]) {
            const model = `${backend.id}-${mode.replace(" ", "-")}`;
            const response = await fetch(client.request(server.url, callerKey, model, stream));
            const body = await response.text();
            expect(unescaped(body), `${mode}, ${stream ? "stream" : "whole"}`).not.toContain(key);
            if (mode === "answer") {
              expect(response.status).toBe(200);
              expect(unescaped(body)).toContain("your key is [redacted]");
              answered++;
            } else expect(response.status).toBeGreaterThanOrEqual(400);
          }
        expect(answered).toBe(client.whole ? 2 : 1);
      });
});
