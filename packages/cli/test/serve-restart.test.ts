import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callJson, waitForTask } from "./support/image-task-client";
import { type ImageUpstream, startImageUpstream } from "./support/image-upstream";
import { type NotifyReceiver, startNotifyReceiver } from "./support/notify-receiver";
import { freePort, type ServeProcess, startInterlingua } from "./support/serve-processes";

// Issue 18: `interlingua serve` keeps its state in ./.interlingua by default, so a restart loses no
// stored response, task or image, and a task from before the restart is acted on and notified after.

const key = "sk-caller-restart";
let upstream: ImageUpstream;
let receiver: NotifyReceiver;
let folder: string;
const processes: ServeProcess[] = [];

beforeAll(async () => {
  upstream = await startImageUpstream();
  receiver = await startNotifyReceiver();
  folder = mkdtempSync(join(tmpdir(), "interlingua-restart-"));
  writeFileSync(
    join(folder, "gateway.json"),
    JSON.stringify({
      auth: { keys: [key] },
      providers: { gemini: { type: "generate-content", baseURL: upstream.url, apiKey: "upstream-key" } },
      routes: [{ model: "*", provider: "gemini" }],
      imageTask: { provider: "gemini", model: "gemini-image", notify: { allowPrivateAddresses: true } },
    }),
  );
});
afterAll(async () => {
  for (const running of processes) await running.stop("SIGKILL");
  await upstream?.close();
  await receiver?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe("interlingua serve restarted on its data folder", { timeout: 180_000 }, () => {
  it("keeps stored responses, tasks and images; a task from before is acted on and notified after", async () => {
    const port = String(await freePort());
    const serve = async () => {
      const running = await startInterlingua(
        ["serve", "--config", "gateway.json", "--port", port],
        folder,
        {},
      );
      processes.push(running);
      return running;
    };
    const before = await serve();
    expect(before.stderr()).toContain(
      `Keeping stored responses, image tasks and images in ${join(folder, ".interlingua")}`,
    );
    const stored = await callJson(`${before.url}/v1/responses`, "POST", key, {
      model: "gemini-x",
      input: "first",
    });
    expect(stored.status).toBe(200);
    const submitted = await callJson(`${before.url}/img/submit/imagine`, "POST", key, {
      prompt: "a red square",
      notifyHook: receiver.url,
    });
    const grid = await waitForTask(before.url, submitted.json.result, key);
    expect(grid.status).toBe("SUCCESS");
    await before.stop("SIGTERM");
    expect(existsSync(join(folder, ".interlingua"))).toBe(true);

    const after = await serve();
    expect((await callJson(`${after.url}/img/task/${grid.id}/fetch`, "GET", key)).json).toEqual(grid);
    const image = await fetch(grid.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    const u1 = grid.buttons.find((button: { label: string }) => button.label === "U1");
    const action = await callJson(`${after.url}/img/submit/action`, "POST", key, {
      taskId: grid.id,
      customId: u1.customId,
      notifyHook: receiver.url,
    });
    expect(action.json.code).toBe(1);
    expect(await waitForTask(after.url, action.json.result, key)).toMatchObject({
      action: "UPSCALE",
      status: "SUCCESS",
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const upscaleStates = receiver.records
      .filter((record) => record.id === action.json.result)
      .map((record) => record.status);
    expect(upscaleStates[0]).toBe("NOT_START");
    expect(upscaleStates.at(-1)).toBe("SUCCESS");

    const continued = await callJson(`${after.url}/v1/responses`, "POST", key, {
      model: "gemini-x",
      input: "second",
      previous_response_id: stored.json.id,
    });
    expect(continued.status).toBe(200);
    expect(upstream.chatTurns.at(-1)).toBe(3);
    expect((await callJson(`${after.url}/v1/responses/${stored.json.id}`, "GET", key)).status).toBe(200);
    await after.stop("SIGTERM");
  });
});
