import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatedImageProvider } from "./gated-image-provider";
import {
  type RunningImageTaskService,
  readOnlyKey,
  startImageTaskService,
  testKey,
} from "./start-image-task-service";
import { animatedGif, dataUrl, solidImage } from "./test-images";

let service: RunningImageTaskService;
const backend = createGatedImageProvider("instant", false);

beforeAll(async () => {
  service = await startImageTaskService({
    backends: { instant: backend },
    accounts: [{ instanceId: "a1", channelId: "c1", backend: "instant" }],
    bannedWords: ["nude", "血腥"],
    quota: ({ action, apiKey }) => action !== "DESCRIBE" && !(action === "VARIATION" && apiKey === testKey),
  });
});
afterAll(() => service.close());

/** Submits and checks the answer and that nothing was stored. */
async function rejected(path: string, body: unknown, expected: Record<string, unknown>, status = 400) {
  await service.service.idle();
  const before = service.writes();
  const answer = await service.call("POST", path, body);
  expect(answer.status).toBe(status);
  expect(answer.json).toMatchObject(expected);
  expect(service.writes()).toBe(before);
  return answer;
}

describe("bad input is answered with the right code and nothing stored", () => {
  it("blend needs 2 to 5 images", async () => {
    const png = dataUrl(await solidImage({ r: 1, g: 2, b: 3 }));
    await rejected(
      "/img/submit/blend",
      { base64Array: [png] },
      { code: 21, result: null, properties: { param: "base64Array" } },
    );
    await rejected(
      "/img/submit/blend",
      { base64Array: Array(6).fill(png) },
      { code: 21, properties: { param: "base64Array" } },
    );
  });

  it("images must be data URLs, at most 4 MB, and JPEG, PNG, static GIF or WEBP by their bytes", async () => {
    const png = await solidImage({ r: 1, g: 2, b: 3 });
    const base64 = Buffer.from(png.data).toString("base64");
    await rejected(
      "/img/submit/blend",
      { base64Array: [dataUrl(png), base64] },
      { properties: { param: "base64Array.1" } },
    );
    const big = `data:image/png;base64,${Buffer.alloc(4 * 1024 * 1024 + 1, 7).toString("base64")}`;
    await rejected(
      "/img/submit/blend",
      { base64Array: [big, dataUrl(png)] },
      { properties: { param: "base64Array.0" } },
    );
    const text = `data:image/png;base64,${Buffer.from("not an image at all").toString("base64")}`;
    await rejected(
      "/img/submit/imagine",
      { prompt: "x", base64Array: [text] },
      { properties: { param: "base64Array.0" } },
    );
    const gif = await animatedGif();
    const answer = await rejected(
      "/img/submit/describe",
      { base64: dataUrl(gif) },
      { properties: { param: "base64" } },
    );
    expect(answer.json.description).toContain("animated GIF");
    const tiff = await solidImage({ r: 1, g: 2, b: 3 }).then(async () => ({
      data: new Uint8Array(
        await (await import("sharp"))
          .default({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
          .tiff()
          .toBuffer(),
      ),
      mediaType: "image/tiff",
    }));
    await rejected(
      "/img/submit/imagine",
      { prompt: "x", base64Array: [dataUrl(tiff, "image/png")] },
      { properties: { param: "base64Array.0" } },
    );
    await rejected(
      "/img/submit/imagine",
      { prompt: "x", base64Array: ["data:image/png;base64,@@@"] },
      { properties: { param: "base64Array.0" } },
    );
  });

  it("the claimed type does not matter when the bytes are an accepted format", async () => {
    const jpeg = await solidImage({ r: 1, g: 2, b: 3 }, "jpeg");
    const staticGif = await solidImage({ r: 1, g: 2, b: 3 }, "gif");
    const webp = await solidImage({ r: 1, g: 2, b: 3 }, "webp");
    const answer = await service.call("POST", "/img/submit/imagine", {
      prompt: "x",
      base64Array: [dataUrl(jpeg, "image/png"), dataUrl(staticGif), dataUrl(webp)],
    });
    expect(answer.json.code).toBe(1);
    expect((await service.waitFor(answer.json.result)).status).toBe("SUCCESS");
  });

  it("dimensions, prompt, JSON and unknown fields of enums are named", async () => {
    const png = dataUrl(await solidImage({ r: 1, g: 2, b: 3 }));
    await rejected(
      "/img/submit/blend",
      { base64Array: [png, png], dimensions: "WIDE" },
      { properties: { param: "dimensions" } },
    );
    await rejected("/img/submit/imagine", { botType: "MID_GEN" }, { properties: { param: "prompt" } });
    await rejected(
      "/img/submit/imagine",
      { prompt: "x", botType: "DALL" },
      { properties: { param: "botType" } },
    );
    await rejected("/img/submit/imagine", "{not json", { code: 21 });
    await rejected(
      "/img/submit/imagine",
      { prompt: "x", accountFilter: { modes: ["SLOW"] } },
      { properties: { param: "accountFilter.modes.0" } },
    );
  });

  it("a notify hook inside the private network is refused unless allowed", async () => {
    for (const hook of [
      "http://127.0.0.1:9/x",
      "http://10.1.2.3/x",
      "http://169.254.169.254/latest",
      "http://[::1]/x",
      "http://localhost/x",
      "ftp://example.com/x",
    ]) {
      await rejected(
        "/img/submit/imagine",
        { prompt: "x", notifyHook: hook },
        { properties: { param: "notifyHook" } },
      );
    }
  });

  it("banned words reject naming the word (code 24); a quota hook answers code 25", async () => {
    await rejected(
      "/img/submit/imagine",
      { prompt: "a Nude figure" },
      { code: 24, properties: { bannedWord: "nude", promptEn: "a Nude figure" } },
      200,
    );
    await rejected(
      "/img/submit/imagine",
      { prompt: "很血腥的画面" },
      { code: 24, properties: { bannedWord: "血腥" } },
      200,
    );
    const ok = await service.call("POST", "/img/submit/imagine", { prompt: "a denuded tree" });
    expect(ok.json.code).toBe(1);
    await service.waitFor(ok.json.result);
    await rejected(
      "/img/submit/describe",
      { base64: dataUrl(await solidImage({ r: 1, g: 2, b: 3 })) },
      { code: 25 },
      200,
    );
  });

  it("face swap, upload and the modal step check their images the same way", async () => {
    const png = dataUrl(await solidImage({ r: 1, g: 2, b: 3 }));
    const gif = dataUrl(await animatedGif());
    await rejected(
      "/img/face/swap",
      { sourceBase64: png },
      { code: 21, properties: { param: "targetBase64" } },
    );
    await rejected(
      "/img/face/swap",
      { sourceBase64: gif, targetBase64: png },
      { code: 21, properties: { param: "sourceBase64" } },
    );
    await rejected(
      "/img/submit/upload-platform-images",
      { base64Array: [png, png.replace("data:image/png;base64,", "")] },
      { code: 21, properties: { param: "base64Array.1" } },
    );
    await rejected(
      "/img/submit/upload-platform-images",
      { base64Array: [] },
      { properties: { param: "base64Array" } },
    );
    await rejected("/img/task/list-by-condition", { ids: "abc" }, { properties: { param: "ids" } });
    expect((await service.call("GET", "/img/task/404404/image-seed")).status).toBe(404);
  });

  it("the quota hook answers code 25 for imagine-type and action submissions alike", async () => {
    const made = await service.call("POST", "/img/submit/imagine", { prompt: "x" });
    const grid = await service.waitFor(made.json.result);
    const v1 = grid.buttons.find((button) => button.label === "V1")!.customId;
    await rejected("/img/submit/action", { taskId: grid.id, customId: v1 }, { code: 25, result: null }, 200);
    const u1 = grid.buttons.find((button) => button.label === "U1")!.customId;
    const allowed = await service.call("POST", "/img/submit/action", { taskId: grid.id, customId: u1 });
    expect(allowed.json.code).toBe(1);
    await service.waitFor(allowed.json.result);
  });

  it("actions: unknown task 404, unfinished task and foreign customId 400", async () => {
    await rejected(
      "/img/submit/action",
      { taskId: "404404", customId: "GEN::JOB::upsample::1::x" },
      { properties: { param: "taskId" } },
      404,
    );
    await rejected("/img/submit/modal", { taskId: "404404" }, { properties: { param: "taskId" } }, 404);
    const done = await service.call("POST", "/img/submit/imagine", { prompt: "x" });
    const task = await service.waitFor(done.json.result);
    const hash = task.properties.messageHash;
    await rejected(
      "/img/submit/action",
      { taskId: task.id, customId: `GEN::JOB::upsample::1::other` },
      { properties: { param: "customId" } },
    );
    await rejected(
      "/img/submit/action",
      { taskId: task.id, customId: `GEN::JOB::pan_left::1::${hash}::SOLO` },
      { properties: { param: "customId" } },
    );
    // The proxies' prefix names the same button.
    const alias = await service.call("POST", "/img/submit/action", {
      taskId: task.id,
      customId: `MJ::JOB::upsample::1::${hash}`,
    });
    expect(alias.json.code).toBe(1);
    const held = createGatedImageProvider("held", true);
    const slow = await startImageTaskService({
      backends: { held },
      accounts: [{ instanceId: "h", channelId: "c", backend: "held" }],
    });
    const running = await slow.call("POST", "/img/submit/imagine", { prompt: "x" });
    await slow.service.idle();
    const before = slow.writes();
    const early = await slow.call("POST", "/img/submit/action", {
      taskId: running.json.result,
      customId: `GEN::JOB::upsample::1::${hash}`,
    });
    expect(early).toMatchObject({ status: 400, json: { code: 21, properties: { param: "taskId" } } });
    expect(slow.writes()).toBe(before);
    held.releaseOne();
    await slow.waitFor(running.json.result);
    await slow.close();
  });

  it("fetch of an unknown task is 404; list-by-condition keeps order and omits unknown ids", async () => {
    expect((await service.call("GET", "/img/task/nope/fetch")).status).toBe(404);
    const first = (await service.call("POST", "/img/submit/imagine", { prompt: "one" })).json.result;
    const second = (await service.call("POST", "/img/submit/imagine", { prompt: "two" })).json.result;
    const listed = await service.call("POST", "/img/task/list-by-condition", {
      ids: [second, "unknown", first],
    });
    expect(listed.json.map((task: { id: string }) => task.id)).toEqual([second, first]);
  });

  it("upload stores the images and answers their URLs", async () => {
    const png = await solidImage({ r: 9, g: 9, b: 9 });
    const answer = await service.call("POST", "/img/submit/upload-platform-images", {
      base64Array: [dataUrl(png)],
    });
    expect(answer.json).toMatchObject({
      code: 1,
      result: [expect.stringMatching(new RegExp(`^${service.url}/img/image/upload-`))],
    });
    const fetched = await fetch(answer.json.result[0]);
    expect(new Uint8Array(await fetched.arrayBuffer())).toEqual(png.data);
    const none = await service.call("POST", "/img/submit/upload-platform-images", {
      base64Array: [dataUrl(png)],
      filter: { channelId: "zz" },
    });
    expect(none.json.code).toBe(24);
  });
});

describe("authentication", () => {
  it("401 without or with a wrong key, 403 for a read-only key on submit, mj-api-secret accepted", async () => {
    expect((await service.call("POST", "/img/submit/imagine", { prompt: "x" }, {})).status).toBe(401);
    expect(
      (await service.call("POST", "/img/submit/imagine", { prompt: "x" }, { authorization: "Bearer nope" }))
        .status,
    ).toBe(401);
    const forbidden = await service.call(
      "POST",
      "/img/submit/imagine",
      { prompt: "x" },
      { authorization: `Bearer ${readOnlyKey}` },
    );
    expect(forbidden).toMatchObject({ status: 403, json: { code: 26, result: null } });
    expect(
      (
        await service.call("GET", "/img/task/nope/fetch", undefined, {
          authorization: `Bearer ${readOnlyKey}`,
        })
      ).status,
    ).toBe(404);
    expect(
      (await service.call("POST", "/mj/submit/imagine", { prompt: "x" }, { "mj-api-secret": testKey })).json
        .code,
    ).toBe(1);
  });
});

describe("body size", () => {
  it("a body over maxBodyBytes is refused with 413 and code 21 before anything is stored", async () => {
    const small = await startImageTaskService({
      backends: { instant: createGatedImageProvider("i", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
      maxBodyBytes: 1000,
    });
    const before = small.writes();
    const answer = await small.call("POST", "/img/submit/imagine", { prompt: "x".repeat(2000) });
    expect(answer).toMatchObject({ status: 413, json: { code: 21, result: null } });
    expect(small.writes()).toBe(before);
    await small.close();
  });
});

describe("an open interface", () => {
  it("with no keys configured, as in an open gateway, requests need no key", async () => {
    const open = await startImageTaskService({
      auth: { keys: [] },
      backends: { instant: createGatedImageProvider("i", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
    });
    const submitted = await open.call("POST", "/img/submit/imagine", { prompt: "x" }, {});
    expect(submitted).toMatchObject({ status: 200, json: { code: 1 } });
    expect((await open.call("GET", `/mj/task/${submitted.json.result}/fetch`, undefined, {})).status).toBe(
      200,
    );
    await open.waitFor(submitted.json.result);
    await open.close();
  });
});

describe("prompts", () => {
  it("without a translator promptEn is the prompt and the task says so; with one it is translated", async () => {
    const plain = await service.call("POST", "/img/submit/imagine", { prompt: "猫猫" });
    const task = await service.waitFor(plain.json.result);
    expect(task).toMatchObject({
      prompt: "猫猫",
      promptEn: "猫猫",
      properties: { promptTranslation: "no-translator" },
    });
    const translated = await startImageTaskService({
      backends: { instant: createGatedImageProvider("i", false) },
      accounts: [{ instanceId: "a", channelId: "c", backend: "instant" }],
      translator: { translate: async (text) => (text === "猫猫" ? "Cat" : text) },
      bannedWords: ["cat"],
    });
    const banned = await translated.call("POST", "/img/submit/imagine", { prompt: "猫猫" });
    expect(banned.json).toMatchObject({ code: 24, properties: { promptEn: "Cat", bannedWord: "cat" } });
    await translated.close();
  });
});
