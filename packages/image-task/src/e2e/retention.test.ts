import { createStorage } from "unstorage";
import memoryDriver from "unstorage/drivers/memory";
import { describe, expect, it } from "vitest";
import { createGatedImageProvider } from "./gated-image-provider";
import { startImageTaskService } from "./start-image-task-service";

// Issue 18: on a storage, finished tasks and images are kept for their retention, running ones always.

describe("an image-task service on a storage", () => {
  it("forgets a finished task after taskTtlMs and its images after imageTtlMs, never a running task", async () => {
    let now = Date.now();
    const gated = createGatedImageProvider("gated", true);
    const service = await startImageTaskService({
      backends: { gated },
      accounts: [{ instanceId: "a", channelId: "c", backend: "gated" }],
      storage: createStorage({ driver: memoryDriver() }),
      retention: { taskTtlMs: 60_000, imageTtlMs: 120_000 },
      clock: { now: () => now },
      taskTimeoutMs: 10 * 60 * 60_000,
      // The stores of the storage, not the counting in-memory ones of the test service.
      store: undefined,
      blobs: undefined,
    });
    const finished = await service.call("POST", "/img/submit/imagine", { prompt: "finished" });
    gated.releaseOne();
    const done = await service.waitFor(finished.json.result);
    expect(done.status).toBe("SUCCESS");
    const running = await service.call("POST", "/img/submit/imagine", { prompt: "running" });
    await service.waitFor(running.json.result, ["IN_PROGRESS"]);
    const imagePath = new URL(done.imageUrl!).pathname;

    now += 59_000;
    expect((await service.call("GET", `/img/task/${done.id}/fetch`)).status).toBe(200);
    now += 2_000;
    expect((await service.call("GET", `/img/task/${done.id}/fetch`)).status).toBe(404);
    expect((await fetch(`${service.url}${imagePath}`)).status).toBe(200);
    now += 60_000;
    expect((await fetch(`${service.url}${imagePath}`)).status).toBe(404);
    expect((await service.call("GET", `/img/task/${running.json.result}/fetch`)).json.status).toBe(
      "IN_PROGRESS",
    );
    gated.releaseOne();
    await service.waitFor(running.json.result);
    await service.service.idle();
    await service.close();
  });
});
