import type { ImageProvider } from "@interlingua/core";
import { serveFetch } from "@interlingua/core/test";
import { describe, expect, it } from "vitest";
import { startImageTaskService } from "../e2e/start-image-task-service";
import { solidImage } from "../e2e/test-images";
import { createTaskNotifier } from "./create-task-notifier";

const statusOrder = ["NOT_START", "SUBMITTED", "IN_PROGRESS", "SUCCESS"];

/** A backend whose generate reports progress every `stepMs` for `steps` steps, then answers a grid. */
function slowBackend(steps: number, stepMs: number): ImageProvider {
  return {
    id: "slow",
    capabilities: { operations: ["generate"] },
    async generate(_input, options) {
      for (let step = 1; step <= steps; step++) {
        await new Promise((resolve) => setTimeout(resolve, stepMs));
        options?.onProgress?.((step * 90) / steps);
      }
      const image = await solidImage({ r: 10, g: 20, b: 30 });
      return { layout: "grid", images: [image, image, image, image] };
    },
  };
}

/** A hook that fails (or, with `hang`, never answers) every request until `healthyAfterMs` has passed. */
async function startFlakyHook(healthyAfterMs: number, hang: boolean) {
  const started = performance.now();
  const received: { status: string; progress: string; at: number }[] = [];
  const attempts: { status: string; progress: string; at: number }[] = [];
  const server = await serveFetch(async (request) => {
    const record = JSON.parse(await request.text()) as { status: string; progress: string };
    attempts.push({ ...record, at: performance.now() });
    if (performance.now() - started < healthyAfterMs) {
      if (hang) await new Promise((resolve) => request.signal.addEventListener("abort", resolve));
      return new Response("down", { status: 503 });
    }
    received.push({ ...record, at: performance.now() });
    return new Response(null, { status: 204 });
  });
  return { ...server, received, attempts };
}

describe("notify keeps only the latest state of a task pending per hook", () => {
  it("a failing hook is tried with SUCCESS as soon as the task ends, not after every stale progress state was retried", async () => {
    const hook = await startFlakyHook(Number.POSITIVE_INFINITY, false);
    const service = await startImageTaskService({
      backends: { slow: slowBackend(15, 100) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "slow" }],
      notify: { allowPrivateAddresses: true, baseDelayMs: 100, maxDelayMs: 400, maxAttempts: 3 },
    });
    const made = await service.call("POST", "/img/submit/imagine", {
      prompt: "p",
      notifyHook: `${hook.url}/h`,
    });
    await service.waitFor(made.json.result);
    const finished = performance.now();
    await service.service.idle();
    const firstSuccess = hook.attempts.find((attempt) => attempt.status === "SUCCESS")!;
    expect(firstSuccess.at - finished).toBeLessThan(300);
    expect(hook.attempts.filter((attempt) => attempt.status === "SUCCESS")).toHaveLength(3);
    const order = hook.attempts.map(
      (record) => statusOrder.indexOf(record.status) * 1000 + Number.parseInt(record.progress, 10),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await service.close();
    await hook.close();
  });

  it("a hook that recovers gets the latest state, in order", async () => {
    const hook = await startFlakyHook(800, false);
    const service = await startImageTaskService({
      backends: { slow: slowBackend(15, 100) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "slow" }],
      notify: { allowPrivateAddresses: true, baseDelayMs: 100, maxDelayMs: 200, maxAttempts: 20 },
    });
    const made = await service.call("POST", "/img/submit/imagine", {
      prompt: "p",
      notifyHook: `${hook.url}/h`,
    });
    await service.waitFor(made.json.result);
    await service.service.idle();
    expect(hook.received.at(-1)?.status).toBe("SUCCESS");
    const order = hook.received.map(
      (record) => statusOrder.indexOf(record.status) * 1000 + Number.parseInt(record.progress, 10),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    await service.close();
    await hook.close();
  });

  it("a hanging hook: the final state cuts short the attempt in flight with a progress state", async () => {
    const hook = await startFlakyHook(500, true);
    const service = await startImageTaskService({
      backends: { slow: slowBackend(6, 100) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "slow" }],
      notify: { allowPrivateAddresses: true, baseDelayMs: 50, timeoutMs: 10_000 },
    });
    const made = await service.call("POST", "/img/submit/imagine", {
      prompt: "p",
      notifyHook: `${hook.url}/h`,
    });
    await service.waitFor(made.json.result);
    const finished = performance.now();
    await service.service.idle();
    expect(hook.received.map((record) => record.status)).toEqual(["SUCCESS"]);
    expect(hook.received[0]!.at - finished).toBeLessThan(1_000);
    await service.close();
    await hook.close();
  });

  it("a newer state replaces the one being retried; delivered states keep their order", async () => {
    const sent: string[] = [];
    let failing = true;
    const notifier = createTaskNotifier({
      allowPrivateAddresses: true,
      baseDelayMs: 30,
      fetch: async (_url, init) => {
        sent.push(JSON.parse(String(init?.body)).progress);
        return new Response(null, { status: failing ? 503 : 204 });
      },
    });
    notifier.deliver("t", "http://hook.test/x", { progress: "10%" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    notifier.deliver("t", "http://hook.test/x", { progress: "20%" });
    notifier.deliver("t", "http://hook.test/x", { progress: "30%" });
    failing = false;
    await notifier.idle();
    expect(sent).toEqual(["10%", "30%"]);
  });
});
