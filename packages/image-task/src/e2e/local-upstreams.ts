import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { solidImage } from "./test-images";

/** Colours the local image models paint, in call order, so tests can tell candidates apart. */
export const palette = [
  { r: 250, g: 10, b: 10 },
  { r: 10, g: 250, b: 10 },
  { r: 10, g: 10, b: 250 },
  { r: 250, g: 250, b: 10 },
  { r: 10, g: 250, b: 250 },
  { r: 250, g: 10, b: 250 },
];

const describePrompts = [
  "a red square",
  "a flat colour field",
  "minimal abstract art",
  "a single colour tile",
];

/** What the local responses upstream answers when asked to translate a prompt. */
export const translatedPrompt = "a cat sleeping on a windowsill";

/** A local upstream plus what it was asked. */
export interface RecordingUpstream extends LocalServer {
  /** Request bodies received, in order. */
  requests: Record<string, unknown>[];
}

/** A generate-content upstream: `:generateContent` answers with one inline PNG, or JSON text when no image is asked for. */
export async function startGenerateContentUpstream(): Promise<RecordingUpstream> {
  const requests: Record<string, unknown>[] = [];
  let calls = 0;
  const server = await serveFetch(async (request) => {
    if (!/\/v1beta\/models\/[^/:]+:generateContent$/.test(new URL(request.url).pathname)) {
      return new Response("not found", { status: 404 });
    }
    const body = (await request.json()) as { generationConfig?: { responseModalities?: string[] } };
    requests.push(body as Record<string, unknown>);
    const wantsImage = body.generationConfig?.responseModalities?.includes("IMAGE") ?? false;
    const parts = wantsImage
      ? [
          {
            inlineData: {
              mimeType: "image/png",
              data: Buffer.from((await solidImage(palette[calls++ % palette.length]!)).data).toString(
                "base64",
              ),
            },
          },
        ]
      : [{ text: JSON.stringify(describePrompts) }];
    return Response.json({
      candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 1290, totalTokenCount: 1300 },
      modelVersion: "gemini-image-local",
      responseId: `resp-${calls}`,
    });
  });
  return { ...server, requests };
}

/**
 * A responses upstream: `/v1/responses` answers with an `image_generation_call` item when the tool
 * is offered, else text: {@link translatedPrompt} when asked to translate, four prompts otherwise.
 */
export async function startResponsesUpstream(): Promise<RecordingUpstream> {
  const requests: Record<string, unknown>[] = [];
  let calls = 0;
  const server = await serveFetch(async (request) => {
    if (new URL(request.url).pathname !== "/v1/responses") return new Response("not found", { status: 404 });
    const body = (await request.json()) as { model: string; tools?: { type: string }[] };
    requests.push(body as Record<string, unknown>);
    const wantsImage = body.tools?.some((tool) => tool.type === "image_generation") ?? false;
    const translating = JSON.stringify(body).includes("Translate the user's image prompt");
    const id = `resp_${++calls}`;
    const output = wantsImage
      ? [
          {
            type: "image_generation_call",
            id: `ig_${calls}`,
            status: "completed",
            result: Buffer.from((await solidImage(palette[(calls - 1) % palette.length]!)).data).toString(
              "base64",
            ),
          },
        ]
      : [
          {
            type: "message",
            id: `msg_${calls}`,
            status: "completed",
            role: "assistant",
            content: [
              {
                type: "output_text",
                text: translating ? translatedPrompt : JSON.stringify(describePrompts),
                annotations: [],
              },
            ],
          },
        ];
    return Response.json({
      id,
      object: "response",
      created_at: 1700000000,
      status: "completed",
      model: body.model,
      output,
      usage: {
        input_tokens: 10,
        output_tokens: 100,
        total_tokens: 110,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    });
  });
  return { ...server, requests };
}

interface ProxyTask {
  id: string;
  action: string;
  status: string;
  progress: string;
  prompt: string;
  imageUrl: string | null;
  failReason: string | null;
  properties: Record<string, unknown>;
  buttons: { customId: string; emoji: string; label: string; style: number; type: number }[];
  polls: number;
  modal?: boolean;
  seed: string;
  /** Where to call back; such a task moves on by itself rather than when polled. */
  notifyHook?: string;
}

/**
 * A proxy-compatible upstream under `/mj/` wanting `mj-api-secret`; tasks finish after two polls,
 * or, when submitted with a `notifyHook`, by themselves, calling it back after each step. Prompts with "doomed" fail; prompts with "few buttons" get only U1-U4 on grids and only Vary
 * (Strong) and Custom Zoom on single images, like an upstream without the extended edition.
 */
export async function startProxyUpstream(
  secret: string,
): Promise<RecordingUpstream & { tasks: Map<string, ProxyTask>; callbacks: string[] }> {
  const requests: Record<string, unknown>[] = [];
  const tasks = new Map<string, ProxyTask>();
  const callbacks: string[] = [];
  /** Upscales made, by button: pressing one again answers "Task already exists" (21), as the proxies do. */
  const pressed = new Map<string, ProxyTask>();
  let counter = 0;
  let baseURL = "";
  const images = new Map<string, Uint8Array>();
  const hashButtons = (hash: string, single: boolean, few: boolean) =>
    few
      ? single
        ? [`MJ::JOB::high_variation::1::${hash}::SOLO`, `MJ::CustomZoom::${hash}`]
        : [1, 2, 3, 4].map((i) => `MJ::JOB::upsample::${i}::${hash}`)
      : single
        ? [
            `MJ::JOB::high_variation::1::${hash}::SOLO`,
            `MJ::JOB::low_variation::1::${hash}::SOLO`,
            `MJ::Inpaint::1::${hash}::SOLO`,
            `MJ::Outpaint::50::1::${hash}::SOLO`,
            `MJ::Outpaint::75::1::${hash}::SOLO`,
            `MJ::CustomZoom::${hash}`,
            `MJ::JOB::pan_left::1::${hash}::SOLO`,
            `MJ::JOB::pan_right::1::${hash}::SOLO`,
            `MJ::JOB::pan_up::1::${hash}::SOLO`,
            `MJ::JOB::pan_down::1::${hash}::SOLO`,
          ]
        : [
            ...[1, 2, 3, 4].map((i) => `MJ::JOB::upsample::${i}::${hash}`),
            `MJ::JOB::reroll::0::${hash}::SOLO`,
            ...[1, 2, 3, 4].map((i) => `MJ::JOB::variation::${i}::${hash}`),
          ];
  const create = (action: string, prompt: string, single: boolean, modal = false): ProxyTask => {
    const id = String(9000000000000000 + ++counter);
    const task: ProxyTask = {
      id,
      action,
      status: modal ? "MODAL" : "SUBMITTED",
      progress: "0%",
      prompt,
      imageUrl: null,
      failReason: null,
      properties: { finalPrompt: prompt, single },
      buttons: [],
      polls: 0,
      modal,
      seed: String(1000 + counter),
    };
    tasks.set(id, task);
    return task;
  };
  const recordOf = (task: ProxyTask) => {
    const { polls: _polls, modal: _modal, seed: _seed, notifyHook: _hook, ...record } = task;
    return record;
  };
  /** One step of a running task: IN_PROGRESS 50% on the first, SUCCESS (or FAILURE) on the second. */
  const advance = async (task: ProxyTask) => {
    if (task.status !== "SUBMITTED" && task.status !== "IN_PROGRESS") return;
    task.polls++;
    if (task.prompt.includes("doomed")) {
      task.status = "FAILURE";
      task.failReason = "banned prompt upstream";
    } else if (task.polls === 1) {
      task.status = "IN_PROGRESS";
      task.progress = "50%";
    } else {
      const single = task.properties.single === true;
      const png = await solidImage(
        palette[Number(task.id) % palette.length]!,
        "png",
        single ? { width: 64, height: 64 } : { width: 128, height: 128 },
      );
      images.set(task.id, png.data);
      task.status = "SUCCESS";
      task.progress = "100%";
      task.imageUrl = `${baseURL}/mj/image/${task.id}`;
      task.buttons = hashButtons(`h${task.id}`, single, task.prompt.includes("few buttons")).map(
        (customId) => ({
          customId,
          emoji: "",
          label: "",
          style: 2,
          type: 2,
        }),
      );
    }
  };
  /** Runs a task with a notify hook by itself, calling back after each step, as the proxies do. */
  const runWithCallbacks = (task: ProxyTask) => {
    const step = async () => {
      await advance(task);
      callbacks.push(task.id);
      await fetch(task.notifyHook!, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(recordOf(task)),
      });
      if (task.status === "IN_PROGRESS") setTimeout(step, 20);
    };
    setTimeout(step, 20);
  };
  const server = await serveFetch(async (request) => {
    const path = new URL(request.url).pathname;
    const image = /^\/mj\/image\/(\d+)$/.exec(path);
    if (image !== null) {
      const data = images.get(image[1]!);
      return data === undefined
        ? new Response("gone", { status: 404 })
        : new Response(data as Uint8Array<ArrayBuffer>, { headers: { "content-type": "image/png" } });
    }
    if (request.headers.get("mj-api-secret") !== secret)
      return Response.json({ code: 401, description: "bad secret" }, { status: 401 });
    const body = request.method === "POST" ? ((await request.json()) as Record<string, unknown>) : {};
    requests.push({ path, ...body });
    const ok = (task: ProxyTask) => {
      if (typeof body.notifyHook === "string") task.notifyHook = body.notifyHook;
      if (task.notifyHook !== undefined && task.status === "SUBMITTED") runWithCallbacks(task);
      return Response.json({ code: 1, description: "Success", result: task.id, properties: {} });
    };
    switch (path) {
      case "/mj/submit/imagine":
        return ok(create("IMAGINE", String(body.prompt), false));
      case "/mj/submit/blend":
        return ok(create("BLEND", "", false));
      case "/mj/submit/describe": {
        const task = create("DESCRIBE", "", true);
        task.properties.finalPrompt =
          "1️⃣ a red square\n\n2️⃣ a flat colour field\n\n3️⃣ minimal abstract art\n\n4️⃣ a single colour tile";
        return ok(task);
      }
      case "/mj/insight-face/swap":
        return ok(create("SWAP_FACE", "", true));
      case "/mj/submit/action": {
        const parent = tasks.get(String(body.taskId));
        const customId = String(body.customId);
        if (parent === undefined || !parent.buttons.some((button) => button.customId === customId)) {
          return Response.json({ code: 21, description: "unknown button" });
        }
        const existing = pressed.get(customId);
        if (existing !== undefined) {
          return Response.json({
            code: 21,
            description: "Task already exists",
            result: existing.id,
            properties: { status: existing.status, imageUrl: existing.imageUrl },
          });
        }
        if (customId.includes("CustomZoom") || customId.includes("Inpaint")) {
          const task = create(customId.includes("Inpaint") ? "INPAINT" : "ZOOM", parent.prompt, false, true);
          if (typeof body.notifyHook === "string") task.notifyHook = body.notifyHook;
          return Response.json({ code: 21, description: "Waiting for window confirm", result: task.id });
        }
        const task = create(
          customId.includes("upsample") ? "UPSCALE" : "VARIATION",
          parent.prompt,
          customId.includes("upsample"),
        );
        if (customId.includes("upsample")) pressed.set(customId, task);
        return ok(task);
      }
      case "/mj/submit/modal": {
        const task = tasks.get(String(body.taskId));
        if (task?.status !== "MODAL") return Response.json({ code: 21, description: "not modal" });
        task.status = "SUBMITTED";
        task.prompt = String(body.prompt ?? task.prompt);
        return ok(task);
      }
      default: {
        const fetchMatch = /^\/mj\/task\/(\d+)\/(fetch|image-seed)$/.exec(path);
        const task = fetchMatch === null ? undefined : tasks.get(fetchMatch[1]!);
        if (task === undefined) return Response.json({ code: 21, description: "not found" }, { status: 404 });
        if (fetchMatch![2] === "image-seed")
          return Response.json({ code: 1, description: "Success", result: task.seed });
        if (task.notifyHook === undefined) await advance(task);
        return Response.json(recordOf(task));
      }
    }
  });
  baseURL = server.url;
  return { ...server, requests, tasks, callbacks };
}

/** A notify receiver that fails its first `failures` deliveries, then records the bodies it gets (and when each attempt came). */
export async function startNotifyReceiver(failures = 0): Promise<
  LocalServer & {
    deliveries: { body: string; signature: string | null }[];
    attempts: number;
    times: number[];
  }
> {
  const state = {
    deliveries: [] as { body: string; signature: string | null }[],
    attempts: 0,
    times: [] as number[],
  };
  const server = await serveFetch(async (request) => {
    state.attempts++;
    state.times.push(performance.now());
    const body = await request.text();
    if (state.attempts <= failures) return new Response("try later", { status: 503 });
    state.deliveries.push({ body, signature: request.headers.get("x-image-task-signature") });
    return new Response(null, { status: 204 });
  });
  return Object.assign(state, server);
}
