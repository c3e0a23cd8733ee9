import { createGenerateContentProvider } from "@interlingua/generate-content";
import { createResponsesProvider } from "@interlingua/responses";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGenerateContentImageProvider } from "../backends/create-generate-content-image-provider";
import { createResponsesImageProvider } from "../backends/create-responses-image-provider";
import {
  type RecordingUpstream,
  startGenerateContentUpstream,
  startResponsesUpstream,
} from "./local-upstreams";
import { type RunningImageTaskService, startImageTaskService } from "./start-image-task-service";
import { dataUrl, solidImage } from "./test-images";

/**
 * Bot-style prompt parameters reach the chat image models as their own request fields (never as
 * prompt text), and what a format has no field for is reported in `properties.losses` with a path.
 */

let gemini: RecordingUpstream;
let responses: RecordingUpstream;
let service: RunningImageTaskService;

beforeAll(async () => {
  gemini = await startGenerateContentUpstream();
  responses = await startResponsesUpstream();
  service = await startImageTaskService({
    backends: {
      gemini: createGenerateContentImageProvider({
        provider: createGenerateContentProvider({ baseURL: gemini.url, apiKey: "local" }),
        model: "gemini-image",
      }),
      responses: createResponsesImageProvider({
        provider: createResponsesProvider({ baseURL: responses.url, apiKey: "local" }),
        model: "gpt-image-local",
      }),
    },
    accounts: [
      { instanceId: "g", channelId: "g", backend: "gemini", concurrency: 8 },
      { instanceId: "r", channelId: "r", backend: "responses", concurrency: 8 },
    ],
  });
});
afterAll(async () => {
  await service.close();
  await gemini.close();
  await responses.close();
});

// biome-ignore lint/suspicious/noExplicitAny: upstream bodies are arbitrary JSON
type Body = any;

/** The text the generate-content upstream was sent in a request. */
const sentText = (body: Body): string =>
  body.contents[0].parts
    .flatMap((part: { text?: string }) => (part.text === undefined ? [] : [part.text]))
    .join("\n");

async function imagine(instanceId: string, prompt: string, extra: Record<string, unknown> = {}) {
  const made = await service.call("POST", "/mj/submit/imagine", {
    prompt,
    accountFilter: { instanceId },
    ...extra,
  });
  expect(made.json.code).toBe(1);
  return service.waitFor(made.json.result);
}

describe("prompt parameters on generate-content", () => {
  it("--ar goes to imageConfig.aspectRatio; --no, --v and the rest are reported, none sent as parameters", async () => {
    const before = gemini.requests.length;
    const task = await imagine("g", "a cat on a mat --ar 16:9 --no dogs --v 6 --stylize 200");
    expect(task.status).toBe("SUCCESS");
    const sent = gemini.requests.slice(before) as Body[];
    expect(sent).toHaveLength(4);
    for (const body of sent) {
      expect(body.generationConfig.imageConfig).toEqual({ aspectRatio: "16:9" });
      expect(sentText(body)).toBe("a cat on a mat\nDo not include: dogs.");
    }
    expect(
      (task.properties.losses as { path: string; code: string }[]).map((loss) => `${loss.code} ${loss.path}`),
    ).toEqual(["approximated /prompt/--no", "unsupported /prompt/--v", "unsupported /prompt/--stylize"]);
  });

  it("a ratio the format lacks becomes the nearest one, reported; a NIJI bot type is reported", async () => {
    const before = gemini.requests.length;
    const task = await imagine("g", "a fox --ar 7:4", { botType: "NIJI_JOURNEY" });
    const sent = gemini.requests.slice(before) as Body[];
    expect(sent[0].generationConfig.imageConfig).toEqual({ aspectRatio: "16:9" });
    expect(sentText(sent[0])).toBe("a fox\nDraw it as an anime illustration.");
    expect(task.properties.losses).toEqual([
      expect.objectContaining({ code: "approximated", path: "/botType" }),
      expect.objectContaining({
        code: "approximated",
        path: "/prompt/--ar",
        message: expect.stringContaining("7:4 became 16:9"),
      }),
    ]);
  });

  it("blend dimensions PORTRAIT asks for a 2:3 image", async () => {
    const before = gemini.requests.length;
    const image = dataUrl(await solidImage({ r: 9, g: 9, b: 9 }));
    const made = await service.call("POST", "/mj/submit/blend", {
      base64Array: [image, image],
      dimensions: "PORTRAIT",
      accountFilter: { instanceId: "g" },
    });
    expect((await service.waitFor(made.json.result)).status).toBe("SUCCESS");
    for (const body of gemini.requests.slice(before) as Body[])
      expect(body.generationConfig.imageConfig).toEqual({ aspectRatio: "2:3" });
  });

  it("custom zoom honours --ar and accepts --zoom 1", async () => {
    const grid = await imagine("g", "a tower");
    const u1 = grid.buttons.find((button) => button.label === "U1")!.customId;
    const upscale = await service.call("POST", "/mj/submit/action", { taskId: grid.id, customId: u1 });
    const single = await service.waitFor(upscale.json.result);
    const zoomButton = single.buttons.find((button) => button.customId.includes("CustomZoom"))!.customId;
    const modal = await service.call("POST", "/mj/submit/action", {
      taskId: single.id,
      customId: zoomButton,
    });
    const before = gemini.requests.length;
    const zoomed = await service.call("POST", "/mj/submit/modal", {
      taskId: modal.json.result,
      prompt: "a tower --zoom 1 --ar 2:3",
    });
    expect(zoomed.json.code).toBe(1);
    expect((await service.waitFor(modal.json.result)).status).toBe("SUCCESS");
    const [body] = gemini.requests.slice(before) as Body[];
    expect(body.generationConfig.imageConfig).toEqual({ aspectRatio: "2:3" });
    const canvas = body.contents[0].parts[0].inlineData.data as string;
    const { width, height } = await sharp(Buffer.from(canvas, "base64")).metadata();
    expect(width! / height!).toBeCloseTo(2 / 3, 2);
    const tooFar = await service.call("POST", "/mj/submit/action", {
      taskId: single.id,
      customId: zoomButton,
    });
    const refused = await service.call("POST", "/mj/submit/modal", {
      taskId: tooFar.json.result,
      prompt: "--zoom 2.5",
    });
    expect(refused).toMatchObject({ status: 400, json: { code: 21, properties: { param: "prompt" } } });
  });
});

describe("prompt parameters on the responses image tool", () => {
  it("--ar picks the tool's size (the nearest, reported when approximated) and --q its quality", async () => {
    const before = responses.requests.length;
    const task = await imagine("r", "a boat --ar 16:9 --q .5");
    const sent = responses.requests.slice(before) as Body[];
    const tool = sent[0].tools.find((candidate: { type: string }) => candidate.type === "image_generation");
    expect(tool).toMatchObject({ size: "1536x1024", quality: "medium" });
    expect(JSON.stringify(sent[0].input)).not.toContain("--ar");
    expect(task.properties.losses).toEqual([
      expect.objectContaining({
        code: "approximated",
        path: "/prompt/--ar",
        message: expect.stringContaining("1536x1024"),
      }),
    ]);
  });
});
