import { readFileSync } from "node:fs";
import { specPath } from "@interlingua/core/test";
import { createGenerateContentProvider } from "@interlingua/generate-content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenerateContentImageProvider } from "../backends/create-generate-content-image-provider";
import { createChatShortener } from "../prompts/image-task-shortener";
import type { ImageTaskRecord } from "../wire/image-task-record";
import { type RecordingUpstream, startGenerateContentUpstream } from "./local-upstreams";
import {
  type RunningImageTaskService,
  readOnlyKey,
  startImageTaskService,
  testKey,
} from "./start-image-task-service";
import { dataUrl, solidImage } from "./test-images";

/**
 * The done-when flows of issue 19, unchanged over `/mj/` and `/img/`: a relay-style client (routes
 * by the proxies' endpoint names, picks a speed by path prefix, polls `list-by-condition`, parses
 * customIds, uses the older `change` forms) and a proxy-style client (imagine → U1 → V1 → custom
 * zoom → vary region through `action` and `modal`), over real HTTP.
 */

let upstream: RecordingUpstream;
let service: RunningImageTaskService;

beforeAll(async () => {
  upstream = await startGenerateContentUpstream();
  const chat = createGenerateContentProvider({ baseURL: upstream.url, apiKey: "local" });
  service = await startImageTaskService({
    backends: { gemini: createGenerateContentImageProvider({ provider: chat, model: "gemini-image" }) },
    accounts: [
      { instanceId: "fast-1", channelId: "c", backend: "gemini", modes: ["FAST"], concurrency: 20 },
      { instanceId: "relax-1", channelId: "c", backend: "gemini", modes: ["RELAX"], concurrency: 20 },
    ],
    shortener: createChatShortener({ provider: chat, model: "gemini-text" }),
  });
});
afterAll(async () => {
  await service.service.idle();
  await service.close();
  await upstream.close();
});

/** What a relay parses out of a customId: the kind of button, its image and the job hash. */
function parseCustomId(customId: string): { kind: string; index: number; hash: string } | undefined {
  const match = /^(?:MJ|GEN)::JOB::(upsample|variation|reroll)::(\d)::([0-9a-f]+)/.exec(customId);
  return match === null ? undefined : { kind: match[1]!, index: Number(match[2]), hash: match[3]! };
}

for (const prefix of ["mj", "img"] as const) {
  /** A relay: one path per action name, under a speed-mode prefix when the user chose one. */
  const relay = {
    path: (name: string, mode?: "fast" | "relax" | "turbo") =>
      `${mode === undefined ? "" : `/mj-${mode}`}/${prefix}/${name}`,
    async submit(name: string, body: unknown, mode?: "fast" | "relax" | "turbo") {
      return service.call("POST", relay.path(name, mode), body, { "mj-api-secret": testKey });
    },
    /** Polls the relay's way: every pending id in one `list-by-condition` call. */
    async poll(ids: string[]): Promise<ImageTaskRecord[]> {
      for (let attempt = 0; attempt < 500; attempt++) {
        const listed = await relay.submit("task/list-by-condition", { ids });
        expect(listed.status).toBe(200);
        const records = listed.json as ImageTaskRecord[];
        if (
          records.length === ids.length &&
          records.every((record) => record.progress === "100%" || record.status === "FAILURE")
        )
          return records;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`tasks ${ids.join(", ")} never finished`);
    },
  };

  describe(`a relay-style client over /${prefix}/`, () => {
    it("uploads, imagines at the speed of its path prefix, and presses buttons by the older change forms", async () => {
      const upload = await relay.submit("submit/upload-discord-images", {
        base64Array: [dataUrl(await solidImage({ r: 1, g: 2, b: 3 }))],
      });
      expect(upload.json).toMatchObject({ code: 1, result: [expect.stringContaining(`/${prefix}/image/`)] });
      expect((await fetch(upload.json.result[0])).status).toBe(200);

      const fast = await relay.submit("submit/imagine", { prompt: "a fast lighthouse" }, "fast");
      const relax = await relay.submit("submit/imagine", { prompt: "a slow lighthouse" }, "relax");
      expect(fast.json).toMatchObject({ code: 1, properties: { instanceId: "fast-1" } });
      expect(relax.json).toMatchObject({ code: 1, properties: { instanceId: "relax-1" } });
      // The /img spelling of the prefix; no account offers TURBO here.
      const turbo = await service.call(
        "POST",
        `/img-turbo/${prefix}/submit/imagine`,
        { prompt: "quick" },
        {
          "mj-api-secret": testKey,
        },
      );
      expect(turbo.json).toMatchObject({ code: 24, result: null });
      const [grid, relaxed] = await relay.poll([fast.json.result, relax.json.result]);
      expect(grid).toMatchObject({ status: "SUCCESS", properties: { mode: "FAST" } });
      expect(relaxed).toMatchObject({ status: "SUCCESS", properties: { mode: "RELAX" } });

      const parsed = grid!.buttons
        .map((button) => parseCustomId(button.customId))
        .filter((id) => id !== undefined);
      expect(parsed.map((id) => `${id.kind}${id.index}`).sort()).toEqual(
        [
          "upsample1",
          "upsample2",
          "upsample3",
          "upsample4",
          "variation1",
          "variation2",
          "variation3",
          "variation4",
          "reroll0",
        ].sort(),
      );
      expect(new Set(parsed.map((id) => id.hash))).toEqual(new Set([grid!.properties.messageHash]));

      const u2 = await relay.submit("submit/change", { taskId: grid!.id, action: "UPSCALE", index: 2 });
      expect(u2.json.code).toBe(1);
      const again = await relay.submit("submit/simple-change", { content: `${grid!.id} U2` });
      expect(again).toMatchObject({
        status: 200,
        json: { code: 21, description: "Task already exists", result: u2.json.result },
      });
      // The same fields as the proxies' own "already exists" answer (specs/image-task/).
      const existed = JSON.parse(
        readFileSync(`${specPath("image-task")}/submit-result.code21-existed.json`, "utf8"),
      ) as { properties: object };
      expect(Object.keys(again.json).sort()).toEqual(Object.keys(existed).sort());
      expect(Object.keys(again.json.properties).sort()).toEqual(Object.keys(existed.properties).sort());
      const v3 = await relay.submit("submit/simple-change", { content: `${grid!.id} V3` });
      const reroll = await relay.submit("submit/change", { taskId: grid!.id, action: "REROLL" });
      const done = await relay.poll([u2.json.result, v3.json.result, reroll.json.result]);
      expect(done.map((record) => `${record.action} ${record.status}`)).toEqual([
        "UPSCALE SUCCESS",
        "VARIATION SUCCESS",
        "IMAGINE SUCCESS",
      ]);
      expect(done[1]!.buttons.some((button) => parseCustomId(button.customId)?.kind === "upsample")).toBe(
        true,
      );

      const listed = await service.call("GET", `/${prefix}/task/list`, undefined, {
        "mj-api-secret": testKey,
      });
      const listedIds = (listed.json as ImageTaskRecord[]).map((record) => record.id);
      for (const id of [fast.json.result, relax.json.result, u2.json.result, v3.json.result])
        expect(listedIds).toContain(id);
      const times = (listed.json as ImageTaskRecord[]).map((record) => record.submitTime);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const otherTenant = await service.call("GET", `/${prefix}/task/list`, undefined, {
        "mj-api-secret": readOnlyKey,
      });
      expect(otherTenant).toMatchObject({ status: 200, json: [] });

      const wrong = await relay.submit("submit/simple-change", { content: `${grid!.id} X9` });
      expect(wrong).toMatchObject({ status: 400, json: { code: 21, properties: { param: "content" } } });
      const upscaleOfUpscale = await relay.submit("submit/change", {
        taskId: u2.json.result,
        action: "UPSCALE",
        index: 1,
      });
      expect(upscaleOfUpscale).toMatchObject({
        status: 400,
        json: { code: 21, properties: { param: "action" } },
      });
    });

    it("shortens a prompt through the configured chat route", async () => {
      const before = upstream.requests.length;
      const shorten = await relay.submit("submit/shorten", {
        prompt: "a very long prompt about a red lighthouse on a cliff at dusk with seagulls --ar 2:3",
      });
      expect(shorten.json).toMatchObject({ code: 1 });
      const [task] = await relay.poll([shorten.json.result]);
      expect(task).toMatchObject({ action: "SHORTEN", status: "SUCCESS", buttons: [] });
      const prompts = task!.properties.prompts as string[];
      expect(prompts.length).toBeGreaterThan(0);
      expect(task!.promptEn).toBe(prompts.map((prompt, index) => `${index + 1}️⃣ ${prompt}`).join("\n\n"));
      expect(JSON.stringify(upstream.requests.slice(before))).toContain(
        "a very long prompt about a red lighthouse",
      );
    });
  });

  describe(`a proxy-style client over /${prefix}/`, () => {
    const proxy = {
      call: (method: "GET" | "POST", path: string, body?: unknown) =>
        service.call(method, `/${prefix}/${path}`, body, { "mj-api-secret": testKey }),
      async until(id: string): Promise<ImageTaskRecord> {
        for (let attempt = 0; attempt < 500; attempt++) {
          const { json } = await proxy.call("GET", `task/${id}/fetch`);
          if (["SUCCESS", "FAILURE", "CANCEL"].includes(json.status)) return json;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        throw new Error(`task ${id} never finished`);
      },
      button: (task: ImageTaskRecord, test: (customId: string) => boolean) =>
        task.buttons.find((button) => test(button.customId))!.customId,
    };

    it("imagine → U1 → V1 → custom zoom → vary region", async () => {
      const imagine = await proxy.call("POST", "submit/imagine", {
        prompt: "a lighthouse",
        botType: "MID_JOURNEY",
      });
      const grid = await proxy.until(imagine.json.result);
      expect(grid.status).toBe("SUCCESS");
      const u1 = await proxy.call("POST", "submit/action", {
        taskId: grid.id,
        customId: proxy.button(grid, (id) => id.includes("::JOB::upsample::1::")),
      });
      const upscaled = await proxy.until(u1.json.result);
      expect(upscaled).toMatchObject({ action: "UPSCALE", status: "SUCCESS" });
      const v1 = await proxy.call("POST", "submit/action", {
        taskId: grid.id,
        customId: proxy.button(grid, (id) => id.includes("::JOB::variation::1::")),
      });
      expect(await proxy.until(v1.json.result)).toMatchObject({ action: "VARIATION", status: "SUCCESS" });

      const zoom = await proxy.call("POST", "submit/action", {
        taskId: upscaled.id,
        customId: proxy.button(upscaled, (id) => id.includes("::CustomZoom::")),
      });
      expect(zoom.json).toMatchObject({ code: 21, properties: { modal: "custom-zoom" } });
      const zoomed = await proxy.call("POST", "submit/modal", {
        taskId: zoom.json.result,
        prompt: "wider --zoom 1.5",
      });
      expect(zoomed.json.code).toBe(1);
      expect(await proxy.until(zoom.json.result)).toMatchObject({ action: "ZOOM", status: "SUCCESS" });

      const region = await proxy.call("POST", "submit/action", {
        taskId: upscaled.id,
        customId: proxy.button(upscaled, (id) => id.includes("::Inpaint::")),
      });
      expect(region.json).toMatchObject({ code: 21, properties: { modal: "vary-region" } });
      const mask = dataUrl(await solidImage({ r: 255, g: 255, b: 255 }));
      const redrawn = await proxy.call("POST", "submit/modal", {
        taskId: region.json.result,
        prompt: "a red hat",
        maskBase64: mask,
      });
      expect(redrawn.json.code).toBe(1);
      expect(await proxy.until(region.json.result)).toMatchObject({ action: "VARIATION", status: "SUCCESS" });
    });
  });
}
