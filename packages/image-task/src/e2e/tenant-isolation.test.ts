import { serveFetch } from "@interlingua/core/test";
import { createResponsesProvider } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResponsesImageProvider } from "../backends/create-responses-image-provider";
import type { ImageTaskRecord } from "../wire/image-task-record";
import { createGatedImageProvider, type GatedImageProvider } from "./gated-image-provider";
import { type RunningImageTaskService, startImageTaskService } from "./start-image-task-service";

const alice = { authorization: "Bearer sk-alice-0123456789" };
const bob = { authorization: "Bearer sk-bob-0123456789" };
/** A read-only key acting as alice's tenant (`team-a`), as her full key does. */
const aliceReader = { authorization: "Bearer sk-alice-reader" };
const aliceTeam = { authorization: "Bearer sk-alice-team-key" };
const unknownId = "1000000000000000000000000000000000000000";

let service: RunningImageTaskService;
let held: GatedImageProvider;

beforeAll(async () => {
  held = createGatedImageProvider("held", true);
  service = await startImageTaskService({
    auth: {
      keys: [
        "sk-bob-0123456789",
        { key: "sk-alice-0123456789", tenant: "team-a" },
        { key: "sk-alice-team-key", tenant: "team-a" },
        { key: "sk-alice-reader", tenant: "team-a", scopes: ["read"] },
      ],
    },
    backends: { instant: createGatedImageProvider("instant", false), held },
    accounts: [
      { instanceId: "fast", channelId: "c", backend: "instant" },
      { instanceId: "remix", channelId: "r", backend: "instant", remix: true },
      { instanceId: "slow", channelId: "s", backend: "held", concurrency: 4 },
    ],
  });
});
afterAll(async () => {
  while (held.waiting() > 0) held.releaseOne();
  await service.service.idle();
  await service.close();
});

/** `call` as a caller with `headers`, through the given dialect. */
const as = (headers: Record<string, string>, dialect: "img" | "mj" = "img") => ({
  get: (path: string) => service.call("GET", `/${dialect}/${path}`, undefined, headers),
  post: (path: string, body: unknown) => service.call("POST", `/${dialect}/${path}`, body, headers),
});

async function finished(id: string): Promise<ImageTaskRecord> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const { json } = await as(alice).get(`task/${id}/fetch`);
    if (["SUCCESS", "FAILURE", "CANCEL", "MODAL"].includes(json.status)) return json;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`task ${id} never finished`);
}

/** An answer with the id it names replaced, to compare with the answer for an unknown id. */
function anonymized(answer: { status: number; json: unknown }, id: string): unknown {
  return { status: answer.status, json: JSON.parse(JSON.stringify(answer.json).replaceAll(id, "ID")) };
}

describe("image tasks are their tenant's own", () => {
  let grid: ImageTaskRecord;
  let remixGrid: ImageTaskRecord;

  beforeAll(async () => {
    const made = await as(alice).post("submit/imagine", { prompt: "alice's private idea" });
    grid = await finished(made.json.result);
    const remixMade = await as(alice).post("submit/imagine", {
      prompt: "remixable",
      accountFilter: { instanceId: "remix" },
    });
    remixGrid = await finished(remixMade.json.result);
  });

  it("another tenant's fetch, seed, action, modal and cancel are answered exactly as for an unknown id", async () => {
    const variation = remixGrid.buttons.find((button) => button.label === "V1")!.customId;
    const modal = await as(alice).post("submit/action", { taskId: remixGrid.id, customId: variation });
    expect(modal.json).toMatchObject({ code: 21, properties: { modal: "remix" } });
    const upscale = grid.buttons.find((button) => button.label === "U1")!.customId;
    const cases: [string, (id: string) => Promise<{ status: number; json: unknown }>][] = [];
    for (const dialect of ["img", "mj"] as const) {
      cases.push(
        [`${dialect} fetch`, (id) => as(bob, dialect).get(`task/${id}/fetch`)],
        [`${dialect} image-seed`, (id) => as(bob, dialect).get(`task/${id}/image-seed`)],
        [
          `${dialect} action`,
          (id) => as(bob, dialect).post("submit/action", { taskId: id, customId: upscale }),
        ],
        [`${dialect} cancel`, (id) => as(bob, dialect).post(`task/${id}/cancel`, {})],
      );
    }
    for (const [name, attempt] of cases) {
      const stolen = anonymized(await attempt(grid.id), grid.id);
      const unknown = anonymized(await attempt(unknownId), unknownId);
      expect(stolen, name).toEqual(unknown);
      expect((stolen as { status: number }).status, name).toBe(404);
    }
    const modalId = modal.json.result as string;
    const stolenModal = await as(bob).post("submit/modal", { taskId: modalId, prompt: "bob's words" });
    const unknownModal = await as(bob).post("submit/modal", { taskId: unknownId, prompt: "bob's words" });
    expect(anonymized(stolenModal, modalId)).toEqual(anonymized(unknownModal, unknownId));
    expect(stolenModal.status).toBe(404);

    // Nothing bob did touched alice's tasks.
    expect((await as(alice).get(`task/${grid.id}/fetch`)).json).toMatchObject({
      status: "SUCCESS",
      prompt: "alice's private idea",
    });
    expect((await as(alice).get(`task/${modalId}/fetch`)).json).toMatchObject({
      status: "MODAL",
      prompt: "remixable",
    });
  });

  it("list-by-condition leaves another tenant's tasks out, as unknown ones", async () => {
    const listedByBob = await as(bob).post("task/list-by-condition", { ids: [grid.id, remixGrid.id] });
    expect(listedByBob).toMatchObject({ status: 200, json: [] });
    const listedByAlice = await as(alice, "mj").post("task/list-by-condition", {
      ids: [remixGrid.id, unknownId, grid.id],
    });
    expect(listedByAlice.json.map((task: ImageTaskRecord) => task.id)).toEqual([remixGrid.id, grid.id]);
  });

  it("keys configured with the same tenant share tasks; a read-only one reads but cannot act, modal or cancel", async () => {
    expect((await as(aliceTeam).get(`task/${grid.id}/fetch`)).json.prompt).toBe("alice's private idea");
    expect((await as(aliceReader).get(`task/${grid.id}/fetch`)).status).toBe(200);
    const running = await as(alice).post("submit/imagine", {
      prompt: "slow",
      accountFilter: { instanceId: "slow" },
    });
    const upscale = grid.buttons.find((button) => button.label === "U2")!.customId;
    const forbidden = [
      await as(aliceReader).post("submit/action", { taskId: grid.id, customId: upscale }),
      await as(aliceReader).post(`task/${running.json.result}/cancel`, {}),
      await as(aliceReader).post("submit/modal", { taskId: running.json.result, prompt: "x" }),
    ];
    for (const answer of forbidden)
      expect(answer).toMatchObject({ status: 403, json: { code: 26, result: null } });
    expect((await as(alice).get(`task/${running.json.result}/fetch`)).json.status).not.toBe("CANCEL");
    const cancelled = await as(aliceTeam).post(`task/${running.json.result}/cancel`, {});
    expect(cancelled).toMatchObject({ status: 200, json: { code: 1, result: running.json.result } });
  });

  it("task ids are digits carrying 128 random bits; image URLs carry 128 more, unrelated to the id", async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 20; index++) {
      const made = await as(bob).post("submit/imagine", { prompt: `p${index}` });
      expect(made.json.result).toMatch(/^1\d{39}$/);
      ids.add(made.json.result);
    }
    expect(ids.size).toBe(20);
    const escaped = grid.id.replace(/[^0-9]/g, "");
    expect(grid.imageUrl).toMatch(new RegExp(`/img/image/${escaped}-[0-9a-f]{32}$`));
    expect((await fetch(grid.imageUrl!)).status).toBe(200);
    // The task id alone, or a wrong random part, finds no image.
    for (const guess of [`${grid.id}`, `${grid.id}-${"0".repeat(32)}`])
      expect((await fetch(`${service.url}/img/image/${guess}`)).status).toBe(404);
  });

  it("list-by-condition takes at most 100 ids and names the field beyond", async () => {
    const ids = Array.from({ length: 100 }, (_, index) => `${index}`);
    expect((await as(alice).post("task/list-by-condition", { ids })).status).toBe(200);
    const over = await as(alice).post("task/list-by-condition", { ids: [...ids, "100"] });
    expect(over).toMatchObject({
      status: 400,
      json: { code: 21, result: null, properties: { param: "ids" } },
    });
    expect(over.json.description).toContain("at most 100");
  });
});

describe("stored fail reasons", () => {
  it("never carry the upstream's key, configured or merely echoed by the upstream", async () => {
    const upstreamKey = "sk-upstream-live-7f3a9c2e11d04b5b";
    const echoing = await serveFetch(async (request) => {
      const given = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
      return Response.json(
        {
          error: {
            message: `Invalid API key provided: ${given}. Also tried Bearer ${given}.`,
            type: "invalid_request_error",
            param: null,
            code: "invalid_api_key",
          },
        },
        { status: 401 },
      );
    });
    const backend = (apiKey: string) =>
      createResponsesImageProvider({
        provider: createResponsesProvider({ baseURL: echoing.url, apiKey }),
        model: "gpt-image-local",
      });
    const failing = await startImageTaskService({
      backends: { configured: backend(upstreamKey), unlisted: backend("sk-not-configured-anywhere-9876") },
      accounts: [
        { instanceId: "configured", channelId: "c", backend: "configured" },
        { instanceId: "unlisted", channelId: "c", backend: "unlisted" },
      ],
      secrets: [upstreamKey],
    });
    for (const instanceId of ["configured", "unlisted"]) {
      const made = await failing.call("POST", "/img/submit/imagine", {
        prompt: "x",
        accountFilter: { instanceId },
      });
      const task = await failing.waitFor(made.json.result);
      expect(task.status).toBe("FAILURE");
      expect(task.failReason).toContain("Invalid API key provided: [redacted]");
      expect(task.failReason).not.toContain(upstreamKey);
      expect(task.failReason).not.toMatch(/sk-not-configured|live-7f3a/);
    }
    await failing.close();
    await echoing.close();
  });
});
