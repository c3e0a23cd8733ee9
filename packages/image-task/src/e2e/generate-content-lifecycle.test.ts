import { createGenerateContentProvider } from "@interlingua/generate-content";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenerateContentImageProvider } from "../backends/create-generate-content-image-provider";
import { palette, type RecordingUpstream, startGenerateContentUpstream } from "./local-upstreams";
import { type RunningImageTaskService, startImageTaskService } from "./start-image-task-service";
import { dataUrl, meanColour, solidImage } from "./test-images";

let upstream: RecordingUpstream;
let service: RunningImageTaskService;

beforeAll(async () => {
  upstream = await startGenerateContentUpstream();
  const provider = createGenerateContentProvider({ baseURL: upstream.url, apiKey: "local" });
  service = await startImageTaskService({
    backends: { gemini: createGenerateContentImageProvider({ provider, model: "gemini-image" }) },
    accounts: [{ instanceId: "g1", channelId: "c1", backend: "gemini" }],
  });
});
afterAll(async () => {
  await service.close();
  await upstream.close();
});

async function image(
  url: string,
): Promise<{ data: Uint8Array; width: number; height: number; type: string | null }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const data = new Uint8Array(await response.arrayBuffer());
  const metadata = await sharp(data).metadata();
  return {
    data,
    width: metadata.width!,
    height: metadata.height!,
    type: response.headers.get("content-type"),
  };
}

function key(colour: { r: number; g: number; b: number }): string {
  return [colour.r, colour.g, colour.b].map((value) => (value > 128 ? "1" : "0")).join("");
}

async function press(taskId: string, label: string | RegExp, extra: Record<string, unknown> = {}) {
  const { json: task } = await service.call("GET", `/img/task/${taskId}/fetch`);
  const button = task.buttons.find((candidate: { label: string; customId: string }) =>
    typeof label === "string" ? candidate.label === label : label.test(candidate.customId),
  );
  expect(button, `button ${label} on ${taskId}`).toBeDefined();
  return service.call("POST", "/img/submit/action", { taskId, customId: button.customId, ...extra });
}

describe("generate-content backend, whole lifecycle over HTTP", () => {
  let gridTask: string;
  let upscaled: string;

  it("imagine makes a 2x2 grid of four model images, served under the public base URL", async () => {
    const submitted = await service.call("POST", "/img/submit/imagine", { prompt: "a cat", state: "s-1" });
    expect(submitted.json).toMatchObject({
      code: 1,
      result: expect.any(String),
      properties: { instanceId: "g1" },
    });
    gridTask = submitted.json.result;
    const task = await service.waitFor(gridTask);
    expect(task).toMatchObject({
      status: "SUCCESS",
      progress: "100%",
      action: "IMAGINE",
      state: "s-1",
      promptEn: "a cat",
    });
    expect(task.imageUrl!.startsWith(`${service.url}/img/image/`)).toBe(true);
    expect(task.buttons.map((button) => button.label)).toEqual([
      "U1",
      "U2",
      "U3",
      "U4",
      "",
      "V1",
      "V2",
      "V3",
      "V4",
    ]);
    expect(task.buttons.every((button) => button.customId.startsWith("GEN::"))).toBe(true);
    const grid = await image(task.imageUrl!);
    expect([grid.width, grid.height, grid.type]).toEqual([128, 128, "image/png"]);
    const quadrants = await Promise.all(
      [0, 1, 2, 3].map((index) =>
        meanColour(grid.data, {
          left: (index % 2) * 64,
          top: Math.floor(index / 2) * 64,
          width: 64,
          height: 64,
        }),
      ),
    );
    expect(new Set(quadrants.map(key))).toEqual(new Set(palette.slice(0, 4).map(key)));
    expect(task.submitTime).toBeLessThanOrEqual(task.startTime!);
    expect(task.startTime).toBeLessThanOrEqual(task.finishTime!);
    const sent = upstream.requests.at(-1) as {
      generationConfig: { responseModalities: string[] };
      contents: unknown[];
    };
    expect(sent.generationConfig.responseModalities).toEqual(["IMAGE"]);
  });

  it("U2 returns the second candidate upscaled 2x (sharp) as a single image with the single-image buttons", async () => {
    const { json: grid } = await service.call("GET", `/img/task/${gridTask}/fetch`);
    const gridImage = await image(grid.imageUrl);
    const second = await meanColour(gridImage.data, { left: 64, top: 0, width: 64, height: 64 });
    const submitted = await press(gridTask, "U2");
    expect(submitted.json.code).toBe(1);
    upscaled = submitted.json.result;
    const task = await service.waitFor(upscaled);
    expect(task).toMatchObject({ status: "SUCCESS", action: "UPSCALE" });
    const single = await image(task.imageUrl!);
    expect([single.width, single.height]).toEqual([128, 128]);
    expect(key(await meanColour(single.data))).toBe(key(second));
    expect(task.buttons.map((button) => button.label)).toEqual([
      "Vary (Strong)",
      "Vary (Subtle)",
      "Vary (Region)",
      "Zoom Out 2x",
      "Zoom Out 1.5x",
      "Custom Zoom",
      "",
      "",
      "",
      "",
    ]);
  });

  it("V1, reroll, vary strong give new grids asked with the chosen image as reference", async () => {
    for (const [taskId, label, action] of [
      [gridTask, "V1", "VARIATION"],
      [gridTask, /reroll/, "IMAGINE"],
      [upscaled, "Vary (Strong)", "VARIATION"],
    ] as const) {
      const before = upstream.requests.length;
      const submitted = await press(taskId, label);
      expect(submitted.json.code).toBe(1);
      const task = await service.waitFor(submitted.json.result);
      expect(task).toMatchObject({ status: "SUCCESS", action });
      expect(task.buttons).toHaveLength(9);
      expect(upstream.requests.length - before).toBe(4);
      const sent = upstream.requests.at(-1) as { contents: { parts: Record<string, unknown>[] }[] };
      const imagesSent = sent.contents[0]!.parts.filter((part) => "inlineData" in part).length;
      expect(imagesSent).toBe(label === "V1" || label === "Vary (Strong)" ? 1 : 0);
    }
  });

  it("pan left grows the canvas by half and sends the image with its mask; the result is a new grid", async () => {
    const submitted = await press(upscaled, /pan_left/);
    const task = await service.waitFor(submitted.json.result);
    expect(task).toMatchObject({ status: "SUCCESS", action: "PAN" });
    expect(task.buttons.map((button) => button.label)).toEqual([
      "U1",
      "U2",
      "U3",
      "U4",
      "",
      "V1",
      "V2",
      "V3",
      "V4",
    ]);
    expect(task.imageUrls).toHaveLength(4);
    const sent = upstream.requests.at(-1) as { contents: { parts: { inlineData?: { data: string } }[] }[] };
    const [canvas, mask] = sent.contents[0]!.parts.filter((part) => part.inlineData !== undefined);
    const canvasMeta = await sharp(Buffer.from(canvas!.inlineData!.data, "base64")).metadata();
    expect([canvasMeta.width, canvasMeta.height]).toEqual([192, 128]);
    const maskData = Buffer.from(mask!.inlineData!.data, "base64");
    expect(key(await meanColour(maskData, { left: 0, top: 0, width: 64, height: 128 }))).toBe("111");
    expect(key(await meanColour(maskData, { left: 64, top: 0, width: 128, height: 128 }))).toBe("000");
  });

  it("zoom out 2x is an edit of the image shrunk to half inside the same canvas; the result is a new grid", async () => {
    const submitted = await press(upscaled, "Zoom Out 2x");
    const task = await service.waitFor(submitted.json.result);
    expect(task).toMatchObject({ status: "SUCCESS", action: "ZOOM" });
    expect(task.buttons).toHaveLength(9);
    const sent = upstream.requests.at(-1) as { contents: { parts: { inlineData?: { data: string } }[] }[] };
    const mask = Buffer.from(sent.contents[0]!.parts[1]!.inlineData!.data, "base64");
    expect(key(await meanColour(mask, { left: 32, top: 32, width: 64, height: 64 }))).toBe("000");
    expect(key(await meanColour(mask, { left: 0, top: 0, width: 128, height: 16 }))).toBe("111");
  });

  it("custom zoom waits in MODAL until the modal step gives a factor", async () => {
    const submitted = await press(upscaled, "Custom Zoom");
    expect(submitted.json).toMatchObject({ code: 21, result: expect.any(String) });
    const modalTask = submitted.json.result;
    expect((await service.call("GET", `/img/task/${modalTask}/fetch`)).json.status).toBe("MODAL");
    const wrong = await service.call("POST", "/img/submit/modal", {
      taskId: modalTask,
      prompt: "wider --zoom 3",
    });
    expect(wrong).toMatchObject({ status: 400, json: { code: 21, properties: { param: "prompt" } } });
    const confirmed = await service.call("POST", "/img/submit/modal", {
      taskId: modalTask,
      prompt: "wider --zoom 1.6",
    });
    expect(confirmed.json).toMatchObject({ code: 1, result: modalTask });
    const task = await service.waitFor(modalTask);
    expect(task).toMatchObject({ status: "SUCCESS", action: "ZOOM", prompt: "wider" });
    const again = await service.call("POST", "/img/submit/modal", {
      taskId: modalTask,
      prompt: "--zoom 1.5",
    });
    expect(again).toMatchObject({ status: 400, json: { properties: { param: "taskId" } } });
  });

  it("vary region needs a mask in the modal step, then edits with it", async () => {
    const submitted = await press(upscaled, "Vary (Region)");
    expect(submitted.json.code).toBe(21);
    const modalTask = submitted.json.result;
    const missing = await service.call("POST", "/img/submit/modal", { taskId: modalTask, prompt: "a hat" });
    expect(missing).toMatchObject({ status: 400, json: { properties: { param: "maskBase64" } } });
    const mask = await solidImage({ r: 255, g: 255, b: 255 }, "png", { width: 32, height: 32 });
    const confirmed = await service.call("POST", "/img/submit/modal", {
      taskId: modalTask,
      prompt: "a hat",
      maskBase64: dataUrl(mask),
    });
    expect(confirmed.json.code).toBe(1);
    const task = await service.waitFor(modalTask);
    expect(task).toMatchObject({ status: "SUCCESS", action: "VARIATION", promptEn: "a hat" });
    const sent = upstream.requests.at(-1) as { contents: { parts: { inlineData?: { data: string } }[] }[] };
    const sentMask = sent.contents[0]!.parts[1]!.inlineData!.data;
    expect((await sharp(Buffer.from(sentMask, "base64")).metadata()).width).toBe(128);
    expect(task.buttons).toHaveLength(9);
  });

  it("blend sends every image and the aspect ratio; describe gives four prompts; face swap gives one image", async () => {
    const images = await Promise.all([
      solidImage(palette[0]!, "jpeg"),
      solidImage(palette[1]!, "webp"),
      solidImage(palette[2]!, "gif"),
    ]);
    const blend = await service.call("POST", "/img/submit/blend", {
      base64Array: images.map((one) => dataUrl(one)),
      dimensions: "PORTRAIT",
    });
    const blended = await service.waitFor(blend.json.result);
    expect(blended).toMatchObject({
      status: "SUCCESS",
      action: "BLEND",
      properties: { dimensions: "PORTRAIT" },
    });
    const sent = upstream.requests.at(-1) as {
      contents: { parts: { inlineData?: unknown; text?: string }[] }[];
      generationConfig: { imageConfig?: unknown };
    };
    expect(sent.contents[0]!.parts.filter((part) => part.inlineData !== undefined)).toHaveLength(3);
    // The ratio goes in the format's own field, not the prompt text.
    expect(sent.generationConfig.imageConfig).toEqual({ aspectRatio: "2:3" });
    expect(sent.contents[0]!.parts.at(-1)!.text).not.toContain("2:3");

    const describe = await service.call("POST", "/img/submit/describe", { base64: dataUrl(images[0]!) });
    const described = await service.waitFor(describe.json.result);
    expect(described.status).toBe("SUCCESS");
    expect(described.properties.prompts).toEqual([
      "a red square",
      "a flat colour field",
      "minimal abstract art",
      "a single colour tile",
    ]);
    expect(described.prompt).toContain("1️⃣ a red square");
    expect((await image(described.imageUrl!)).type).toBe("image/jpeg");

    const swap = await service.call("POST", "/img/face/swap", {
      sourceBase64: dataUrl(images[0]!),
      targetBase64: dataUrl(images[1]!),
    });
    const swapped = await service.waitFor(swap.json.result);
    expect(swapped).toMatchObject({ status: "SUCCESS", action: "SWAP_FACE" });
  });

  it("the image seed of a backend that reports none answers code 24, not an unknown task", async () => {
    const seed = await service.call("GET", `/img/task/${gridTask}/image-seed`);
    expect(seed).toMatchObject({
      status: 200,
      json: { code: 24, result: null, description: expect.stringContaining("has no seed") },
    });
  });
});
