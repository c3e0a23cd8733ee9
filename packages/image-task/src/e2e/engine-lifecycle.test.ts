import { describe, expect, it } from "vitest";
import { verifyNotifySignature } from "../notify/sign-notify-body";
import { createGatedImageProvider } from "./gated-image-provider";
import { startNotifyReceiver } from "./local-upstreams";
import { startImageTaskService } from "./start-image-task-service";

const until = async (check: () => boolean) => {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("accounts and queueing", () => {
  it("runs, queues (22) and refuses when full (23, nothing stored); accountFilter picks accounts (24 when none)", async () => {
    const busy = createGatedImageProvider("busy", true);
    const service = await startImageTaskService({
      backends: { busy },
      accounts: [
        {
          instanceId: "fast",
          channelId: "c1",
          backend: "busy",
          modes: ["FAST"],
          remark: "alpha",
          concurrency: 1,
          queueSize: 1,
        },
        {
          instanceId: "relax",
          channelId: "c2",
          backend: "busy",
          modes: ["RELAX"],
          remark: "beta",
          concurrency: 1,
          queueSize: 0,
        },
      ],
    });
    const filter = { accountFilter: { instanceId: "fast" } };
    const first = await service.call("POST", "/img/submit/imagine", { prompt: "one", ...filter });
    expect(first.json).toMatchObject({ code: 1, properties: { instanceId: "fast" } });
    const second = await service.call("POST", "/img/submit/imagine", { prompt: "two", ...filter });
    expect(second.json).toMatchObject({ code: 22, properties: { numberOfQueues: 1, instanceId: "fast" } });
    await service.service.idle();
    const before = service.writes();
    const third = await service.call("POST", "/img/submit/imagine", { prompt: "three", ...filter });
    expect(third.json).toMatchObject({ code: 23, result: null });
    expect(service.writes()).toBe(before);
    expect((await service.call("GET", `/img/task/${second.json.result}/fetch`)).json.status).toBe(
      "NOT_START",
    );

    const relax = await service.call("POST", "/img/submit/imagine", {
      prompt: "r",
      accountFilter: { modes: ["RELAX", "TURBO"] },
    });
    expect(relax.json).toMatchObject({ code: 1, properties: { instanceId: "relax" } });
    expect((await service.call("GET", `/img/task/${relax.json.result}/fetch`)).json.properties.mode).toBe(
      "RELAX",
    );
    // The channel matches a (full) account: 23; a channel no account has: 24.
    const byChannel = await service.call("POST", "/img/submit/imagine", {
      prompt: "r",
      accountFilter: { channelId: "c1", remark: "alp" },
    });
    expect(byChannel.json).toMatchObject({ code: 23, result: null });
    const noChannel = await service.call("POST", "/img/submit/imagine", {
      prompt: "r",
      accountFilter: { channelId: "c9" },
    });
    expect(noChannel.json).toMatchObject({ code: 24, result: null });
    const byRemark = await service.call("POST", "/img/submit/imagine", {
      prompt: "r",
      accountFilter: { remark: "gam" },
    });
    expect(byRemark.json).toMatchObject({ code: 24, result: null });

    await until(() => busy.waiting() === 2);
    busy.releaseOne();
    expect((await service.waitFor(first.json.result)).status).toBe("SUCCESS");
    await until(() => busy.waiting() === 2);
    busy.releaseOne();
    busy.releaseOne();
    expect((await service.waitFor(second.json.result)).status).toBe("SUCCESS");
    await service.close();
  });

  it("actions run on the task's account unless chooseSameChannel lets another in its channel; remix opens a modal", async () => {
    const instant = createGatedImageProvider("instant", false);
    const service = await startImageTaskService({
      backends: { instant },
      accounts: [
        { instanceId: "a", channelId: "shared", backend: "instant", remark: "first" },
        { instanceId: "b", channelId: "shared", backend: "instant", remark: "second" },
        { instanceId: "r", channelId: "remix", backend: "instant", remix: true },
        {
          instanceId: "auto",
          channelId: "remix-auto",
          backend: "instant",
          remix: true,
          remixAutoSubmit: true,
        },
      ],
      bannedWords: ["gore"],
    });
    const made = await service.call("POST", "/img/submit/imagine", {
      prompt: "p",
      accountFilter: { instanceId: "a" },
    });
    const grid = await service.waitFor(made.json.result);
    const v1 = grid.buttons.find((button) => button.label === "V1")!.customId;
    const onlyB = { accountFilter: { instanceId: "b" } };
    expect(
      (await service.call("POST", "/img/submit/action", { taskId: grid.id, customId: v1, ...onlyB })).json
        .code,
    ).toBe(24);
    const moved = await service.call("POST", "/img/submit/action", {
      taskId: grid.id,
      customId: v1,
      chooseSameChannel: true,
      ...onlyB,
    });
    expect(moved.json).toMatchObject({ code: 1, properties: { instanceId: "b" } });
    const same = await service.call("POST", "/img/submit/action", { taskId: grid.id, customId: v1 });
    expect(same.json).toMatchObject({ code: 1, properties: { instanceId: "a" } });

    // remixAutoConsidered picks the account that submits the remix modal by itself: no modal step.
    const auto = await service.call("POST", "/img/submit/imagine", {
      prompt: "auto",
      accountFilter: { remix: true, remixAutoConsidered: true },
    });
    expect(auto.json.properties.instanceId).toBe("auto");
    const autoGrid = await service.waitFor(auto.json.result);
    const autoVary = await service.call("POST", "/img/submit/action", {
      taskId: autoGrid.id,
      customId: autoGrid.buttons.find((button) => button.label === "V3")!.customId,
    });
    expect(autoVary.json).toMatchObject({ code: 1, properties: { instanceId: "auto" } });
    expect((await service.waitFor(autoVary.json.result)).status).toBe("SUCCESS");

    const remixed = await service.call("POST", "/img/submit/imagine", {
      prompt: "old",
      accountFilter: { remix: true, remixAutoConsidered: false },
    });
    const remixGrid = await service.waitFor(remixed.json.result);
    const reroll = remixGrid.buttons.find((button) => button.customId.includes("reroll"))!.customId;
    const modal = await service.call("POST", "/img/submit/action", {
      taskId: remixGrid.id,
      customId: reroll,
    });
    expect(modal.json).toMatchObject({ code: 21, properties: { modal: "remix", instanceId: "r" } });
    // The remixed prompt is checked like any other; the task keeps waiting for an acceptable one.
    const banned = await service.call("POST", "/img/submit/modal", {
      taskId: modal.json.result,
      prompt: "gore",
    });
    expect(banned.json).toMatchObject({ code: 24, properties: { bannedWord: "gore" } });
    expect((await service.call("GET", `/img/task/${modal.json.result}/fetch`)).json.status).toBe("MODAL");
    await service.call("POST", "/img/submit/modal", { taskId: modal.json.result, prompt: "new prompt" });
    const rerolled = await service.waitFor(modal.json.result);
    expect(rerolled).toMatchObject({ status: "SUCCESS", action: "IMAGINE", promptEn: "new prompt" });
    expect(instant.prompts.at(-1)).toBe("new prompt");
    await service.close();
  });

  it("a stuck task times out and a waiting or running task can be cancelled", async () => {
    const stuck = createGatedImageProvider("stuck", true);
    const service = await startImageTaskService({
      backends: { stuck },
      accounts: [{ instanceId: "s", channelId: "c", backend: "stuck", concurrency: 1 }],
      taskTimeoutMs: 80,
    });
    const running = await service.call("POST", "/img/submit/imagine", { prompt: "x" });
    const waiting = await service.call("POST", "/img/submit/imagine", { prompt: "y" });
    expect(waiting.json.code).toBe(22);
    const cancelled = await service.call("POST", `/img/task/${waiting.json.result}/cancel`);
    expect(cancelled.json.code).toBe(1);
    expect((await service.call("GET", `/img/task/${waiting.json.result}/fetch`)).json.status).toBe("CANCEL");
    const timedOut = await service.waitFor(running.json.result);
    expect(timedOut).toMatchObject({ status: "FAILURE", failReason: expect.stringMatching(/^Timed out/) });
    const third = await service.call("POST", "/img/submit/imagine", { prompt: "z" });
    expect(third.json.code).toBe(1);
    await service.waitFor(third.json.result, ["IN_PROGRESS"]);
    await service.call("POST", `/img/task/${third.json.result}/cancel`);
    expect((await service.waitFor(third.json.result)).status).toBe("CANCEL");
    expect((await service.call("POST", `/img/task/${third.json.result}/cancel`)).status).toBe(400);
    await service.close();
  });
});

describe("notify hooks", () => {
  it("delivers the changes in order (a state that a newer one overtakes while a request is out is skipped), signed", async () => {
    const receiver = await startNotifyReceiver();
    const service = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
      notify: { secret: "hook-secret", allowPrivateAddresses: true, baseDelayMs: 40, maxAttempts: 4 },
    });
    const submitted = await service.call("POST", "/img/submit/imagine", {
      prompt: "p",
      state: "my-state",
      notifyHook: `${receiver.url}/hook`,
    });
    await service.waitFor(submitted.json.result);
    await service.service.idle();
    const records = receiver.deliveries.map((delivery) => JSON.parse(delivery.body));
    const seen = records.map((record) => `${record.status} ${record.progress}`);
    const everyChange = [
      "NOT_START 0%",
      "SUBMITTED 0%",
      "IN_PROGRESS 10%",
      "IN_PROGRESS 99%",
      "SUCCESS 100%",
    ];
    expect(seen[0]).toBe("NOT_START 0%");
    expect(seen.at(-1)).toBe("SUCCESS 100%");
    expect(everyChange.filter((change) => seen.includes(change))).toEqual(seen);
    expect(
      records.every((record) => record.state === "my-state" && record.id === submitted.json.result),
    ).toBe(true);
    expect(records.at(-1).buttons).toHaveLength(9);
    expect(receiver.attempts).toBe(records.length);
    for (const delivery of receiver.deliveries) {
      expect(
        await verifyNotifySignature({
          secret: "hook-secret",
          header: delivery.signature,
          body: delivery.body,
        }),
      ).toBe(true);
      expect(
        await verifyNotifySignature({ secret: "other", header: delivery.signature, body: delivery.body }),
      ).toBe(false);
    }
    await service.close();
    await receiver.close();
  });

  it("retries a failing receiver until it recovers, with the latest state of the task", async () => {
    const receiver = await startNotifyReceiver(2);
    const backend = createGatedImageProvider("held", true);
    const service = await startImageTaskService({
      backends: { held: backend },
      accounts: [{ instanceId: "a", channelId: "c", backend: "held" }],
      notify: { allowPrivateAddresses: true, baseDelayMs: 40, maxAttempts: 4 },
    });
    const submitted = await service.call("POST", "/img/submit/imagine", {
      prompt: "p",
      notifyHook: `${receiver.url}/hook`,
    });
    while (receiver.deliveries.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    // Whatever the two failed attempts carried, the first delivery is the state the task is in now.
    expect(JSON.parse(receiver.deliveries[0]!.body)).toMatchObject({
      status: "IN_PROGRESS",
      progress: "10%",
    });
    backend.releaseOne();
    await service.waitFor(submitted.json.result);
    await service.service.idle();
    const records = receiver.deliveries.map((delivery) => JSON.parse(delivery.body));
    expect(records.map((record) => `${record.status} ${record.progress}`)).toEqual([
      "IN_PROGRESS 10%",
      "IN_PROGRESS 99%",
      "SUCCESS 100%",
    ]);
    expect(receiver.attempts).toBe(records.length + 2);
    await service.close();
    await receiver.close();
  });

  it("uses the global hook, gives up after the bounded attempts, and refuses names that resolve inside", async () => {
    const receiver = await startNotifyReceiver(1000);
    const failures: { reason: string; attempts: number }[] = [];
    const service = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
      notify: {
        globalHook: `${receiver.url}/global`,
        allowPrivateAddresses: true,
        baseDelayMs: 1,
        maxAttempts: 3,
        onDeliveryFailure: (failure) => failures.push(failure),
      },
    });
    const submitted = await service.call("POST", "/img/submit/imagine", { prompt: "p" });
    await service.waitFor(submitted.json.result);
    await service.service.idle();
    // States replaced by newer ones are dropped, not reported; the final one is tried three times.
    expect(failures.length).toBeGreaterThanOrEqual(1);
    expect(failures.at(-1)).toMatchObject({ attempts: 3, reason: "the hook answered HTTP 503" });
    expect(receiver.attempts).toBeGreaterThanOrEqual(3);
    await service.close();
    await receiver.close();

    const inside = await startNotifyReceiver();
    const refusals: string[] = [];
    const strict = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
      notify: {
        resolveHost: async () => ["127.0.0.1"],
        onDeliveryFailure: (failure) => refusals.push(failure.reason),
      },
    });
    const port = new URL(inside.url).port;
    const sneaky = await strict.call("POST", "/img/submit/imagine", {
      prompt: "p",
      notifyHook: `http://hooks.example.com:${port}/x`,
    });
    expect(sneaky.json.code).toBe(1);
    await strict.waitFor(sneaky.json.result);
    await strict.service.idle();
    expect(inside.attempts).toBe(0);
    expect(refusals[0]).toContain("resolves to 127.0.0.1");
    await strict.close();
    await inside.close();
  });
});
