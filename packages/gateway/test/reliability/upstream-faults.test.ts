import { chatCompletionsCodec } from "@interlingua/chat-completions";
import type { AnyCodec } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { createNodeUpstreamFetch, type NodeServer, serveNode } from "../../src/node";
import {
  createFaultUpstream,
  type FaultUpstream,
  faultModel,
  streamOnlyFaults,
  type UpstreamFault,
  upstreamFaults,
} from "./fault-upstream";
import { type ClientOutcome, frontClients, readOutcome } from "./front-client";

const backends: AnyCodec[] = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec];
const callerKey = "fault-matrix-caller-key";
const upstreams = new Map<string, FaultUpstream>();
/** The gateway's upstream clients: the runtime's `fetch` (portable), and the Node one `serve` uses. */
const upstreamClients = [
  { name: "global fetch", fetch: undefined },
  { name: "Node upstream client", fetch: createNodeUpstreamFetch() },
];
const servers = new Map<string, NodeServer>();

beforeAll(async () => {
  for (const codec of backends) upstreams.set(codec.id, await createFaultUpstream(codec));
  for (const upstreamClient of upstreamClients) {
    const gateway = createGateway({
      auth: { keys: [callerKey] },
      providers: Object.fromEntries(
        backends.map((codec) => [
          codec.id,
          {
            type: codec.id as never,
            baseURL: upstreams.get(codec.id)!.url,
            apiKey: `upstream-key-${codec.id}`,
          },
        ]),
      ),
      routes: backends.flatMap((codec) =>
        [undefined, ...upstreamFaults].map((fault) => ({
          model: `${codec.id}-${faultModel(fault)}`,
          provider: codec.id,
          upstreamModel: faultModel(fault),
        })),
      ),
      timeouts: { firstByteMs: 400, idleMs: 400 },
      ...(upstreamClient.fetch ? { fetch: upstreamClient.fetch } : {}),
    });
    servers.set(upstreamClient.name, await serveNode(gateway));
  }
});

afterAll(async () => {
  for (const server of servers.values()) await server.close();
  for (const upstream of upstreams.values()) await upstream.close();
});

/** What each fault must end in, beyond "a format-correct error". */
function expectFaultOutcome(fault: UpstreamFault, outcome: ClientOutcome): void {
  expect(outcome.type, `${outcome.type}: ${"problem" in outcome ? outcome.problem : ""}`).toMatch(
    /^(http error|stream error)$/,
  );
  if (outcome.type !== "http error" && outcome.type !== "stream error") return;
  expect(outcome.kind).not.toBe("authentication");
  if (outcome.type === "stream error") {
    // After the first byte only the error event can tell, and not every format's event has a
    // timeout kind (a responses error event carries a code and a message): the message says it.
    if (fault.startsWith("stall")) expect(outcome.body).toMatch(/sent nothing more within 0\.4 s/);
    if (fault === "401 mid-stream") expect(outcome.body).toMatch(/upstream authentication failed/i);
    return;
  }
  switch (fault) {
    case "stall before headers":
    case "stall mid-body":
      expect(outcome).toMatchObject({ status: 504, kind: "timeout" });
      expect(outcome.body).toMatch(/within 0\.4 s/);
      break;
    case "429":
      expect(outcome).toMatchObject({ type: "http error", status: 429, kind: "rate_limit" });
      break;
    case "500":
      expect(outcome).toMatchObject({ type: "http error", status: 500 });
      break;
    case "401":
      expect(outcome).toMatchObject({ type: "http error", status: 502 });
      expect(outcome.body).toMatch(/upstream authentication failed/i);
      break;
    case "HTML error page":
      expect(outcome).toMatchObject({ type: "http error", status: 502 });
      break;
    default:
      expect(outcome.status).toBeGreaterThanOrEqual(500);
      expect(outcome.status).toBeLessThan(600);
  }
}

for (const upstreamClient of upstreamClients)
  for (const client of frontClients)
    for (const backend of backends) {
      const passThrough = client.codec.id === backend.id && client.framing === "sse";
      describe(`${upstreamClient.name}: ${client.name} front → ${backend.id} backend${passThrough ? " (pass-through)" : ""}`, () => {
        const url = () => servers.get(upstreamClient.name)!.url;
        for (const stream of client.whole ? [false, true] : [true]) {
          it(`${stream ? "stream" : "whole"}: a proper answer is a success`, async () => {
            const model = `${backend.id}-${faultModel(undefined)}`;
            const response = await fetch(client.request(url(), callerKey, model, stream));
            const outcome = await readOutcome(client, response, stream);
            expect(outcome).toMatchObject({ type: "success" });
            expect(outcome.type === "success" && outcome.text).toBe(
              Array.from({ length: 12 }, (_, index) => `word${index} `).join(""),
            );
          });
          for (const fault of upstreamFaults) {
            if (!stream && streamOnlyFaults.has(fault)) continue;
            it(`${stream ? "stream" : "whole"}: ${fault} ends in the front's error`, async () => {
              const model = `${backend.id}-${faultModel(fault)}`;
              const response = await fetch(client.request(url(), callerKey, model, stream));
              expectFaultOutcome(fault, await readOutcome(client, response, stream));
            });
          }
        }
      });
    }
