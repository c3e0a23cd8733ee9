import { randomBytes } from "node:crypto";
import { createGenerateContentProvider } from "@interlingua/generate-content";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenerateContentImageProvider } from "../backends/create-generate-content-image-provider";
import { fitInlineImages, inlineSize } from "../images/fit-inline-images";
import { type RecordingUpstream, startGenerateContentUpstream } from "./local-upstreams";
import { type RunningImageTaskService, startImageTaskService } from "./start-image-task-service";
import { dataUrl, solidImage } from "./test-images";

/** A PNG of random pixels (it barely compresses): `side`² × 3 bytes and a little more. */
async function noisePng(side: number) {
  const data = await sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
  return { data: new Uint8Array(data), mediaType: "image/png" };
}

let upstream: RecordingUpstream;
let service: RunningImageTaskService;
let largestBody = 0;

beforeAll(async () => {
  upstream = await startGenerateContentUpstream();
  service = await startImageTaskService({
    backends: {
      gemini: createGenerateContentImageProvider({
        provider: createGenerateContentProvider({
          baseURL: upstream.url,
          apiKey: "local",
          fetch: async (input, init) => {
            largestBody = Math.max(largestBody, String(init?.body ?? "").length);
            return fetch(input, init);
          },
        }),
        model: "gemini-image",
      }),
    },
    accounts: [{ instanceId: "g", channelId: "g", backend: "gemini" }],
  });
});
afterAll(async () => {
  await service.close();
  await upstream.close();
});

describe("inline images fit the format's documented request limit", () => {
  it("a five-image blend of ~3.6 MB images goes upstream under 20 MB, each downscaled one reported", async () => {
    const big = await noisePng(1100);
    expect(inlineSize(big) * 5).toBeGreaterThan(20 * 1024 * 1024);
    const made = await service.call("POST", "/mj/submit/blend", {
      base64Array: Array.from({ length: 5 }, () => dataUrl(big)),
      dimensions: "SQUARE",
    });
    expect(made.json.code).toBe(1);
    const task = await service.waitFor(made.json.result);
    expect(task.status).toBe("SUCCESS");
    expect(largestBody).toBeGreaterThan(0);
    expect(largestBody).toBeLessThan(20 * 1024 * 1024);
    expect((task.properties.losses as { path: string }[]).map((loss) => loss.path)).toEqual([
      "/images/0",
      "/images/1",
      "/images/2",
      "/images/3",
      "/images/4",
    ]);
  });

  it("images within the limit are left untouched, and nothing is reported", async () => {
    const small = [await solidImage({ r: 1, g: 2, b: 3 }), await solidImage({ r: 4, g: 5, b: 6 })];
    const fitted = await fitInlineImages(small, 1024 * 1024, "a test limit");
    expect(fitted.images).toEqual(small);
    expect(fitted.losses).toEqual([]);
  });
});
