import { createResponsesProvider } from "@interlingua/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProxyImageProvider } from "../backends/create-proxy-image-provider";
import { createResponsesImageProvider } from "../backends/create-responses-image-provider";
import { createChatTranslator } from "../prompts/image-task-translator";
import {
  type RecordingUpstream,
  startProxyUpstream,
  startResponsesUpstream,
  translatedPrompt,
} from "./local-upstreams";
import { type RunningImageTaskService, startImageTaskService } from "./start-image-task-service";
import { dataUrl, solidImage } from "./test-images";

let responsesUpstream: RecordingUpstream;
let proxyUpstream: Awaited<ReturnType<typeof startProxyUpstream>>;
let service: RunningImageTaskService;

beforeAll(async () => {
  responsesUpstream = await startResponsesUpstream();
  proxyUpstream = await startProxyUpstream("upstream-secret");
  service = await startImageTaskService({
    backends: {
      responses: createResponsesImageProvider({
        provider: createResponsesProvider({ baseURL: responsesUpstream.url, apiKey: "local" }),
        model: "gpt-image-local",
      }),
      proxy: createProxyImageProvider({
        baseURL: proxyUpstream.url,
        apiSecret: "upstream-secret",
        pollIntervalMs: 5,
      }),
    },
    accounts: [
      { instanceId: "r1", channelId: "c-responses", backend: "responses", remark: "responses" },
      { instanceId: "p1", channelId: "c-proxy", backend: "proxy", remark: "proxy", modes: ["FAST", "RELAX"] },
    ],
  });
});
afterAll(async () => {
  await service.close();
  await responsesUpstream.close();
  await proxyUpstream.close();
});

const buttonOf = (task: { buttons: { customId: string; label: string }[] }, pattern: RegExp) =>
  task.buttons.find((button) => pattern.test(button.customId))!.customId;

describe("responses backend through the responses provider", () => {
  it("imagine calls the image_generation tool four times and U1 returns one candidate", async () => {
    const submitted = await service.call("POST", "/img/submit/imagine", {
      prompt: "a fox",
      accountFilter: { remark: "responses" },
    });
    expect(submitted.json).toMatchObject({ code: 1, properties: { instanceId: "r1" } });
    const grid = await service.waitFor(submitted.json.result);
    expect(grid).toMatchObject({ status: "SUCCESS", properties: { backend: "responses:gpt-image-local" } });
    expect(responsesUpstream.requests).toHaveLength(4);
    expect(responsesUpstream.requests[0]).toMatchObject({
      model: "gpt-image-local",
      tools: [{ type: "image_generation" }],
    });
    const upscale = await service.call("POST", "/img/submit/action", {
      taskId: grid.id,
      customId: buttonOf(grid, /upsample::1/),
    });
    const single = await service.waitFor(upscale.json.result);
    expect(single.status).toBe("SUCCESS");
    expect(responsesUpstream.requests).toHaveLength(4);
  });

  it("vary region sends the mask as the tool's input_image_mask", async () => {
    const submitted = await service.call("POST", "/img/submit/imagine", {
      prompt: "a fox",
      accountFilter: { remark: "responses" },
    });
    const grid = await service.waitFor(submitted.json.result);
    const upscale = await service.call("POST", "/img/submit/action", {
      taskId: grid.id,
      customId: buttonOf(grid, /upsample::3/),
    });
    const single = await service.waitFor(upscale.json.result);
    const region = await service.call("POST", "/img/submit/action", {
      taskId: single.id,
      customId: buttonOf(single, /Inpaint/),
    });
    expect(region.json.code).toBe(21);
    const mask = await solidImage({ r: 255, g: 255, b: 255 });
    await service.call("POST", "/img/submit/modal", {
      taskId: region.json.result,
      maskBase64: dataUrl(mask),
      prompt: "a red hat",
    });
    const edited = await service.waitFor(region.json.result);
    expect(edited.status).toBe("SUCCESS");
    const sent = responsesUpstream.requests.at(-1) as {
      tools: { input_image_mask?: { image_url: string } }[];
    };
    expect(sent.tools[0]!.input_image_mask!.image_url.startsWith("data:image/png;base64,")).toBe(true);
  });

  it("describe runs on the chat route and answers four prompts", async () => {
    const image = await solidImage({ r: 200, g: 0, b: 0 });
    const submitted = await service.call("POST", "/img/submit/describe", {
      base64: dataUrl(image),
      accountFilter: { remark: "responses" },
    });
    const described = await service.waitFor(submitted.json.result);
    expect(described.properties.prompts).toHaveLength(4);
  });
});

describe("Chinese prompts through a chat-route translator", () => {
  it("imagine keeps prompt, sends the translation to the backend as promptEn, and says it was translated", async () => {
    const chat = createResponsesProvider({ baseURL: responsesUpstream.url, apiKey: "local" });
    const translating = await startImageTaskService({
      backends: { responses: createResponsesImageProvider({ provider: chat, model: "gpt-image-local" }) },
      accounts: [{ instanceId: "t1", channelId: "c", backend: "responses" }],
      translator: createChatTranslator({ provider: chat, model: "gpt-text-local" }),
    });
    const before = responsesUpstream.requests.length;
    const submitted = await translating.call("POST", "/img/submit/imagine", { prompt: "一只猫在窗台上睡觉" });
    expect(submitted.json.code).toBe(1);
    const task = await translating.waitFor(submitted.json.result);
    expect(task).toMatchObject({
      status: "SUCCESS",
      prompt: "一只猫在窗台上睡觉",
      promptEn: translatedPrompt,
      description: "/imagine 一只猫在窗台上睡觉",
      properties: { promptTranslation: "translated", finalPrompt: translatedPrompt },
    });
    const sent = responsesUpstream.requests.slice(before);
    expect(sent[0]).toMatchObject({ model: "gpt-text-local" });
    expect(JSON.stringify(sent[0])).toContain("一只猫在窗台上睡觉");
    const imageRequests = sent.filter((request) => request.model === "gpt-image-local");
    expect(imageRequests).toHaveLength(4);
    for (const request of imageRequests) {
      expect(JSON.stringify(request.input)).toContain(translatedPrompt);
      expect(JSON.stringify(request.input)).not.toContain("窗台");
    }
    // An English prompt is not sent to the translator at all.
    const english = responsesUpstream.requests.length;
    const plain = await translating.call("POST", "/img/submit/imagine", { prompt: "a fox" });
    await translating.waitFor(plain.json.result);
    expect(
      responsesUpstream.requests.slice(english).every((request) => request.model === "gpt-image-local"),
    ).toBe(true);
    await translating.close();
  });
});

describe("proxy upstream on the /mj/ spelling", () => {
  it("forwards with mj-api-secret and proxy names, follows progress, answers in MJ:: buttons", async () => {
    const submitted = await service.call(
      "POST",
      "/mj/submit/imagine",
      { prompt: "a ship", botType: "NIJI_JOURNEY", accountFilter: { modes: ["RELAX"] } },
      { "mj-api-secret": "sk-test" },
    );
    expect(submitted.json).toMatchObject({ code: 1, properties: { instanceId: "p1" } });
    const grid = await service.waitFor(submitted.json.result);
    expect(grid).toMatchObject({ status: "SUCCESS", properties: { botType: "NIJI_JOURNEY", mode: "RELAX" } });
    expect(grid.imageUrl!.startsWith(`${service.url}/mj/image/`)).toBe(true);
    expect(grid.buttons).toHaveLength(9);
    expect(grid.buttons.every((button) => button.customId.startsWith("MJ::"))).toBe(true);
    expect(proxyUpstream.requests[0]).toMatchObject({
      path: "/mj/submit/imagine",
      prompt: "a ship",
      botType: "NIJI_JOURNEY",
    });
    const downloaded = await fetch(grid.imageUrl!);
    expect(downloaded.headers.get("content-type")).toBe("image/png");

    const upscale = await service.call("POST", "/mj/submit/action", {
      taskId: grid.id,
      customId: buttonOf(grid, /upsample::4/),
    });
    const single = await service.waitFor(upscale.json.result);
    expect(single.status).toBe("SUCCESS");
    const pressed = proxyUpstream.requests.find((request) => request.path === "/mj/submit/action") as {
      customId: string;
    };
    expect(pressed.customId).toMatch(/^MJ::JOB::upsample::4::h\d+$/);
    // Pressed again: the upstream answers 21 "Task already exists" with that task, which is followed
    // (not mistaken for a modal step).
    const modalsBefore = proxyUpstream.requests.filter(
      (request) => request.path === "/mj/submit/modal",
    ).length;
    const again = await service.call("POST", "/mj/submit/action", {
      taskId: grid.id,
      customId: buttonOf(grid, /upsample::4/),
    });
    expect(await service.waitFor(again.json.result)).toMatchObject({ status: "SUCCESS", action: "UPSCALE" });
    const actions = proxyUpstream.requests.filter((request) => request.path === "/mj/submit/action");
    expect(actions.at(-1)!.customId).toBe(pressed.customId);
    expect(proxyUpstream.requests.filter((request) => request.path === "/mj/submit/modal")).toHaveLength(
      modalsBefore,
    );

    const zoom = await service.call("POST", "/mj/submit/action", {
      taskId: single.id,
      customId: buttonOf(single, /CustomZoom/),
    });
    expect(zoom.json.code).toBe(21);
    await service.call("POST", "/mj/submit/modal", {
      taskId: zoom.json.result,
      prompt: "wide sea --zoom 1.8",
    });
    const zoomed = await service.waitFor(zoom.json.result);
    expect(zoomed).toMatchObject({ status: "SUCCESS", action: "ZOOM" });
    const modal = proxyUpstream.requests.find((request) => request.path === "/mj/submit/modal") as {
      prompt: string;
    };
    expect(modal.prompt).toBe("wide sea --zoom 1.8");

    const seed = await service.call("GET", `/mj/task/${grid.id}/image-seed`);
    const upstreamId = [...proxyUpstream.tasks.values()].find((task) => task.action === "IMAGINE")!;
    expect(seed.json).toMatchObject({ code: 1, result: upstreamId.seed });

    // An upstream that has forgotten the task answers 404: the seed is missing, nothing failed here.
    const [upstreamKey] = [...proxyUpstream.tasks.entries()].find(([, task]) => task === upstreamId)!;
    proxyUpstream.tasks.delete(upstreamKey);
    const gone = await service.call("GET", `/mj/task/${grid.id}/image-seed`);
    expect(gone).toMatchObject({ status: 200, json: { code: 24, result: null } });
  });

  it("on /img/ the seed's names go upstream as the proxies' and come back as the seed's", async () => {
    const submitted = await service.call("POST", "/img/submit/imagine", {
      prompt: "a harbour",
      botType: "NIJI_GEN",
      accountFilter: { remark: "proxy" },
    });
    const grid = await service.waitFor(submitted.json.result);
    expect(grid).toMatchObject({ status: "SUCCESS", properties: { botType: "NIJI_GEN" } });
    expect(grid.buttons.every((button) => button.customId.startsWith("GEN::"))).toBe(true);
    expect(proxyUpstream.requests.findLast((request) => request.path === "/mj/submit/imagine")).toMatchObject(
      {
        prompt: "a harbour",
        botType: "NIJI_JOURNEY",
      },
    );
    const variation = await service.call("POST", "/img/submit/action", {
      taskId: grid.id,
      customId: buttonOf(grid, /^GEN::JOB::variation::2::/),
    });
    expect((await service.waitFor(variation.json.result)).status).toBe("SUCCESS");
    const pressed = proxyUpstream.requests.findLast((request) => request.path === "/mj/submit/action") as {
      customId: string;
    };
    expect(pressed.customId).toMatch(/^MJ::JOB::variation::2::h\d+$/);
  });

  it("offers only the buttons the upstream shows on each image, and each of them works", async () => {
    const submitted = await service.call("POST", "/mj/submit/imagine", {
      prompt: "few buttons please",
      accountFilter: { remark: "proxy" },
    });
    const grid = await service.waitFor(submitted.json.result);
    expect(grid.buttons.map((button) => button.label)).toEqual(["U1", "U2", "U3", "U4"]);
    const upscale = await service.call("POST", "/mj/submit/action", {
      taskId: grid.id,
      customId: buttonOf(grid, /upsample::2/),
    });
    const single = await service.waitFor(upscale.json.result);
    expect(single.buttons.map((button) => button.label)).toEqual([
      "Vary (Strong)",
      "Vary (Subtle)",
      "Zoom Out 2x",
      "Zoom Out 1.5x",
      "Custom Zoom",
    ]);
    for (const button of single.buttons) {
      const pressed = await service.call("POST", "/mj/submit/action", {
        taskId: single.id,
        customId: button.customId,
      });
      if (pressed.json.code === 21) {
        await service.call("POST", "/mj/submit/modal", {
          taskId: pressed.json.result,
          prompt: "more sea --zoom 1.2",
        });
      }
      const done = await service.waitFor(pressed.json.result);
      expect([done.status, done.failReason], button.label).toEqual(["SUCCESS", null]);
    }
    // Zoom Out 2x went through the upstream's custom zoom, with the factor in the modal prompt.
    const modals = proxyUpstream.requests.filter((request) => request.path === "/mj/submit/modal");
    expect(modals.map((request) => request.prompt)).toEqual(
      expect.arrayContaining([
        "few buttons please --zoom 2",
        "few buttons please --zoom 1.5",
        "more sea --zoom 1.2",
      ]),
    );
  });

  it("a failing upstream task fails ours with its reason", async () => {
    const submitted = await service.call("POST", "/mj/submit/imagine", {
      prompt: "doomed",
      accountFilter: { remark: "proxy" },
    });
    const failed = await service.waitFor(submitted.json.result);
    expect(failed).toMatchObject({
      status: "FAILURE",
      failReason: expect.stringContaining("banned prompt upstream"),
    });
  });
});
