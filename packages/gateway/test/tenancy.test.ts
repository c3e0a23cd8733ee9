import { createMemoryResponseStore } from "@interlingua/core";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { messagesCodec } from "@interlingua/messages";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway, type GatewayConfig } from "../src/index";
import { textAnswer } from "./support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "./support/scripted-upstream";

const aliceKey = "alice-key-0123456789";
const bobKey = "bob-key-9876543210";
let upstream: ScriptedUpstream;
const servers: LocalServer[] = [];

beforeAll(async () => {
  upstream = await createScriptedUpstream(messagesCodec);
});
afterAll(async () => {
  await upstream.close();
  await Promise.all(servers.map((server) => server.close()));
});
beforeEach(() => {
  upstream.calls.length = 0;
  // Sequential upstream ids: what a caller could enumerate if the gateway handed them out.
  upstream.answer(() => ({
    response: textAnswer(`answer ${upstream.calls.length}`, `msg_${upstream.calls.length}`),
  }));
});

function config(extra: Partial<GatewayConfig> = {}): GatewayConfig {
  return {
    auth: { keys: [aliceKey, bobKey] },
    providers: { anthropic: { type: "messages", baseURL: upstream.url, apiKey: "upstream-key-abcdef" } },
    routes: [{ model: "claude-*", provider: "anthropic" }],
    ...extra,
  };
}

/** The gateway over real HTTP on 127.0.0.1. */
async function startGateway(extra: Partial<GatewayConfig> = {}): Promise<string> {
  const server = await serveFetch(createGateway(config(extra)).fetch);
  servers.push(server);
  return server.url;
}

function respond(base: string, key: string | undefined, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${base}/v1/responses`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(key === undefined ? {} : { authorization: `Bearer ${key}` }),
    },
    body: JSON.stringify({ model: "claude-x", ...body }),
  });
}

/** The id of a streamed answer, from its `response.created` event; every later event names the same. */
async function streamedId(response: Response): Promise<string> {
  const text = await response.text();
  const events = text
    .split("\n")
    .filter((line) => line.startsWith("data: "))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; response?: { id: string } });
  const created = events.find((event) => event.type === "response.created")!.response!.id;
  const named = events.flatMap((event) => (event.response === undefined ? [] : [event.response.id]));
  expect(named.length).toBeGreaterThan(1);
  expect(new Set(named)).toEqual(new Set([created]));
  return created;
}

/** An error body with the id it names replaced, to compare two 404s. */
async function anonymized(response: Response, id: string): Promise<unknown> {
  return JSON.parse((await response.text()).replaceAll(id, "ID"));
}

describe("stored responses are their tenant's own", () => {
  it("answers another key's previous_response_id exactly as an unknown one, whole or streamed, without calling upstream", async () => {
    const base = await startGateway();
    const whole = await respond(base, aliceKey, { input: "My PIN is 4921." });
    const wholeId = ((await whole.json()) as { id: string }).id;
    const streamed = await respond(base, aliceKey, { input: "And my name is Ada.", stream: true });
    const streamId = await streamedId(streamed);

    for (const id of [wholeId, streamId]) {
      const callsBefore = upstream.calls.length;
      for (const stream of [false, true]) {
        const stolen = await respond(base, bobKey, {
          input: "What was said?",
          previous_response_id: id,
          stream,
        });
        const unknown = await respond(base, bobKey, {
          input: "What was said?",
          previous_response_id: "resp_00000000000000000000000000000000",
          stream,
        });
        expect(stolen.status).toBe(404);
        expect(unknown.status).toBe(404);
        expect(stolen.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
        expect(await anonymized(stolen, id)).toEqual(
          await anonymized(unknown, "resp_00000000000000000000000000000000"),
        );
      }
      expect(upstream.calls.length).toBe(callsBefore);
    }

    const own = await respond(base, aliceKey, { input: "What is my PIN?", previous_response_id: wholeId });
    expect(own.status).toBe(200);
    const history = upstream.calls.at(-1)!.request.messages;
    expect(history[0]?.parts[0]).toMatchObject({ type: "text", text: "My PIN is 4921." });
  });

  it("issues its own unguessable ids, so the upstream's enumerable ids continue nothing", async () => {
    const base = await startGateway();
    const ids: string[] = [];
    for (let turn = 0; turn < 5; turn++) {
      const response = await respond(base, aliceKey, { input: `turn ${turn}` });
      ids.push(((await response.json()) as { id: string }).id);
    }
    for (const id of ids) expect(id).toMatch(/^resp_[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const upstreamId = await respond(base, aliceKey, { input: "x", previous_response_id: "msg_1" });
    expect(upstreamId.status).toBe(404);
    expect(await upstreamId.json()).toMatchObject({
      error: { param: "previous_response_id", code: "previous_response_not_found" },
    });
  });

  it("stores the tenant as a digest of the key, never the key itself", async () => {
    const store = createMemoryResponseStore();
    const written: unknown[] = [];
    const base = await startGateway({
      responseStore: {
        ...store,
        set(record) {
          written.push(record);
          return store.set(record);
        },
      },
    });
    await respond(base, aliceKey, { input: "hello" });
    expect(written).toHaveLength(1);
    expect(JSON.stringify(written)).not.toContain(aliceKey);
    expect(written[0]).toMatchObject({ owner: expect.stringMatching(/^key-sha256:[0-9a-f]{64}$/) });
  });

  it("serves one open tenant when no keys are configured", async () => {
    const base = await startGateway({ auth: undefined });
    const first = await respond(base, undefined, { input: "open" });
    const id = ((await first.json()) as { id: string }).id;
    const next = await respond(base, "any-key-at-all", { input: "next", previous_response_id: id });
    expect(next.status).toBe(200);
  });
});

describe("responseStoreLimits", () => {
  it("bounds the default store as configured", async () => {
    const base = await startGateway({ responseStoreLimits: { maxEntries: 1 } });
    const first = ((await (await respond(base, aliceKey, { input: "one" })).json()) as { id: string }).id;
    const second = ((await (await respond(base, aliceKey, { input: "two" })).json()) as { id: string }).id;
    expect((await respond(base, aliceKey, { input: "x", previous_response_id: first })).status).toBe(404);
    expect((await respond(base, aliceKey, { input: "x", previous_response_id: second })).status).toBe(200);
  });

  it("refuses bad limits naming the key", () => {
    expect(() => createGateway(config({ responseStoreLimits: { maxBytes: -1 } }))).toThrow(
      /responseStoreLimits\.maxBytes/,
    );
    expect(() => createGateway({ ...config(), responseStoreLimits: { maxBites: 1 } } as never)).toThrow(
      /responseStoreLimits\.maxBites/,
    );
  });
});
