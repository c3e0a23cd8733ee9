import { createSpecValidator } from "@interlingua/core/test";
import { createGenerateContentProvider } from "@interlingua/generate-content";
import { createResponsesProvider } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenerateContentImageProvider } from "../backends/create-generate-content-image-provider";
import { createResponsesImageProvider } from "../backends/create-responses-image-provider";
import type { ImageTaskRecord } from "../wire/image-task-record";
import {
  type RecordingUpstream,
  startGenerateContentUpstream,
  startResponsesUpstream,
} from "./local-upstreams";
import { type RunningImageTaskService, startImageTaskService } from "./start-image-task-service";
import { dataUrl, solidImage } from "./test-images";

let geminiUpstream: RecordingUpstream;
let responsesUpstream: RecordingUpstream;
let service: RunningImageTaskService;

beforeAll(async () => {
  geminiUpstream = await startGenerateContentUpstream();
  responsesUpstream = await startResponsesUpstream();
  service = await startImageTaskService({
    backends: {
      gemini: createGenerateContentImageProvider({
        provider: createGenerateContentProvider({ baseURL: geminiUpstream.url, apiKey: "local" }),
        model: "gemini-image",
      }),
      responses: createResponsesImageProvider({
        provider: createResponsesProvider({ baseURL: responsesUpstream.url, apiKey: "local" }),
        model: "gpt-image-local",
      }),
    },
    accounts: [
      { instanceId: "g1", channelId: "c1", backend: "gemini", concurrency: 8 },
      { instanceId: "r1", channelId: "c2", backend: "responses", concurrency: 8 },
    ],
  });
});
afterAll(async () => {
  await service.close();
  await geminiUpstream.close();
  await responsesUpstream.close();
});

/** Presses a button and, when it opens a modal step, answers it as a client would. */
async function pressToTheEnd(task: ImageTaskRecord, customId: string): Promise<ImageTaskRecord> {
  const pressed = await service.call("POST", "/img/submit/action", { taskId: task.id, customId });
  expect(pressed.status, customId).toBe(200);
  if (pressed.json.code === 21) {
    const modal = customId.includes("Inpaint")
      ? { prompt: "a hat", maskBase64: dataUrl(await solidImage({ r: 255, g: 255, b: 255 })) }
      : { prompt: "wider --zoom 1.25" };
    const confirmed = await service.call("POST", "/img/submit/modal", {
      taskId: pressed.json.result,
      ...modal,
    });
    expect([1, 22], customId).toContain(confirmed.json.code);
  } else {
    expect([1, 22], customId).toContain(pressed.json.code);
  }
  return service.waitFor(pressed.json.result);
}

describe("a client can press every button it sees", () => {
  it.each([
    ["generate-content", "g1"],
    ["responses", "r1"],
  ])(
    "%s: each of the nine grid buttons and the ten single-image buttons runs to SUCCESS",
    async (_, instanceId) => {
      const submitted = await service.call("POST", "/img/submit/imagine", {
        prompt: "a lighthouse",
        accountFilter: { instanceId },
      });
      const grid = await service.waitFor(submitted.json.result);
      expect(grid.buttons).toHaveLength(9);
      const fromGrid = await Promise.all(grid.buttons.map((button) => pressToTheEnd(grid, button.customId)));
      expect(fromGrid.map((task) => [task.status, task.failReason])).toEqual(
        grid.buttons.map(() => ["SUCCESS", null]),
      );
      expect(fromGrid.map((task) => task.action)).toEqual([
        "UPSCALE",
        "UPSCALE",
        "UPSCALE",
        "UPSCALE",
        "IMAGINE",
        "VARIATION",
        "VARIATION",
        "VARIATION",
        "VARIATION",
      ]);

      const single = fromGrid[0]!;
      expect(single.buttons).toHaveLength(10);
      const fromSingle = await Promise.all(
        single.buttons.map((button) => pressToTheEnd(single, button.customId)),
      );
      expect(fromSingle.map((task) => [task.status, task.failReason])).toEqual(
        single.buttons.map(() => ["SUCCESS", null]),
      );
      expect(fromSingle.map((task) => task.action)).toEqual([
        "VARIATION",
        "VARIATION",
        "VARIATION",
        "ZOOM",
        "ZOOM",
        "ZOOM",
        "PAN",
        "PAN",
        "PAN",
        "PAN",
      ]);
      // Every result again offers buttons, each of which parses and belongs to that task alone.
      for (const task of [...fromGrid, ...fromSingle]) {
        expect(task.properties.instanceId).toBe(instanceId);
        expect(task.buttons.length).toBeGreaterThan(0);
        const hash = String(task.properties.messageHash);
        expect(task.buttons.every((button) => button.customId.includes(hash))).toBe(true);
      }
    },
    20_000,
  );

  it("every request the generate-content backend sent on the way is valid by the vendor's spec", () => {
    const generateContent = createSpecValidator("generate-content");
    expect(geminiUpstream.requests.length).toBeGreaterThanOrEqual(40);
    for (const request of geminiUpstream.requests) {
      const shown = JSON.stringify(request).slice(0, 300);
      expect(generateContent.validate("GenerateContentRequest", request), shown).toEqual([]);
    }
  }, 30_000);

  it("every image_generation tool the responses backend sent is valid by the vendor's spec", () => {
    const responses = createSpecValidator("responses");
    const tools = responsesUpstream.requests.flatMap(
      (request) => (request.tools as unknown[] | undefined) ?? [],
    );
    expect(tools.length).toBeGreaterThanOrEqual(40);
    expect(
      tools.some((tool) => (tool as { input_image_mask?: unknown }).input_image_mask !== undefined),
    ).toBe(true);
    for (const tool of tools)
      expect(responses.validate("ImageGenTool", tool), JSON.stringify(tool).slice(0, 200)).toEqual([]);
  }, 30_000);
});
