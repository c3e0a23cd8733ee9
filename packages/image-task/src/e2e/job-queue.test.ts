import { CanonicalError, createStorageTaskStore, type ImageProvider } from "@interlingua/core";
import { startTestRedis, type TestRedis, testRedisIsAvailable } from "@interlingua/core/test";
import { createStorage, type Storage } from "unstorage";
import redisDriver from "unstorage/drivers/redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImageTaskAccount } from "../engine/image-task-account";
import type { StoredImageTask } from "../engine/stored-image-task";
import type { ImageTaskServiceOptions } from "../http/create-image-task-service";
import { createStorageImageBlobStore } from "../stores/storage-image-blob-store";
import { createGatedImageProvider } from "./gated-image-provider";
import { startNotifyReceiver } from "./local-upstreams";
import { type RunningImageTaskService, startImageTaskService } from "./start-image-task-service";
import { solidImage } from "./test-images";

// Issue 18: two service instances on one Redis, tasks on a BullMQ job queue they share.

let redis: TestRedis;
const redisIsAvailable = testRedisIsAvailable();
const storages: Storage[] = [];
const running: RunningImageTaskService[] = [];
beforeAll(async () => {
  if (redisIsAvailable) redis = await startTestRedis();
});
afterAll(async () => {
  for (const service of running.splice(0)) {
    await service.service.close();
    await service.close();
  }
  await Promise.all(storages.map((storage) => storage.dispose()));
  await redis?.stop();
});

/** Two instances as two processes would run them: own connections, one Redis prefix. */
async function twoInstances(
  backend: ImageProvider,
  account: Partial<ImageTaskAccount>,
  extra: Partial<ImageTaskServiceOptions> = {},
): Promise<RunningImageTaskService[]> {
  const prefix = `test-${crypto.randomUUID()}`;
  const instances: RunningImageTaskService[] = [];
  for (let index = 0; index < 2; index++) {
    const storage = createStorage({ driver: redisDriver({ url: redis.url, base: prefix }) });
    storages.push(storage);
    const service = await startImageTaskService({
      backends: { shared: backend },
      accounts: [{ instanceId: "a", channelId: "c", backend: "shared", ...account }],
      store: createStorageTaskStore<StoredImageTask>(storage, { prefix: "image-tasks" }),
      blobs: createStorageImageBlobStore(storage),
      queue: { url: redis.url, prefix, backoffMs: 20, lockMs: 2_000 },
      ...extra,
    });
    running.push(service);
    instances.push(service);
  }
  return instances;
}

describe.runIf(redisIsAvailable)("image tasks on a job queue shared by two instances", () => {
  it("run a task submitted on one from the other's answers, with one account concurrency across both", async () => {
    const gated = createGatedImageProvider("gated", true);
    const [a, b] = await twoInstances(gated, { concurrency: 1, queueSize: 1 });
    const first = await a!.call("POST", "/img/submit/imagine", { prompt: "first" });
    expect(first.json.code).toBe(1);
    await b!.waitFor(first.json.result, ["SUBMITTED", "IN_PROGRESS"]);
    const second = await b!.call("POST", "/img/submit/imagine", { prompt: "second" });
    expect(second.json).toMatchObject({ code: 22, properties: { numberOfQueues: 1 } });
    const third = await a!.call("POST", "/img/submit/imagine", { prompt: "third" });
    expect(third.json.code).toBe(23);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gated.waiting()).toBe(1);
    gated.releaseOne();
    const done = await b!.waitFor(first.json.result);
    expect(done.status).toBe("SUCCESS");
    const image = await fetch(done.imageUrl!.replace(a!.url, b!.url));
    expect(image.headers.get("content-type")).toBe("image/png");
    await a!.waitFor(second.json.result, ["SUBMITTED", "IN_PROGRESS"]);
    gated.releaseOne();
    expect((await a!.waitFor(second.json.result)).status).toBe("SUCCESS");
    expect(gated.prompts).toEqual(["first", "second"]);
  });

  it("try a transiently failing backend again after a backoff, and fail once the attempts are spent", async () => {
    let calls = 0;
    const image = await solidImage({ r: 1, g: 2, b: 3 });
    const flaky: ImageProvider = {
      id: "flaky",
      capabilities: { operations: ["generate"] },
      async generate(input) {
        calls++;
        if (input.prompt === "always" || calls === 1)
          throw new CanonicalError("overloaded", "The upstream is overloaded.");
        return { layout: "grid", images: [image, image, image, image] };
      },
    };
    const [a, b] = await twoInstances(flaky, {});
    const recovered = await a!.call("POST", "/img/submit/imagine", { prompt: "recovers" });
    expect((await b!.waitFor(recovered.json.result)).status).toBe("SUCCESS");
    expect(calls).toBe(2);
    const failing = await b!.call("POST", "/img/submit/imagine", { prompt: "always" });
    const failed = await a!.waitFor(failing.json.result);
    expect(failed).toMatchObject({ status: "FAILURE" });
    expect(failed.failReason).toMatch(/overloaded/);
    expect(calls).toBe(5);
  });

  it("notify a task's hook at most once per change and in order, whichever instance made it", async () => {
    const receiver = await startNotifyReceiver(0);
    const [a, b] = await twoInstances(
      createGatedImageProvider("instant", false),
      {},
      {
        notify: { allowPrivateAddresses: true },
      },
    );
    const made = await a!.call("POST", "/img/submit/imagine", {
      prompt: "p",
      notifyHook: `${receiver.url}/hook`,
    });
    await b!.waitFor(made.json.result);
    await a!.service.idle();
    await b!.service.idle();
    const records = receiver.deliveries.map((delivery) => JSON.parse(delivery.body));
    const changes = records.map((record) => `${record.status} ${record.progress}`);
    // Each change at most once and in order; a state a newer one overtook while a request was out
    // is skipped (notify keeps only the latest state pending per hook).
    const everyChange = [
      "NOT_START 0%",
      "SUBMITTED 0%",
      "IN_PROGRESS 10%",
      "IN_PROGRESS 99%",
      "SUCCESS 100%",
    ];
    expect(everyChange.filter((change) => changes.includes(change))).toEqual(changes);
    expect(changes.at(-1)).toBe("SUCCESS 100%");
    await receiver.close();
  });
});
