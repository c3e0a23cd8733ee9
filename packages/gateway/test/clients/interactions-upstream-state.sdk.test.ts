import { GoogleGenAI } from "@google/genai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGateway } from "../../src/index";
import { type NodeServer, serveNode } from "../../src/node";
import {
  createKeepingInteractionsUpstream,
  type KeepingInteractionsUpstream,
} from "../support/keeping-interactions-upstream";

// Issue 23: over an interactions backend, a same-format pass-through leaves the conversation with
// the upstream, which keeps it as Google's API does. The official @google/genai client's `get`,
// `cancel` and `delete` of such an interaction go through the gateway to that upstream, for the
// tenant that created it only: another tenant's calls are answered 404 without reaching it.

const aliceKey = "caller-key-upstream-state-alice-01";
const bobKey = "caller-key-upstream-state-bob-0234";
const upstreamKey = "upstream-gemini-key-0123456789";
const model = "gemini-3-flash-preview";
let upstream: KeepingInteractionsUpstream;
let server: NodeServer;

beforeAll(async () => {
  upstream = await createKeepingInteractionsUpstream(upstreamKey);
  const gateway = createGateway({
    auth: { keys: [aliceKey, bobKey] },
    providers: { gemini: { type: "interactions", baseURL: upstream.url, apiKey: upstreamKey } },
    routes: [{ model: "gemini-*", provider: "gemini" }],
  });
  server = await serveNode(gateway);
});
afterAll(async () => {
  await server.close();
  await upstream.close();
});
beforeEach(() => {
  upstream.calls.length = 0;
});

const client = (apiKey = aliceKey) =>
  new GoogleGenAI({ apiKey, httpOptions: { baseUrl: server.url } }).interactions;

const outputText = (steps: readonly { type: string; content?: unknown }[] | undefined): string =>
  (steps ?? [])
    .filter((step) => step.type === "model_output")
    .flatMap((step) => (step.content as { type: string; text?: string }[]) ?? [])
    .map((content) => content.text ?? "")
    .join("");

describe("interactions an interactions upstream keeps", () => {
  it("are read and deleted at the upstream, for their tenant only", async () => {
    const created = await client().create({ model, input: "Keep it upstream." });
    expect(created.id).toMatch(/^v1_upstream_/);
    const fetched = await client().get(created.id);
    expect(fetched).toMatchObject({ id: created.id, status: "completed" });
    expect(outputText(fetched.steps)).toBe(outputText(created.steps));
    // The client's own query (`stream=false`) goes on; its key does not.
    expect(upstream.calls.at(-1)).toMatchObject({
      method: "GET",
      path: expect.stringMatching(new RegExp(`^/v1beta/interactions/${created.id}(\\?stream=false)?$`)),
      apiKey: upstreamKey,
    });
    const before = upstream.calls.length;
    await expect(client(bobKey).get(created.id)).rejects.toMatchObject({ statusCode: 404 });
    await expect(client(bobKey).delete(created.id)).rejects.toMatchObject({ statusCode: 404 });
    expect(upstream.calls).toHaveLength(before);
    await client().delete(created.id);
    expect(upstream.calls.at(-1)).toMatchObject({
      method: "DELETE",
      path: `/v1beta/interactions/${created.id}`,
    });
    // The upstream's own 404 for what it no longer keeps comes back as it was.
    await expect(client().get(created.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("cancel goes to the upstream, which cancels a running background one and refuses a finished one", async () => {
    const running = await client().create({ model, input: "Long.", background: true });
    expect(running.status).toBe("in_progress");
    await expect(client(bobKey).cancel(running.id)).rejects.toMatchObject({ statusCode: 404 });
    const cancelled = await client().cancel(running.id);
    expect(cancelled.status).toBe("cancelled");
    expect(upstream.calls.at(-1)).toMatchObject({
      method: "POST",
      path: `/v1beta/interactions/${running.id}/cancel`,
    });
    const finished = await client().create({ model, input: "Short." });
    await expect(client().cancel(finished.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("a stream resumes from the upstream after last_event_id, the caller's key never sent on", async () => {
    const events = [];
    for await (const event of await client().create({ model, input: "Stream it.", stream: true }))
      events.push(event);
    const id = events[0]?.event_type === "interaction.created" ? events[0].interaction.id : "";
    expect(id).toMatch(/^v1_upstream_/);
    const resumed = [];
    for await (const event of await client().get(id ?? "", {
      stream: true,
      last_event_id: events[1]?.event_id,
    }))
      resumed.push(event);
    expect(resumed).toEqual(events.slice(2));
    const call = upstream.calls.at(-1);
    expect(call?.path).toBe(`/v1beta/interactions/${id}?stream=true&last_event_id=${events[1]?.event_id}`);
    expect(call?.path).not.toContain(aliceKey);
  });

  it("an id no tenant received here is 404 without asking the upstream", async () => {
    await expect(client().get("v1_upstream_999")).rejects.toMatchObject({ statusCode: 404 });
    expect(upstream.calls).toHaveLength(0);
  });
});
