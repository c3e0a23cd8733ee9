import type { TaskStore } from "@interlingua/core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForwardStatusChange } from "../engine/image-task-status-order";
import type { StoredImageTask } from "../engine/stored-image-task";
import { createMemoryTaskStore } from "../stores/memory-task-store";
import type { ImageTaskStatus } from "../wire/image-task-record";
import { createGatedImageProvider, type GatedImageProvider } from "./gated-image-provider";
import { type RunningImageTaskService, startImageTaskService } from "./start-image-task-service";

/**
 * A memory store that records every status written, per task, and answers after a few
 * milliseconds, as a remote store (Redis) does: time for concurrent calls to interleave.
 */
function recordingStore(
  latencyMs = 0,
): TaskStore<StoredImageTask> & { statuses: Map<string, ImageTaskStatus[]> } {
  const inner = createMemoryTaskStore<StoredImageTask>();
  const statuses = new Map<string, ImageTaskStatus[]>();
  const pause = () => new Promise((resolve) => setTimeout(resolve, latencyMs));
  return {
    ...inner,
    statuses,
    async get(id) {
      await pause();
      return inner.get(id);
    },
    async set(task) {
      await pause();
      statuses.set(task.id, [...(statuses.get(task.id) ?? []), task.record.status]);
      await inner.set(task);
    },
  };
}

let backend: GatedImageProvider;
let store: ReturnType<typeof recordingStore>;
let service: RunningImageTaskService;
let gridId: string;
let v1: string;

beforeAll(async () => {
  backend = createGatedImageProvider("instant", false);
  store = recordingStore(3);
  service = await startImageTaskService({
    backends: { instant: backend },
    accounts: [{ instanceId: "r", channelId: "c", backend: "instant", remix: true, concurrency: 50 }],
    store,
  });
  const made = await service.call("POST", "/img/submit/imagine", { prompt: "a grid" });
  const grid = await service.waitFor(made.json.result);
  gridId = grid.id;
  v1 = grid.buttons.find((button) => button.label === "V1")!.customId;
});
afterAll(async () => {
  await service.service.idle();
  await service.close();
});

describe("every state change of a task goes through its update chain", () => {
  it("of concurrent modal steps (and a cancel, and reads) exactly one moves the task on, it runs once, and its status never goes back", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 6 }),
        fc.boolean(),
        fc.boolean(),
        async (modalCalls, withCancel, withReads) => {
          run++;
          const pressed = await service.call("POST", "/img/submit/action", { taskId: gridId, customId: v1 });
          expect(pressed.json).toMatchObject({ code: 21, properties: { modal: "remix" } });
          const id = pressed.json.result as string;
          const prompt = `remix ${run}`;
          const calls = [
            ...Array.from({ length: modalCalls }, () =>
              service.call("POST", "/img/submit/modal", { taskId: id, prompt }),
            ),
            ...(withCancel ? [service.call("POST", `/img/task/${id}/cancel`)] : []),
            ...(withReads ? [service.call("GET", `/img/task/${id}/fetch`)] : []),
          ];
          const answers = await Promise.all(calls);
          const modalAnswers = answers.slice(0, modalCalls);
          const movedOn = modalAnswers.filter(
            (answer) => answer.status === 200 && [1, 22].includes(answer.json.code),
          );
          const refused = modalAnswers.filter((answer) => answer.status === 400);
          expect(movedOn.length + refused.length).toBe(modalCalls);
          for (const answer of refused)
            expect(answer.json).toMatchObject({ code: 21, properties: { param: "taskId" } });
          if (!withCancel) expect(movedOn).toHaveLength(1);
          else expect(movedOn.length).toBeLessThanOrEqual(1);
          const finished = await service.waitFor(id);
          await service.service.idle();
          expect(backend.prompts.filter((seen) => seen === prompt).length).toBeLessThanOrEqual(
            movedOn.length,
          );
          if (finished.status === "SUCCESS")
            expect(backend.prompts.filter((seen) => seen === prompt)).toHaveLength(1);
          const written = store.statuses.get(id)!;
          expect(written[0]).toBe("MODAL");
          for (let index = 1; index < written.length; index++) {
            expect(isForwardStatusChange(written[index - 1]!, written[index]!), written.join(" → ")).toBe(
              true,
            );
          }
          expect(written.filter((status) => status === "NOT_START").length).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe("a U button runs once", () => {
  it("of concurrent presses of one U button exactly one starts a task; the others answer 'already exists' with it", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        async (presses, index) => {
          const made = await service.call("POST", "/mj/submit/imagine", { prompt: `grid for U${index}` });
          const grid = await service.waitFor(made.json.result);
          const button = grid.buttons.find((candidate) => candidate.label === `U${index}`)!.customId;
          const answers = await Promise.all(
            Array.from({ length: presses }, () =>
              service.call("POST", "/mj/submit/action", { taskId: grid.id, customId: button }),
            ),
          );
          const started = answers.filter((answer) => [1, 22].includes(answer.json.code));
          expect(started).toHaveLength(1);
          for (const answer of answers.filter((candidate) => candidate !== started[0])) {
            expect(answer).toMatchObject({
              status: 200,
              json: { code: 21, description: "Task already exists", result: started[0]!.json.result },
            });
          }
          await service.waitFor(started[0]!.json.result);
          const later = await service.call("POST", "/mj/submit/action", {
            taskId: grid.id,
            customId: button,
          });
          expect(later.json).toMatchObject({
            code: 21,
            result: started[0]!.json.result,
            properties: { status: "SUCCESS", imageUrl: expect.any(String) },
          });
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe("timeouts fire on a timer", () => {
  it("a task left in MODAL fails after the task timeout although nobody reads it", async () => {
    const timed = recordingStore();
    const quick = await startImageTaskService({
      backends: { instant: createGatedImageProvider("instant", false) },
      accounts: [{ instanceId: "r", channelId: "c", backend: "instant", remix: true }],
      store: timed,
      taskTimeoutMs: 300,
    });
    const made = await quick.call("POST", "/img/submit/imagine", { prompt: "p" });
    const grid = await quick.waitFor(made.json.result);
    const v2 = grid.buttons.find((button) => button.label === "V2")!.customId;
    const modal = await quick.call("POST", "/img/submit/action", { taskId: grid.id, customId: v2 });
    expect(modal.json.code).toBe(21);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const stored = await timed.get(modal.json.result);
    expect(stored?.record).toMatchObject({
      status: "FAILURE",
      failReason: "Timed out: the modal step was not submitted within 0 seconds",
    });
    expect(timed.statuses.get(modal.json.result)).toEqual(["MODAL", "FAILURE"]);
    await quick.service.idle();
    await quick.close();
  });
});
