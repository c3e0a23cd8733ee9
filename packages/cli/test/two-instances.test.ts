import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startTestRedis, type TestRedis, testRedisIsAvailable } from "@interlingua/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callJson, waitForTask } from "./support/image-task-client";
import { type ImageUpstream, startImageUpstream } from "./support/image-upstream";
import { type NotifyReceiver, startNotifyReceiver } from "./support/notify-receiver";
import { freePort, processOwningPort, type ServeProcess, startInterlingua } from "./support/serve-processes";

// Issue 18: two `interlingua serve` processes on one Redis, started with the commands of
// docs/deploying.md ("The two-instance test"), share conversations, tasks, images and the job queue.

const workspaceRoot = fileURLToPath(new URL("../../..", import.meta.url));
const deploying = readFileSync(join(workspaceRoot, "docs", "deploying.md"), "utf8");

/** The lines of the block after the `two-instance commands` marker. */
const documented = (() => {
  const block = /<!-- two-instance commands -->\n```sh\n([\s\S]*?)```/.exec(deploying);
  if (block === null) throw new Error("docs/deploying.md has no two-instance commands block");
  return block[1]!
    .split("\n")
    .map((line) => line.replace(/\s+#.*$/, "").trim())
    .filter((line) => line !== "");
})();

/**
 * The arguments of each documented `interlingua serve` line: what `pnpm exec interlingua` hands
 * the bin, which the test runs directly, with a free port in place of the documented one.
 */
const serveLines = documented.filter((line) => line.includes(" exec interlingua serve "));

const alice = "sk-alice-two-instances";
const bob = "sk-bob-two-instances";
let redis: TestRedis;
const redisIsAvailable = testRedisIsAvailable();
let upstream: ImageUpstream;
let receiver: NotifyReceiver;
let folder: string;
const processes: ServeProcess[] = [];

beforeAll(async () => {
  if (!redisIsAvailable) return;
  redis = await startTestRedis();
  upstream = await startImageUpstream();
  receiver = await startNotifyReceiver();
  folder = mkdtempSync(join(tmpdir(), "interlingua-two-"));
  writeFileSync(
    join(folder, "gateway.json"),
    JSON.stringify({
      auth: { keys: [alice, bob] },
      providers: { gemini: { type: "generate-content", baseURL: upstream.url, apiKey: "upstream-key" } },
      routes: [{ model: "*", provider: "gemini" }],
      imageTask: {
        provider: "gemini",
        model: "gemini-image",
        notify: { allowPrivateAddresses: true },
        queue: { lockMs: 3000 },
      },
    }),
  );
});
afterAll(async () => {
  for (const running of processes) await running.stop("SIGKILL");
  await upstream?.close();
  await receiver?.close();
  await redis?.stop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

/** Runs documented line `index` with a free port; the Redis is the test's. */
async function instance(index: number, port: number): Promise<ServeProcess> {
  const args = serveLines[index]!.split(/\s+/);
  const command = args.slice(args.indexOf("interlingua") + 1);
  command[command.indexOf("--port") + 1] = String(port);
  const running = await startInterlingua(command, folder, { REDIS_URL: redis.url });
  processes.push(running);
  return running;
}

describe.runIf(redisIsAvailable)("two interlingua serve processes on one Redis", { timeout: 240_000 }, () => {
  it("are the commands docs/deploying.md shows", () => {
    expect(documented[0]).toBe("export REDIS_URL=redis://127.0.0.1:6379");
    expect(serveLines).toEqual([
      "npx -y pnpm@10.34.8 exec interlingua serve --config gateway.json --port 8787",
      "npx -y pnpm@10.34.8 exec interlingua serve --config gateway.json --port 8788",
    ]);
  });

  it("share a conversation, and a task whose worker is killed mid-task is finished by the other", async () => {
    const ports = [await freePort(), await freePort()];
    let a = await instance(0, ports[0]!);
    let b = await instance(1, ports[1]!);
    expect(a.stderr()).toContain("Keeping stored responses, image tasks and images on Redis at 127.0.0.1:");

    // A previous_response_id conversation alternating between the instances.
    const ids: string[] = [];
    for (const [turn, running] of [a, b, a, b].entries()) {
      const answer = await callJson(`${running.url}/v1/responses`, "POST", alice, {
        model: "gemini-x",
        input: `turn ${turn}`,
        ...(ids.length === 0 ? {} : { previous_response_id: ids.at(-1) }),
      });
      expect(answer.status).toBe(200);
      ids.push(answer.json.id);
      expect(upstream.chatTurns.at(-1)).toBe(2 * turn + 1);
    }
    const foreign = await callJson(`${a.url}/v1/responses`, "POST", bob, {
      model: "gemini-x",
      input: "not mine",
      previous_response_id: ids.at(-1),
    });
    expect(foreign.status).toBe(404);

    // An image task submitted on A; the instance whose worker runs it is killed mid-task.
    upstream.hold();
    const submitted = await callJson(`${a.url}/img/submit/imagine`, "POST", alice, {
      prompt: "a red square",
      notifyHook: receiver.url,
    });
    expect(submitted.json.code).toBe(1);
    const taskId: string = submitted.json.result;
    while (upstream.imageCalls.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    const notified = () => receiver.records.filter((record) => record.id === taskId);
    while (!notified().some((record) => record.status === "SUBMITTED"))
      await new Promise((resolve) => setTimeout(resolve, 20));
    const worker = processOwningPort([a, b], upstream.imageCalls[0]!.remotePort);
    expect(worker).toBeDefined();
    await worker!.stop("SIGKILL");
    const callsBefore = upstream.imageCalls.length;
    upstream.release();
    const survivor = worker === a ? b : a;
    const done = await waitForTask(survivor.url, taskId, alice);
    expect(done.status).toBe("SUCCESS");
    expect(upstream.imageCalls.length).toBeGreaterThan(callsBefore);
    expect(processOwningPort([a, b], upstream.imageCalls.at(-1)!.remotePort) ?? survivor).toBe(survivor);

    // Fetched and acted on through B (started again when it was the one killed).
    if (worker === b) b = await instance(1, ports[1]!);
    else a = survivor;
    const fetched = await callJson(`${b.url}/img/task/${taskId}/fetch`, "GET", alice);
    expect(fetched.json).toMatchObject({ id: taskId, status: "SUCCESS" });
    expect((await callJson(`${b.url}/img/task/${taskId}/fetch`, "GET", bob)).status).toBe(404);
    const image = await fetch(new URL(new URL(done.imageUrl).pathname, b.url));
    expect(image.headers.get("content-type")).toBe("image/png");
    const u1 = fetched.json.buttons.find((button: { label: string }) => button.label === "U1");
    const action = await callJson(`${b.url}/img/submit/action`, "POST", alice, {
      taskId,
      customId: u1.customId,
    });
    expect(action.json.code).toBe(1);
    expect(await waitForTask(a.url, action.json.result, alice)).toMatchObject({ status: "SUCCESS" });

    // Each state of the task was notified once, in order, whichever instance made the change.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const changes = notified().map((record) => `${record.status} ${record.progress}`);
    expect(new Set(changes).size).toBe(changes.length);
    // NOT_START is sent by A, SUBMITTED by the worker's instance: two senders, so either may land first.
    expect(changes.slice(0, 2).sort()).toEqual(["NOT_START 0%", "SUBMITTED 0%"]);
    expect(changes.at(-1)).toBe("SUCCESS 100%");
    const progress = changes
      .filter((change) => change.startsWith("IN_PROGRESS"))
      .map((change) => Number.parseInt(change.split(" ")[1]!, 10));
    expect(progress).toEqual([...progress].sort((x, y) => x - y));
  });
});
