import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type LocalServer,
  serveFetch,
  startTestRedis,
  type TestRedis,
  testRedisIsAvailable,
} from "@interlingua/core/test";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway, type Gateway, type GatewayConfig } from "../src/index";
import { createFolderStorage } from "../src/node";
import { textAnswer } from "./support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "./support/scripted-upstream";

// Issue 18: two gateway instances on one Redis share stored responses, upstream continuations and
// per-key limits; one instance on a data folder keeps them across a restart.

const aliceKey = "alice-key-0123456789";
const bobKey = "bob-key-9876543210";
let redis: TestRedis;
const redisIsAvailable = testRedisIsAvailable();
let messagesUpstream: ScriptedUpstream;
let responsesUpstream: ScriptedUpstream;
const opened: { gateway: Gateway; server: LocalServer }[] = [];

beforeAll(async () => {
  if (redisIsAvailable) redis = await startTestRedis();
  messagesUpstream = await createScriptedUpstream(messagesCodec);
  responsesUpstream = await createScriptedUpstream(responsesCodec);
  let answers = 0;
  messagesUpstream.answer(() => ({ response: textAnswer(`answer ${++answers}`, `msg_${answers}`) }));
  responsesUpstream.answer(() => ({ response: textAnswer("ok", `resp_upstream_${++answers}`) }));
});
afterAll(async () => {
  for (const { gateway, server } of opened.splice(0)) {
    await server.close();
    await gateway.close();
  }
  await messagesUpstream.close();
  await responsesUpstream.close();
  await redis?.stop();
});

function config(extra: Partial<GatewayConfig>): GatewayConfig {
  return {
    auth: { keys: [aliceKey, bobKey] },
    providers: {
      anthropic: { type: "messages", baseURL: messagesUpstream.url, apiKey: "upstream-key-abcdef" },
      openai: { type: "responses", baseURL: responsesUpstream.url, apiKey: "upstream-key-abcdef" },
    },
    routes: [
      { model: "claude-*", provider: "anthropic" },
      { model: "gpt-*", provider: "openai" },
    ],
    ...extra,
  };
}

async function start(extra: Partial<GatewayConfig>): Promise<string> {
  const gateway = createGateway(config(extra));
  const server = await serveFetch(gateway.fetch);
  opened.push({ gateway, server });
  return server.url;
}

const respond = (url: string, key: string, body: Record<string, unknown>) =>
  fetch(`${url}/v1/responses`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ input: "hi", ...body }),
  });

describe.runIf(redisIsAvailable)("two gateway instances on one Redis", () => {
  it("continue one stored conversation alternately, for its tenant only", async () => {
    const redisConfig = { redis: { url: redis.url, prefix: `test-${crypto.randomUUID()}` } };
    const [a, b] = [await start(redisConfig), await start(redisConfig)];
    const ids: string[] = [];
    for (const [turn, url] of [a, b, a, b].entries()) {
      const response = await respond(url, aliceKey, {
        model: "claude-x",
        input: `turn ${turn}`,
        ...(ids.length === 0 ? {} : { previous_response_id: ids.at(-1) }),
      });
      expect(response.status).toBe(200);
      ids.push(((await response.json()) as { id: string }).id);
      // The upstream is stateless: each turn it gets the whole conversation, from the shared store.
      expect(messagesUpstream.calls.at(-1)!.request.messages).toHaveLength(2 * turn + 1);
    }
    const retrieved = await fetch(`${a}/v1/responses/${ids[3]}`, {
      headers: { authorization: `Bearer ${aliceKey}` },
    });
    expect(((await retrieved.json()) as { previous_response_id: string }).previous_response_id).toBe(ids[2]);
    const bob = await respond(b, bobKey, { model: "claude-x", previous_response_id: ids[3] });
    expect(bob.status).toBe(404);
    const bobGet = await fetch(`${b}/v1/responses/${ids[3]}`, {
      headers: { authorization: `Bearer ${bobKey}` },
    });
    expect(bobGet.status).toBe(404);
  });

  it("honour an upstream's answer id received on the other instance, for its tenant only", async () => {
    const redisConfig = { redis: { url: redis.url, prefix: `test-${crypto.randomUUID()}` } };
    const [a, b] = [await start(redisConfig), await start(redisConfig)];
    const first = (await (await respond(a, aliceKey, { model: "gpt-5" })).json()) as { id: string };
    expect((await respond(b, aliceKey, { model: "gpt-5", previous_response_id: first.id })).status).toBe(200);
    const bob = await respond(b, bobKey, { model: "gpt-5", previous_response_id: first.id });
    expect(bob.status).toBe(404);
    expect(await bob.json()).toMatchObject({ error: { code: "previous_response_not_found" } });
  });

  it("count one key's requests together against limits.perKey", async () => {
    const shared = {
      redis: { url: redis.url, prefix: `test-${crypto.randomUUID()}` },
      limits: { perKey: { requestsPerMinute: 2 } },
    };
    const [a, b] = [await start(shared), await start(shared)];
    expect((await respond(a, aliceKey, { model: "claude-x" })).status).toBe(200);
    expect((await respond(b, aliceKey, { model: "claude-x" })).status).toBe(200);
    const refused = await respond(a, aliceKey, { model: "claude-x" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await respond(b, bobKey, { model: "claude-x" })).status).toBe(200);
  });
});

describe("one gateway on a data folder", () => {
  it("keeps stored conversations and continuations across a restart", async () => {
    const folder = await mkdtemp(join(tmpdir(), "gateway-data-"));
    try {
      const onFolder = () => ({ stores: { storage: createFolderStorage(folder) } });
      const before = await start(onFolder());
      const stored = (await (await respond(before, aliceKey, { model: "claude-x" })).json()) as {
        id: string;
      };
      const upstreamId = (
        (await (await respond(before, aliceKey, { model: "gpt-5" })).json()) as { id: string }
      ).id;
      const after = await start(onFolder());
      expect(
        (await respond(after, aliceKey, { model: "claude-x", previous_response_id: stored.id })).status,
      ).toBe(200);
      expect(
        (await respond(after, aliceKey, { model: "gpt-5", previous_response_id: upstreamId })).status,
      ).toBe(200);
      expect(
        (await respond(after, bobKey, { model: "gpt-5", previous_response_id: upstreamId })).status,
      ).toBe(404);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
