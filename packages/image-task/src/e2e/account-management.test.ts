import { describe, expect, it } from "vitest";
import { createGatedImageProvider } from "./gated-image-provider";
import { readOnlyKey, startImageTaskService, testKey } from "./start-image-task-service";

const adminKey = "sk-admin";

describe("account management behind an admin key", () => {
  it("lists, fetches, creates, updates and disables accounts; a disabled account takes no new task", async () => {
    const service = await startImageTaskService({
      auth: { keys: [testKey, { key: readOnlyKey, scopes: ["read"] }, { key: adminKey, scopes: ["admin"] }] },
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant", modes: ["FAST"] }],
    });
    const admin = { "mj-api-secret": adminKey };
    for (const key of [testKey, readOnlyKey]) {
      const refused = await service.call("GET", "/mj/account/list", undefined, { "mj-api-secret": key });
      expect(refused).toMatchObject({ status: 403, json: { code: 26 } });
    }
    expect((await service.call("GET", "/mj/account/list", undefined, admin)).json).toEqual([
      { instanceId: "a", channelId: "c", backend: "instant", modes: ["FAST"] },
    ]);

    const created = await service.call(
      "POST",
      "/mj/account/create",
      { instanceId: "b", channelId: "c", backend: "instant", modes: ["RELAX"], concurrency: 1 },
      admin,
    );
    expect(created.json).toMatchObject({ code: 1, result: "b" });
    const duplicate = await service.call(
      "POST",
      "/mj/account/create",
      { instanceId: "b", channelId: "c", backend: "instant" },
      admin,
    );
    expect(duplicate).toMatchObject({ status: 400, json: { code: 21, properties: { param: "instanceId" } } });
    const unknownBackend = await service.call(
      "POST",
      "/mj/account/create",
      { instanceId: "x", channelId: "c", backend: "nope" },
      admin,
    );
    expect(unknownBackend).toMatchObject({ status: 400, json: { properties: { param: "backend" } } });

    const relax = await service.call("POST", "/mj-relax/mj/submit/imagine", { prompt: "p" });
    expect(relax.json).toMatchObject({ code: 1, properties: { instanceId: "b" } });
    await service.waitFor(relax.json.result);

    const updated = await service.call(
      "POST",
      "/mj/account/b/update",
      { remark: "night shift", queueSize: 0 },
      admin,
    );
    expect(updated.json).toMatchObject({ code: 1, result: "b" });
    expect((await service.call("GET", "/mj/account/b/fetch", undefined, admin)).json).toMatchObject({
      instanceId: "b",
      remark: "night shift",
      queueSize: 0,
      concurrency: 1,
    });
    const badUpdate = await service.call("POST", "/mj/account/b/update", { backend: "other" }, admin);
    expect(badUpdate.status).toBe(400);

    expect((await service.call("POST", "/mj/account/b/disable", {}, admin)).json).toMatchObject({ code: 1 });
    const afterDisable = await service.call("POST", "/mj-relax/mj/submit/imagine", { prompt: "p" });
    expect(afterDisable.json).toMatchObject({ code: 24 });
    expect((await service.call("GET", "/mj/account/zz/fetch", undefined, admin)).status).toBe(404);
    await service.service.idle();
    await service.close();
  });

  it("an open interface keeps account management closed", async () => {
    const service = await startImageTaskService({
      auth: { keys: [] },
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
    });
    expect((await service.call("POST", "/img/submit/imagine", { prompt: "p" }, {})).json.code).toBe(1);
    expect(await service.call("GET", "/img/account/list", undefined, {})).toMatchObject({
      status: 403,
      json: { code: 26 },
    });
    await service.service.idle();
    await service.close();
  });
});
