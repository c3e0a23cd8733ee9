import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GoogleGenAI } from "@google/genai";
import { CanonicalError, type ChatEvent } from "@interlingua/core";
import { startTestRedis, type TestRedis, testRedisIsAvailable } from "@interlingua/core/test";
import { messagesCodec } from "@interlingua/messages";
import { createStorage } from "unstorage";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ConversionReport, createGateway, type GatewayConfig } from "../../src/index";
import { createFolderStorage, type NodeServer, serveNode } from "../../src/node";
import { textAnswer } from "../support/scenario-answers";
import { createScriptedUpstream, type ScriptedUpstream } from "../support/scripted-upstream";

// Issue 23, the interactions front's server-side state, driven by the official @google/genai client
// over HTTP on 127.0.0.1 in front of a local messages upstream: `background: true` as a run that is
// polled, cancelled and bounded; streams kept and resumed from `last_event_id` without asking the
// upstream again; and both shared by two instances on one data folder and on one Redis.

const aliceKey = "caller-key-interactions-alice-0123";
const bobKey = "caller-key-interactions-bob-456789";
const model = "claude-sonnet-4-5";
let upstream: ScriptedUpstream;
const servers: NodeServer[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  upstream = await createScriptedUpstream(messagesCodec);
});
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  await upstream.close();
});
beforeEach(() => {
  upstream.calls.length = 0;
});

async function start(extra: Partial<GatewayConfig> = {}): Promise<string> {
  const gateway = createGateway({
    auth: { keys: [aliceKey, bobKey] },
    secret: "interactions-state-sealing-secret-01",
    providers: { anthropic: { type: "messages", baseURL: upstream.url, apiKey: "upstream-anthropic" } },
    routes: [{ model: "claude-*", provider: "anthropic" }],
    ...extra,
  });
  const server = await serveNode(gateway);
  servers.push(server);
  closers.push(async () => {
    await server.close();
    await gateway.close();
  });
  return server.url;
}

const client = (url: string, apiKey = aliceKey) =>
  new GoogleGenAI({ apiKey, httpOptions: { baseUrl: url } }).interactions;

/** A promise and the function that resolves it. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** The interaction once it is no longer `in_progress`, polled as a client would. */
async function settled(url: string, id: string) {
  for (;;) {
    const interaction = await client(url).get(id);
    if (interaction.status !== "in_progress") return interaction;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Waits until `check` holds, checking every 20 ms for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const words = (text: string[]): ChatEvent[] => [
  { type: "response-start", id: "msg_words", model: "upstream-model" },
  { type: "part-start", index: 0, kind: "text" },
  ...text.map((piece): ChatEvent => ({ type: "text-delta", index: 0, text: piece })),
  { type: "part-end", index: 0, part: { type: "text", text: text.join("") } },
  { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 7, outputTokens: 3 } },
];

const outputText = (steps: readonly { type: string; content?: unknown }[] | undefined): string =>
  (steps ?? [])
    .filter((step) => step.type === "model_output")
    .flatMap((step) => (step.content as { type: string; text?: string }[]) ?? [])
    .map((content) => content.text ?? "")
    .join("");

interface SseEvent {
  event_type: string;
  event_id?: string;
  delta?: { type: string; text?: string };
  interaction?: { id?: string; status?: string };
}

const textOf = (events: readonly SseEvent[]) =>
  events.flatMap((event) => (event.event_type === "step.delta" ? [event.delta?.text ?? ""] : [])).join("");

describe("background: true on a messages backend", () => {
  let url: string;
  const reports: ConversionReport[] = [];
  beforeAll(async () => {
    url = await start({ onConversion: (report) => reports.push(report) });
  });

  it("answers in_progress at once, is polled to completed, and only by its tenant", async () => {
    const release = gate();
    upstream.answer(() => ({ response: textAnswer("Done in the background"), release: release.opened }));
    const created = await client(url).create({ model, input: "Take your time.", background: true });
    expect(created.status).toBe("in_progress");
    expect(created.id).toMatch(/^resp_/);
    await until(() => upstream.calls.length === 1);
    expect((await client(url).get(created.id)).status).toBe("in_progress");
    await expect(client(url, bobKey).get(created.id)).rejects.toMatchObject({ statusCode: 404 });
    release.open();
    const polled = await settled(url, created.id);
    expect(polled.status).toBe("completed");
    expect(outputText(polled.steps)).toBe("Done in the background");
    expect(upstream.calls).toHaveLength(1);
    // The gateway serves `background` itself: it is no loss of the messages backend.
    expect(reports).toHaveLength(1);
    expect(reports[0]?.losses.filter((loss) => loss.path.endsWith("/background"))).toEqual([]);
    // It continues like any stored interaction.
    upstream.answer(() => ({ response: textAnswer("next turn") }));
    await client(url).create({ model, input: "And then?", previous_interaction_id: created.id });
    expect(upstream.calls[1]?.request.messages.map((message) => message.role)).toEqual([
      "user",
      "assistant",
      "user",
    ]);
  });

  it("refuses background with store: false, as Google does, without calling the upstream", async () => {
    const refused = client(url).create({ model, input: "Hi", background: true, store: false });
    await expect(refused).rejects.toMatchObject({ statusCode: 400 });
    expect(upstream.calls).toHaveLength(0);
  });

  it("cancels a running background interaction: the upstream exchange is aborted and it reads cancelled", async () => {
    upstream.answer(() => ({ response: textAnswer("never sent"), release: new Promise(() => {}) }));
    const created = await client(url).create({ model, input: "Long job.", background: true });
    await until(() => upstream.calls.length === 1);
    await expect(client(url, bobKey).cancel(created.id)).rejects.toMatchObject({ statusCode: 404 });
    const cancelled = await client(url).cancel(created.id);
    expect(cancelled.status).toBe("cancelled");
    await until(() => upstream.calls[0]?.aborted === true);
    expect((await client(url).get(created.id)).status).toBe("cancelled");
    await expect(client(url).cancel(created.id)).rejects.toMatchObject({ statusCode: 400 });
    await client(url).delete(created.id);
    await expect(client(url).get(created.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("deleting a running background interaction stops it", async () => {
    upstream.answer(() => ({ response: textAnswer("never sent"), release: new Promise(() => {}) }));
    const created = await client(url).create({ model, input: "Long job.", background: true });
    await until(() => upstream.calls.length === 1);
    await client(url).delete(created.id);
    await until(() => upstream.calls[0]?.aborted === true);
    await expect(client(url).get(created.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("closing an instance with background runs", () => {
  it("lets a run finish within the grace, stores a run still going as failed, and refuses new ones", async () => {
    const storage = createStorage();
    const stopping = createGateway({
      auth: { keys: [aliceKey] },
      secret: "interactions-state-sealing-secret-01",
      providers: { anthropic: { type: "messages", baseURL: upstream.url, apiKey: "upstream-anthropic" } },
      routes: [{ model: "claude-*", provider: "anthropic" }],
      stores: { storage },
      limits: { background: { shutdownGraceMs: 300 } },
    });
    const server = await serveNode(stopping);
    const other = await start({ stores: { storage } });
    const quick = gate();
    upstream.answer((call) =>
      JSON.stringify(call.wire).includes("Quick job.")
        ? { response: textAnswer("Finished in time"), release: quick.opened }
        : { response: textAnswer("never sent"), release: new Promise(() => {}) },
    );
    const finishing = await client(server.url).create({ model, input: "Quick job.", background: true });
    const stuck = await client(server.url).create({ model, input: "Long job.", background: true });
    await until(() => upstream.calls.length === 2);
    await server.close();
    const closed = stopping.close();
    setTimeout(quick.open, 50);
    await expect(
      stopping.fetch(
        new Request(`${server.url}/v1beta/interactions`, {
          method: "POST",
          headers: { "x-goog-api-key": aliceKey, "content-type": "application/json" },
          body: JSON.stringify({ model, input: "Too late.", background: true }),
        }),
      ),
    ).resolves.toMatchObject({ status: 503 });
    await closed;
    const finished = await client(other).get(finishing.id);
    expect(finished.status).toBe("completed");
    expect(outputText(finished.steps)).toBe("Finished in time");
    // Not left in_progress until its deadline: another instance reads it failed at once.
    expect((await client(other).get(stuck.id)).status).toBe("failed");
    expect(upstream.calls[1]?.aborted).toBe(true);
  });
});

describe("background runs on a runtime with waitUntil (Workers)", () => {
  it("hand their work to waitUntil, which settles once the run is stored completed", async () => {
    const gateway = createGateway({
      auth: { keys: [aliceKey] },
      providers: { anthropic: { type: "messages", baseURL: upstream.url, apiKey: "upstream-anthropic" } },
      routes: [{ model: "claude-*", provider: "anthropic" }],
    });
    closers.push(() => gateway.close());
    upstream.answer(() => ({ response: textAnswer("Kept alive") }));
    const held: Promise<unknown>[] = [];
    const call = (path: string, init: RequestInit = {}) =>
      gateway.fetch(
        new Request(`http://gateway.test/v1beta${path}`, {
          ...init,
          headers: { "x-goog-api-key": aliceKey, "content-type": "application/json" },
        }),
        { waitUntil: (work) => held.push(work) },
      );
    const created = await call("/interactions", {
      method: "POST",
      body: JSON.stringify({ model, input: "Go.", background: true }),
    });
    const { id, status } = (await created.json()) as { id: string; status: string };
    expect(status).toBe("in_progress");
    expect(held).toHaveLength(1);
    await held[0];
    const polled = (await (await call(`/interactions/${id}`)).json()) as { status: string; steps: [] };
    expect(polled.status).toBe("completed");
    expect(outputText(polled.steps)).toBe("Kept alive");
  });
});

describe("background runs are bounded", () => {
  it("per tenant, in the caller's format (429), and in time: past its limit a run is stopped and failed", async () => {
    const url = await start({ limits: { background: { maxRunningPerTenant: 1, maxDurationMs: 1000 } } });
    upstream.answer(() => ({ response: textAnswer("never sent"), release: new Promise(() => {}) }));
    const first = await client(url).create({ model, input: "One.", background: true });
    // Without the client's own retries, which would wait for the first run to fail.
    const second = client(url).create({ model, input: "Two.", background: true }, { maxRetries: 0 });
    await expect(second).rejects.toMatchObject({ statusCode: 429 });
    const bobs = await client(url, bobKey).create({ model, input: "Bob's.", background: true });
    expect(bobs.status).toBe("in_progress");
    const polled = await settled(url, first.id);
    expect(polled.status).toBe("failed");
    await until(() => upstream.calls.length === 2 && upstream.calls.every((call) => call.aborted));
    // Its place is free again.
    const third = await client(url).create({ model, input: "Three.", background: true });
    expect(third.status).toBe("in_progress");
    await until(() => upstream.calls.length === 3);
    await client(url).delete(third.id);
    await client(url, bobKey).delete(bobs.id);
  });
});

describe("streams kept for resuming", () => {
  let url: string;
  beforeAll(async () => {
    url = await start();
  });

  it("a background stream whose connection drops resumes after its last event id, each event once, live", async () => {
    const release = gate();
    upstream.answer(() => ({
      events: words(["One ", "two ", "three ", "four ", "five."]),
      holdAfter: 5,
      release: release.opened,
    }));
    const seen: SseEvent[] = [];
    let id = "";
    for await (const event of await client(url).create({
      model,
      input: "Count.",
      background: true,
      stream: true,
    })) {
      seen.push(event as SseEvent);
      if (event.event_type === "interaction.created") id = event.interaction.id ?? "";
      if (seen.length === 3) break; // the connection drops
    }
    expect(id).toMatch(/^resp_/);
    release.open();
    const resumed: SseEvent[] = [];
    for await (const event of await client(url).get(id, {
      stream: true,
      last_event_id: seen.at(-1)?.event_id,
    }))
      resumed.push(event as SseEvent);
    const all = [...seen, ...resumed];
    expect(all.map((event) => event.event_id)).toEqual(all.map((_, index) => String(index + 1)));
    expect(all.at(-1)).toMatchObject({ event_type: "interaction.completed" });
    expect(textOf(all)).toBe("One two three four five.");
    expect(upstream.calls).toHaveLength(1);
    expect((await client(url).get(id)).status).toBe("completed");
  });

  it("a stored stream replays after any of its event ids once it has ended; store: false keeps none", async () => {
    upstream.answer(() => ({ events: words(["Hel", "lo", "!"]) }));
    const events: SseEvent[] = [];
    for await (const event of await client(url).create({ model, input: "Hi.", stream: true }))
      events.push(event as SseEvent);
    const id = events[0]?.interaction?.id ?? "";
    for (const cut of [0, 2, events.length - 1]) {
      const replayed: SseEvent[] = [];
      for await (const event of await client(url).get(id, {
        stream: true,
        last_event_id: events[cut]?.event_id,
      }))
        replayed.push(event as SseEvent);
      expect(replayed).toEqual(events.slice(cut + 1));
    }
    const whole: SseEvent[] = [];
    for await (const event of await client(url).get(id, { stream: true })) whole.push(event as SseEvent);
    expect(whole).toEqual(events);
    await expect(client(url, bobKey).get(id, { stream: true, last_event_id: "1" })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(client(url).get(id, { stream: true, last_event_id: "999" })).rejects.toMatchObject({
      statusCode: 400,
    });
    expect(upstream.calls).toHaveLength(1);

    const unstored: SseEvent[] = [];
    for await (const event of await client(url).create({ model, input: "Hi.", stream: true, store: false }))
      unstored.push(event as SseEvent);
    const unstoredId = unstored[0]?.interaction?.id ?? "";
    await expect(client(url).get(unstoredId, { stream: true })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe("streams that fail before their first event", () => {
  it("end a background stream's followers in the format's error event, not an empty body", async () => {
    const url = await start();
    upstream.answer(() => ({ error: new CanonicalError("overloaded", "Upstream overloaded.") }));
    const response = await fetch(`${url}/v1beta/interactions`, {
      method: "POST",
      headers: { "x-goog-api-key": aliceKey, "content-type": "application/json" },
      body: JSON.stringify({ model, input: "Go.", background: true, stream: true }),
    });
    expect(response.status).toBe(200);
    const frames = (await response.text()).split("\n\n").filter((frame) => frame.startsWith("data: "));
    const events = frames.map((frame) => JSON.parse(frame.slice(6)) as SseEvent & { error?: unknown });
    expect(events.map((event) => event.event_type)).toEqual(["error"]);
    expect(events[0]).toMatchObject({ event_id: "1", error: { message: "Upstream overloaded." } });
    expect(upstream.calls).toHaveLength(1);
  });
});

describe("a stored stream deleted while it streams", () => {
  it("is not kept again when it ends", async () => {
    const url = await start();
    const release = gate();
    upstream.answer(() => ({ events: words(["Gone ", "soon."]), holdAfter: 3, release: release.opened }));
    const stream = await client(url).create({ model, input: "Hi.", stream: true });
    const events: SseEvent[] = [];
    let deleted = false;
    for await (const event of stream) {
      events.push(event as SseEvent);
      if (!deleted && event.event_type === "interaction.created") {
        deleted = true;
        await client(url).delete(event.interaction.id ?? "");
        release.open();
      }
    }
    expect(events.at(-1)).toMatchObject({ event_type: "interaction.completed" });
    const id = events[0]?.interaction?.id ?? "";
    await expect(client(url).get(id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(client(url).get(id, { stream: true })).rejects.toMatchObject({ statusCode: 404 });
  });
});

/** Two instances on one shared storage: a run started on one is polled, followed and cancelled on the other. */
function sharedStateSuite(shared: () => Promise<Partial<GatewayConfig>>) {
  it("polls and resumes on one instance what the other runs, and cancels it there", async () => {
    const config = await shared();
    const [a, b] = [await start(config), await start(config)];
    const release = gate();
    upstream.answer(() => ({
      events: words(["Shared ", "state ", "works."]),
      holdAfter: 3,
      release: release.opened,
    }));
    let id = "";
    let lastId = "";
    for await (const event of await client(a).create({
      model,
      input: "Go.",
      background: true,
      stream: true,
    })) {
      if (event.event_type === "interaction.created") id = event.interaction.id ?? "";
      lastId = event.event_id ?? "";
      break;
    }
    expect((await client(b).get(id)).status).toBe("in_progress");
    await expect(client(b, bobKey).get(id)).rejects.toMatchObject({ statusCode: 404 });
    const following = (async () => {
      const events: SseEvent[] = [];
      for await (const event of await client(b).get(id, { stream: true, last_event_id: lastId }))
        events.push(event as SseEvent);
      return events;
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    release.open();
    const followed = await following;
    expect(followed[0]?.event_id).toBe(String(Number(lastId) + 1));
    expect(followed.at(-1)).toMatchObject({ event_type: "interaction.completed" });
    expect(textOf(followed)).toBe("Shared state works.");
    expect((await client(b).get(id)).status).toBe("completed");
    expect(upstream.calls).toHaveLength(1);

    upstream.answer(() => ({ response: textAnswer("never sent"), release: new Promise(() => {}) }));
    const long = await client(a).create({ model, input: "Long.", background: true });
    await until(() => upstream.calls.length === 2);
    expect((await client(b).cancel(long.id)).status).toBe("cancelled");
    await until(() => upstream.calls[1]?.aborted === true);
    expect((await client(a).get(long.id)).status).toBe("cancelled");
  });
}

describe("two instances on one data folder", () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true, maxRetries: 5 });
  });
  sharedStateSuite(async () => {
    const folder = await mkdtemp(join(tmpdir(), "gateway-runs-"));
    folders.push(folder);
    return { stores: { storage: createFolderStorage(folder) } };
  });
});

describe.runIf(testRedisIsAvailable())("two instances on one Redis", () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterAll(async () => {
    for (const close of closers.splice(0)) await close();
    await redis.stop();
  });
  sharedStateSuite(async () => ({ redis: { url: redis.url, prefix: `test-${crypto.randomUUID()}` } }));
});
