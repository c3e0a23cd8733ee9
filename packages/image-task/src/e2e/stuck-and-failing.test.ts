import { describe, expect, it } from "vitest";
import type { StoredImageTask } from "../engine/stored-image-task";
import { createMemoryTaskStore } from "../stores/memory-task-store";
import { createGatedImageProvider } from "./gated-image-provider";
import { startImageTaskService, testKeyTenant } from "./start-image-task-service";
import { dataUrl, solidImage } from "./test-images";

/** A clock tests move by hand. */
function manualClock() {
  let now = Date.now();
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A task a previous process left running (a persistent store outlives a restart). */
function orphan(id: string, startTime: number): StoredImageTask {
  return {
    id,
    owner: testKeyTenant,
    dialect: "img",
    operation: { kind: "generate", prompt: "left behind", imageKeys: [] },
    selection: {},
    instanceId: "a",
    record: {
      id,
      action: "IMAGINE",
      status: "IN_PROGRESS",
      prompt: "left behind",
      promptEn: "left behind",
      description: "/imagine left behind",
      state: null,
      imageUrl: null,
      progress: "40%",
      failReason: null,
      submitTime: startTime - 1000,
      startTime,
      finishTime: null,
      properties: {},
      buttons: [],
    },
  };
}

describe("stuck tasks time out", () => {
  it("a task left in MODAL fails once the timeout has passed, and its modal step is then refused", async () => {
    const clock = manualClock();
    const service = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "r", channelId: "c", backend: "instant", remix: true }],
      clock,
      taskTimeoutMs: 60_000,
    });
    const made = await service.call("POST", "/img/submit/imagine", { prompt: "p" });
    const grid = await service.waitFor(made.json.result);
    const v2 = grid.buttons.find((button) => button.label === "V2")!.customId;
    const modal = await service.call("POST", "/img/submit/action", { taskId: grid.id, customId: v2 });
    expect(modal.json).toMatchObject({ code: 21, properties: { modal: "remix" } });
    clock.advance(59_000);
    expect((await service.call("GET", `/img/task/${modal.json.result}/fetch`)).json.status).toBe("MODAL");
    clock.advance(2_000);
    const expired = await service.call("GET", `/img/task/${modal.json.result}/fetch`);
    expect(expired.json).toMatchObject({
      status: "FAILURE",
      failReason: "Timed out: the modal step was not submitted within 60 seconds",
      finishTime: clock.now(),
    });
    const late = await service.call("POST", "/img/submit/modal", { taskId: modal.json.result, prompt: "q" });
    expect(late).toMatchObject({ status: 400, json: { code: 21, properties: { param: "taskId" } } });
    await service.close();
  });

  it("a task a previous process left unfinished fails after the timeout; a recent one is left alone", async () => {
    const clock = manualClock();
    const store = createMemoryTaskStore<StoredImageTask>();
    await store.set(orphan("old", clock.now() - 61_000));
    await store.set(orphan("recent", clock.now() - 1_000));
    const service = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
      clock,
      taskTimeoutMs: 60_000,
      store,
    });
    const listed = await service.call("POST", "/img/task/list-by-condition", { ids: ["old", "recent"] });
    expect(
      listed.json.map((task: { status: string; failReason: string | null }) => [
        task.status,
        task.failReason,
      ]),
    ).toEqual([
      ["FAILURE", "Timed out: no result after 60 seconds"],
      ["IN_PROGRESS", null],
    ]);
    // A task this process is running is never expired by a read, however slow the clock says it is.
    const held = createGatedImageProvider("held", true);
    const busy = await startImageTaskService({
      backends: { held },
      accounts: [{ instanceId: "h", channelId: "c", backend: "held" }],
      clock,
      taskTimeoutMs: 60_000,
    });
    const running = await busy.call("POST", "/img/submit/imagine", { prompt: "slow" });
    await busy.waitFor(running.json.result, ["IN_PROGRESS"]);
    clock.advance(120_000);
    expect((await busy.call("GET", `/img/task/${running.json.result}/fetch`)).json.status).toBe(
      "IN_PROGRESS",
    );
    held.releaseOne();
    expect((await busy.waitFor(running.json.result)).status).toBe("SUCCESS");
    await busy.close();
    await service.close();
  });
});

describe("server-side failures", () => {
  it("a failing image store answers HTTP 500 with code 23 and stores no task", async () => {
    const tasks = createMemoryTaskStore<StoredImageTask>();
    let taskWrites = 0;
    const service = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
      store: {
        ...tasks,
        set: (task) => {
          taskWrites++;
          return tasks.set(task);
        },
      },
      blobs: {
        put: async () => {
          throw new Error("disk full");
        },
        get: async () => undefined,
      },
    });
    const answer = await service.call("POST", "/img/submit/imagine", {
      prompt: "x",
      base64Array: [dataUrl(await solidImage({ r: 1, g: 1, b: 1 }))],
    });
    expect(answer).toMatchObject({
      status: 500,
      json: { code: 23, result: null, description: expect.stringContaining("disk full") },
    });
    expect(taskWrites).toBe(0);
    await service.close();
  });
});
