import {
  CanonicalError,
  errorKindForStatus,
  type ImageBytes,
  type ImageCallOptions,
  type ImageFollowUps,
  type ImageOperation,
  type ImageProvider,
  type ImageResult,
  type ImageSourceResult,
} from "@interlingua/core";
import { customIdBody } from "../engine/image-task-button-action";
import { imageDataUrl } from "../images/image-data-url";

/** Options of {@link createProxyImageProvider}. */
export interface ProxyImageProviderOptions {
  /** Base URL of the upstream proxy (without `/mj`). */
  baseURL: string;
  /** Its `mj-api-secret`, when it wants one. */
  apiSecret?: string;
  /** Path prefix the upstream serves; default `/mj`. */
  pathPrefix?: string;
  /** How often to poll a running upstream task, ms; default 2000 (with `callbackURL`, 15 000). */
  pollIntervalMs?: number;
  /**
   * Where the upstream should call back on each change of a task (sent as its `notifyHook`): the
   * service's `POST <prefix>/callback/<backend key>`. A callback only wakes the follower, which then
   * reads the task from the upstream with the secret, so a forged callback changes nothing.
   */
  callbackURL?: string;
  /** Operations to offer; default all the upstream interface has. */
  operations?: ImageOperation[];
  /** Backend id; default `proxy:<host>`. */
  id?: string;
  /** The fetch to use; default global fetch. */
  fetch?: typeof fetch;
}

/** A proxy backend; `receiveCallback` takes what the upstream POSTs to `callbackURL`. */
export interface ProxyImageProvider extends ImageProvider {
  /** Wakes whoever follows the upstream task the record names; false when nobody does. */
  receiveCallback(record: unknown): boolean;
}

interface UpstreamEnvelope {
  code?: number;
  description?: string;
  result?: unknown;
  properties?: { status?: unknown; [key: string]: unknown };
}

interface UpstreamTask {
  id?: string;
  status?: string;
  progress?: string;
  imageUrl?: string | null;
  failReason?: string | null;
  prompt?: string;
  properties?: { finalPrompt?: string; [key: string]: unknown };
  buttons?: { customId?: string }[];
}

/**
 * An image backend that forwards to an existing image-bot proxy speaking `/mj/` with the
 * `mj-api-secret` header: submissions are sent with the proxy's names (`MID_JOURNEY` bot types),
 * follow-ups press the upstream task's own button for the same operation (found by the customId
 * grammar, whatever its prefix), modal steps are answered with the prompt or mask, and progress is
 * followed by polling the upstream task until it finishes. Results are the upstream image URL,
 * which the engine downloads and serves itself.
 */
export function createProxyImageProvider(options: ProxyImageProviderOptions): ProxyImageProvider {
  const base = `${options.baseURL.replace(/\/+$/, "")}${options.pathPrefix ?? "/mj"}`;
  const fetchUpstream = options.fetch ?? fetch;
  const pollInterval = options.pollIntervalMs ?? (options.callbackURL === undefined ? 2000 : 15_000);
  /** Upstream tasks being followed: whether news came since the last look, and how to wake the wait. */
  const followed = new Map<string, { news: boolean; wake?: () => void }>();
  const hook = options.callbackURL === undefined ? {} : { notifyHook: options.callbackURL };

  /** Waits `ms`, or less when a callback about the task arrives (or arrived since the last look). */
  function nextLook(taskId: string, ms: number, signal: AbortSignal | undefined): Promise<void> {
    const entry = followed.get(taskId) ?? { news: false };
    followed.set(taskId, entry);
    if (entry.news) {
      entry.news = false;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", aborted);
        delete entry.wake;
        settle();
      };
      const aborted = () => finish(() => reject(signal!.reason));
      const timer = setTimeout(() => finish(resolve), ms);
      entry.wake = () => {
        entry.news = false;
        finish(resolve);
      };
      signal?.addEventListener("abort", aborted, { once: true });
    });
  }

  async function call<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (options.apiSecret !== undefined) headers["mj-api-secret"] = options.apiSecret;
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = JSON.stringify(body);
    if (signal !== undefined) init.signal = signal;
    const response = await fetchUpstream(`${base}${path}`, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === "" ? undefined : JSON.parse(text);
    } catch {
      parsed = text;
    }
    if (!response.ok) {
      const description = (parsed as UpstreamEnvelope | undefined)?.description ?? text.slice(0, 200);
      throw new CanonicalError(
        errorKindForStatus(response.status),
        `upstream ${path} answered ${response.status}: ${description}`,
        {
          upstream: { status: response.status, body: parsed },
        },
      );
    }
    return parsed as T;
  }

  /** Submits, answers a modal step when the upstream asks for one, and returns the upstream task id. */
  async function submit(
    path: string,
    body: unknown,
    modal: { prompt?: string; maskBase64?: string },
    signal?: AbortSignal,
  ) {
    const envelope = await call<UpstreamEnvelope>("POST", path, body, signal);
    if ((envelope.code === 1 || envelope.code === 22) && typeof envelope.result === "string")
      return envelope.result;
    // 21 with the task's status: the same button was pressed before and that task is the answer.
    if (
      envelope.code === 21 &&
      typeof envelope.result === "string" &&
      typeof envelope.properties?.status === "string"
    )
      return envelope.result;
    // 21 otherwise: "Waiting for window confirm", the modal step.
    if (envelope.code === 21 && typeof envelope.result === "string") {
      const answered = await call<UpstreamEnvelope>(
        "POST",
        "/submit/modal",
        { taskId: envelope.result, ...modal },
        signal,
      );
      if ((answered.code === 1 || answered.code === 22) && typeof answered.result === "string")
        return answered.result;
      throw upstreamRefusal("/submit/modal", answered);
    }
    throw upstreamRefusal(path, envelope);
  }

  async function follow(taskId: string, call_: ImageCallOptions): Promise<UpstreamTask> {
    followed.set(taskId, { news: false });
    try {
      return await followUntilDone(taskId, call_);
    } finally {
      followed.delete(taskId);
    }
  }

  async function followUntilDone(taskId: string, call_: ImageCallOptions): Promise<UpstreamTask> {
    for (;;) {
      call_.signal?.throwIfAborted();
      const task = await call<UpstreamTask>(
        "GET",
        `/task/${encodeURIComponent(taskId)}/fetch`,
        undefined,
        call_.signal,
      );
      const percent = Number.parseInt(task.progress ?? "", 10);
      if (Number.isFinite(percent)) call_.onProgress?.(percent);
      switch (task.status) {
        case "SUCCESS":
          return task;
        case "FAILURE":
          throw new Error(`the upstream task failed: ${task.failReason ?? "no reason given"}`);
        case "CANCEL":
          throw new Error("the upstream task was cancelled");
        default:
          await nextLook(taskId, pollInterval, call_.signal);
      }
    }
  }

  async function run(
    path: string,
    body: unknown,
    layout: ImageResult["layout"],
    call_: ImageCallOptions,
    modal: { prompt?: string; maskBase64?: string } = {},
  ): Promise<ImageResult> {
    const upstreamId = await submit(path, body, modal, call_.signal);
    const task = await follow(upstreamId, call_);
    if (typeof task.imageUrl !== "string" || task.imageUrl === "")
      throw new Error("the upstream task finished without an image");
    const result: ImageResult = {
      layout,
      images: [],
      composite: { url: task.imageUrl },
      reference: upstreamId,
    };
    if (layout === "single") {
      result.images = [{ url: task.imageUrl }];
      delete result.composite;
    }
    if (typeof task.properties?.finalPrompt === "string") result.finalPrompt = task.properties.finalPrompt;
    result.followUps = followUpsOfButtons(task.buttons ?? []);
    return result;
  }

  /** Presses the upstream button whose customId (prefix aside) starts with one of `patterns`. */
  async function press(
    source: ImageSourceResult,
    patterns: string[],
    layout: ImageResult["layout"],
    call_: ImageCallOptions,
    modal: { prompt?: string; maskBase64?: string } = {},
  ): Promise<ImageResult> {
    if (source.reference === undefined) throw new Error("the source task has no upstream reference");
    const upstream = await call<UpstreamTask>(
      "GET",
      `/task/${encodeURIComponent(source.reference)}/fetch`,
      undefined,
      call_.signal,
    );
    const buttons = upstream.buttons ?? [];
    for (const pattern of patterns) {
      const button = buttons.find((candidate) => customIdBody(candidate.customId ?? "").startsWith(pattern));
      if (button?.customId !== undefined) {
        return run(
          "/submit/action",
          { customId: button.customId, taskId: source.reference, ...hook },
          layout,
          call_,
          modal,
        );
      }
    }
    throw new Error(`the upstream task offers no ${patterns.join(" / ")} button`);
  }

  const upstreamBotType = (botType: string | undefined) =>
    botType === "NIJI_GEN" ? "NIJI_JOURNEY" : "MID_JOURNEY";

  return {
    id: options.id ?? `proxy:${new URL(options.baseURL).host}`,
    capabilities: {
      operations: options.operations ?? [
        "generate",
        "blend",
        "describe",
        "edit",
        "upscale",
        "vary",
        "pan",
        "zoom",
        "swapFace",
      ],
      customZoom: true,
      seeds: true,
    },
    generate: (input, call_ = {}) =>
      run(
        "/submit/imagine",
        {
          prompt: input.prompt,
          base64Array: (input.images ?? []).map(imageDataUrl),
          botType: upstreamBotType(call_.botType),
          ...hook,
        },
        "grid",
        call_,
      ),
    blend: (input, call_ = {}) =>
      run(
        "/submit/blend",
        {
          base64Array: input.images.map(imageDataUrl),
          dimensions:
            input.aspectRatio === "2:3" ? "PORTRAIT" : input.aspectRatio === "3:2" ? "LANDSCAPE" : "SQUARE",
          botType: upstreamBotType(call_.botType),
          ...hook,
        },
        "grid",
        call_,
      ),
    describe: async (input, call_ = {}) => {
      const upstreamId = await submit(
        "/submit/describe",
        { base64: imageDataUrl(input.image), botType: upstreamBotType(call_.botType), ...hook },
        {},
        call_.signal,
      );
      const task = await follow(upstreamId, call_);
      const text = task.properties?.finalPrompt ?? task.prompt ?? "";
      const prompts = text
        .split(/\n\s*\n/)
        .map((line) => line.replace(/^\s*\d️⃣\s*/, "").trim())
        .filter((line) => line !== "");
      return { prompts };
    },
    upscale: (input, call_ = {}) => press(input.source, [`JOB::upsample::${input.index}::`], "single", call_),
    vary: (input, call_ = {}) =>
      press(
        input.source,
        [
          `JOB::variation::${input.index}::`,
          ...(input.strength === "subtle"
            ? ["JOB::low_variation::", "JOB::high_variation::"]
            : ["JOB::high_variation::", "JOB::low_variation::"]),
        ],
        "grid",
        call_,
        input.prompt === undefined ? {} : { prompt: input.prompt },
      ),
    pan: (input, call_ = {}) =>
      press(
        input.source,
        [`JOB::pan_${input.direction}::`],
        "grid",
        call_,
        input.prompt === undefined ? {} : { prompt: input.prompt },
      ),
    zoom: (input, call_ = {}) => {
      const fixed = fixedZoomButtons[input.factor];
      return press(input.source, [...(fixed === undefined ? [] : [fixed]), "CustomZoom::"], "grid", call_, {
        prompt: `${input.prompt ?? input.source.prompt} --zoom ${input.factor}`.trim(),
      });
    },
    edit: (input, call_ = {}) =>
      press(input.source, ["Inpaint::"], "grid", call_, {
        prompt: input.prompt ?? input.source.prompt,
        ...(input.mask === undefined ? {} : { maskBase64: imageDataUrl(input.mask as ImageBytes) }),
      }),
    swapFace: (input, call_ = {}) =>
      run(
        "/insight-face/swap",
        { sourceBase64: imageDataUrl(input.source), targetBase64: imageDataUrl(input.target), ...hook },
        "single",
        call_,
      ),
    receiveCallback(record) {
      const id = typeof record === "object" && record !== null ? (record as UpstreamTask).id : undefined;
      const entry = typeof id === "string" ? followed.get(id) : undefined;
      if (entry === undefined) return false;
      entry.news = true;
      entry.wake?.();
      return true;
    },
    imageSeed: async (reference, call_ = {}) => {
      let envelope: UpstreamEnvelope;
      try {
        envelope = await call<UpstreamEnvelope>(
          "GET",
          `/task/${encodeURIComponent(reference)}/image-seed`,
          undefined,
          call_.signal,
        );
      } catch (error) {
        // The upstream answers 404 when it has no seed for the task: no seed, not a failure.
        if (CanonicalError.isInstance(error) && error.upstream?.status === 404) return undefined;
        throw error;
      }
      return envelope.code === 1 && envelope.result !== undefined && envelope.result !== null
        ? String(envelope.result)
        : undefined;
    },
  };
}

/** The upstream's fixed zoom-out buttons by factor; other factors go through its custom zoom. */
const fixedZoomButtons: Record<number, string> = { 2: "Outpaint::50::", 1.5: "Outpaint::75::" };

/** The operations an upstream task's buttons allow (what {@link createProxyImageProvider} can press). */
function followUpsOfButtons(buttons: readonly { customId?: string }[]): ImageFollowUps {
  const bodies = buttons.map((button) => customIdBody(button.customId ?? ""));
  const has = (...prefixes: string[]) =>
    bodies.some((body) => prefixes.some((prefix) => body.startsWith(prefix)));
  const operations: ImageOperation[] = [];
  if (has("JOB::upsample::")) operations.push("upscale");
  if (has("JOB::variation::", "JOB::high_variation::", "JOB::low_variation::")) operations.push("vary");
  if (has("JOB::pan_")) operations.push("pan");
  if (has("Outpaint::", "CustomZoom::")) operations.push("zoom");
  if (has("Inpaint::")) operations.push("edit");
  return { operations, customZoom: has("CustomZoom::"), reroll: has("JOB::reroll::") };
}

function upstreamRefusal(path: string, envelope: UpstreamEnvelope): CanonicalError {
  const kind = envelope.code === 23 ? "overloaded" : envelope.code === 25 ? "permission" : "invalid_request";
  return new CanonicalError(
    kind,
    `upstream ${path} refused (code ${envelope.code}): ${envelope.description ?? ""}`,
    {
      upstream: { status: 200, body: envelope },
    },
  );
}
