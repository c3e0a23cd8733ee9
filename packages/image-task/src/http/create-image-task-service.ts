import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CanonicalError,
  checkJsonDepth,
  createStorageTaskStore,
  type ImageBytes,
  type ImageOperation,
  type ImageProvider,
  type KeyValueStorage,
  randomDecimalId,
  randomHexId,
  readLimitedText,
  type TaskStore,
} from "@interlingua/core";
import type * as z from "zod/mini";
import { createFailReasonRedactor } from "../engine/create-fail-reason-redactor";
import { createQueueScheduler, type ImageTaskQueueOptions } from "../engine/create-queue-scheduler";
import { accountMatchesUploadFilter, type ImageTaskAccount } from "../engine/image-task-account";
import {
  customIdBody,
  type ImageTaskButtonAction,
  parseButtonCustomId,
} from "../engine/image-task-button-action";
import {
  type ImageTaskAdmission,
  ImageTaskEngine,
  operationOfButton,
  rerollOperation,
} from "../engine/image-task-engine";
import { isTerminalStatus } from "../engine/is-terminal-status";
import type { ImageTaskOperation, StoredImageTask } from "../engine/stored-image-task";
import { decodeImageDataUrl } from "../images/decode-image-data-url";
import { createTaskNotifier, type ImageTaskNotifyOptions } from "../notify/create-task-notifier";
import type { ImageTaskShortener } from "../prompts/image-task-shortener";
import type { ImageTaskTranslator } from "../prompts/image-task-translator";
import {
  findBannedWord,
  type PreparedImagePrompt,
  prepareImagePrompt,
} from "../prompts/prepare-image-prompt";
import { createDirectoryImageBlobStore } from "../stores/directory-image-blob-store";
import type { ImageBlobStore } from "../stores/image-blob-store";
import { defaultImageTaskRetention, type ImageTaskRetention } from "../stores/image-task-retention";
import { createMemoryTaskStore } from "../stores/memory-task-store";
import { createStorageImageBlobStore } from "../stores/storage-image-blob-store";
import type { ImageTaskAccountFilter, ImageTaskMode } from "../wire/image-task-account-filter";
import { ImageTaskCode } from "../wire/image-task-envelope";
import { canonicalBotType, type ImageTaskBotType, type ImageTaskDialect } from "../wire/image-task-names";
import type { ImageTaskAction, ImageTaskRecord } from "../wire/image-task-record";
import {
  ImageTaskAccountCreate,
  ImageTaskAccountUpdate,
  ImageTaskActionRequest,
  ImageTaskBlendRequest,
  ImageTaskChangeRequest,
  ImageTaskDescribeRequest,
  ImageTaskImagineRequest,
  ImageTaskListRequest,
  ImageTaskModalRequest,
  ImageTaskShortenRequest,
  ImageTaskSimpleChangeRequest,
  ImageTaskSwapFaceRequest,
  ImageTaskUploadRequest,
  maxListedTaskIds,
} from "../wire/image-task-request-bodies";
import {
  authorizeImageTaskRequest,
  type ImageTaskAuthOptions,
  type ImageTaskScope,
} from "./authorize-image-task-request";
import { createImageTaskRateLimiter, type ImageTaskRateLimitOptions } from "./image-task-rate-limit";
import { callerError, envelopeResponse, jsonResponse, systemError } from "./image-task-responses";

/** Asked before each submission; answering false rejects it with code 25 (insufficient balance). */
export type ImageTaskQuotaCheck = (submission: {
  apiKey: string;
  action: ImageTaskAction;
}) => boolean | Promise<boolean>;

/** Options of {@link createImageTaskService}. */
export interface ImageTaskServiceOptions {
  /** Accepted API keys (`auth.keys` of the gateway config); absent or empty: no key needed. */
  auth?: ImageTaskAuthOptions;
  /** Image backends by key; accounts name theirs. */
  backends: Record<string, ImageProvider>;
  /** Backend accounts. */
  accounts: ImageTaskAccount[];
  /**
   * An unstorage `Storage` (a data folder, Redis) where tasks and images live when `store` or
   * `blobs` is not given, bounded by `retention`; tasks and images then outlive a restart and every
   * instance on the same storage sees them.
   */
  storage?: KeyValueStorage;
  /** Bounds of the stores built on `storage`. */
  retention?: ImageTaskRetention;
  /**
   * Run tasks on a job queue in Redis shared by every instance (BullMQ), rather than in this
   * process: give `storage` on the same Redis so every instance sees the tasks too.
   */
  queue?: ImageTaskQueueOptions;
  /** Where tasks live; default on `storage`, else in memory. */
  store?: TaskStore<StoredImageTask>;
  /** Where images live; default on `storage`, else a directory under the OS temp directory. */
  blobs?: ImageBlobStore;
  /** Notify hook delivery. */
  notify?: ImageTaskNotifyOptions;
  /** Translates Chinese prompts; without one `promptEn` equals `prompt` and `properties.promptTranslation` says `no-translator`. */
  translator?: ImageTaskTranslator;
  /**
   * Shortens prompts for `submit/shorten` through a chat route (`createChatShortener`); without one
   * shorten answers code 24.
   */
  shortener?: ImageTaskShortener;
  /** Words that reject a prompt (code 24, naming the word). */
  bannedWords?: string[];
  /** The service's public base URL; image URLs are `<publicBaseURL>/<img|mj>/image/<key>`. */
  publicBaseURL: string;
  /** Balance check (code 25 when it answers false). */
  quota?: ImageTaskQuotaCheck;
  /** How long a running task may take, ms; default 10 minutes. */
  taskTimeoutMs?: number;
  /** Largest request body, bytes; default 32 MB (five 4 MB images in base64). */
  maxBodyBytes?: number;
  /** Clock, epoch ms; default `Date.now`. */
  clock?: { now(): number };
  /**
   * Task id generator; default 40 decimal digits carrying 128 random bits (digits only, as the
   * proxies' ids, but unguessable).
   */
  generateId?: () => string;
  /**
   * Secrets that must never show in a stored task (the backends' upstream keys): fail reasons are
   * redacted of them, of the service's own API keys, and of anything an upstream quotes as an API key.
   */
  secrets?: string[];
  /** Fetch used to download images backends return as URLs; default global fetch. */
  fetch?: typeof fetch;
  /** Requests per caller (tenant) beyond which the service answers 429 with `Retry-After`; none by default. */
  rateLimit?: ImageTaskRateLimitOptions;
}

/** The image-task interface as a Web-standard handler. */
export interface ImageTaskService {
  /**
   * Answers one request whose path starts with `/img/` or `/mj/` (or those below the path of
   * `publicBaseURL`). Mount it with the request unchanged: the prefix picks the spelling.
   */
  fetch(request: Request): Promise<Response>;
  /** Resolves once pending record writes and notify deliveries have finished (tests, shutdown). */
  idle(): Promise<void>;
  /** Stops taking work and closes the connections it opened (the job queue's); call after `idle`. */
  close(): Promise<void>;
}

type Handler = (context: RouteContext) => Promise<Response>;

interface RouteContext {
  request: Request;
  dialect: ImageTaskDialect;
  apiKey: string;
  /** The caller's tenant: owner of what it submits, and the only one to see it. */
  tenant: string;
  params: string[];
  /** The speed mode of a `/mj-fast/`, `/mj-relax/` or `/mj-turbo/` path, added to the account filter. */
  mode?: ImageTaskMode;
}

interface Route {
  method: "GET" | "POST";
  pattern: RegExp;
  scope: ImageTaskScope | "public";
  handler: Handler;
}

const aspectRatioByDimensions = { PORTRAIT: "2:3", SQUARE: "1:1", LANDSCAPE: "3:2" } as const;
const actionOfButton: Record<Exclude<ImageTaskButtonAction["kind"], "reroll">, ImageTaskAction> = {
  upscale: "UPSCALE",
  vary: "VARIATION",
  pan: "PAN",
  zoom: "ZOOM",
  "custom-zoom": "ZOOM",
  "vary-region": "VARIATION",
};

/**
 * The image-task interface: all ten endpoints under `/img/` (the seed's names) and `/mj/` (the
 * proxies' names), plus `POST task/{id}/cancel`, `GET image/{key}` that serves stored images and
 * `POST callback/{backend key}` where a proxy upstream reports changes of its tasks.
 */
export function createImageTaskService(options: ImageTaskServiceOptions): ImageTaskService {
  const now = options.clock === undefined ? Date.now : () => options.clock!.now();
  const retention = { ...defaultImageTaskRetention, ...options.retention };
  const storage = options.storage;
  const store =
    options.store ??
    (storage === undefined
      ? createMemoryTaskStore<StoredImageTask>()
      : createStorageTaskStore<StoredImageTask>(storage, {
          prefix: "image-tasks",
          retention: (task) => (isTerminalStatus(task.record.status) ? retention.taskTtlMs : undefined),
          limits: { maxEntries: retention.maxTasks, maxBytes: retention.maxTaskBytes },
          now,
        }));
  const blobs =
    options.blobs ??
    (storage === undefined
      ? createDirectoryImageBlobStore(join(tmpdir(), "interlingua-image-task"))
      : createStorageImageBlobStore(storage, {
          limits: {
            ttlMs: retention.imageTtlMs,
            maxEntries: retention.maxImages,
            maxBytes: retention.maxImageBytes,
          },
          now,
        }));
  const notifier = createTaskNotifier({ now, ...options.notify });
  const globalHook = options.notify?.globalHook;
  if (globalHook !== undefined && notifier.checkHook(globalHook) !== undefined) {
    throw new Error(`notify.globalHook cannot be used: ${notifier.checkHook(globalHook)}`);
  }
  const baseURL = options.publicBaseURL.replace(/\/+$/, "");
  const basePath = new URL(baseURL).pathname.replace(/\/+$/, "");
  const generateId = options.generateId ?? (() => randomDecimalId());
  const maxBodyBytes = options.maxBodyBytes ?? 32 * 1024 * 1024;
  const rateLimiter =
    options.rateLimit === undefined ? undefined : createImageTaskRateLimiter(options.rateLimit);
  // The service's own copies: account management changes them, never the caller's objects.
  const accounts = options.accounts.map((account) => ({ ...account }));
  const engine = new ImageTaskEngine({
    backends: options.backends,
    accounts,
    store,
    blobs,
    notifier,
    imageUrl: (key, task) => `${baseURL}/${task.dialect}/image/${key}`,
    now,
    taskTimeoutMs: options.taskTimeoutMs ?? 10 * 60_000,
    generateHash: () => randomHexId(),
    fetch: options.fetch ?? fetch,
    ...(options.queue === undefined ? {} : { scheduler: createQueueScheduler(accounts, options.queue) }),
    ...(options.shortener === undefined ? {} : { shortener: options.shortener }),
    redactFailReason: createFailReasonRedactor([
      ...(options.secrets ?? []),
      ...(options.auth?.keys ?? []).map((key) => (typeof key === "string" ? key : key.key)),
    ]),
  });

  /** The JSON body, read within `maxBodyBytes` and core's nesting limit, or the caller's error. */
  async function readJson(request: Request): Promise<unknown> {
    try {
      const text = await readLimitedText(request, maxBodyBytes);
      checkJsonDepth(text);
      return JSON.parse(text);
    } catch (thrown) {
      if (CanonicalError.isInstance(thrown)) return callerError(thrown.status, thrown.message);
      return callerError(400, "The body is not valid JSON");
    }
  }

  async function readBody<S extends z.ZodMiniType>(
    request: Request,
    schema: S,
  ): Promise<z.infer<S> | Response> {
    const value = await readJson(request);
    if (value instanceof Response) return value;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0]!;
    const param = issue.path.map(String).join(".");
    return callerError(400, param === "" ? issue.message : `${param}: ${issue.message}`, param || undefined);
  }

  /** A stored task of `tenant`; another tenant's is undefined, exactly as an unknown one. */
  async function ownedTask(id: string, tenant: string): Promise<StoredImageTask | undefined> {
    const task = await store.get(id);
    return task === undefined || (task.owner ?? "") !== tenant ? undefined : task;
  }

  /** A stored task of `tenant`, failed first when it is stuck (see `ImageTaskEngine.expireIfStuck`). */
  async function currentTask(id: string, tenant: string): Promise<StoredImageTask | undefined> {
    const task = await ownedTask(id, tenant);
    return task === undefined ? undefined : engine.expireIfStuck(task);
  }

  async function decodeImages(values: readonly string[], field: string): Promise<ImageBytes[]> {
    return Promise.all(values.map((value, index) => decodeImageDataUrl(value, `${field}.${index}`)));
  }

  function hookOf(notifyHook: string | undefined): string | undefined | Response {
    if (notifyHook === undefined || notifyHook === "") return globalHook;
    const problem = notifier.checkHook(notifyHook);
    return problem === undefined ? notifyHook : callerError(400, problem, "notifyHook");
  }

  async function checkPrompt(
    prepared: PreparedImagePrompt,
    apiKey: string,
    action: ImageTaskAction,
  ): Promise<Response | undefined> {
    const banned = findBannedWord([prepared.prompt, prepared.promptEn], options.bannedWords ?? []);
    if (banned !== undefined) {
      return envelopeResponse(200, {
        code: ImageTaskCode.accountUnavailable,
        description: `May contain sensitive words: ${banned}`,
        result: null,
        properties: { promptEn: prepared.promptEn, bannedWord: banned },
      });
    }
    return checkQuota(apiKey, action);
  }

  async function checkQuota(apiKey: string, action: ImageTaskAction): Promise<Response | undefined> {
    if (options.quota === undefined || (await options.quota({ apiKey, action }))) return undefined;
    return envelopeResponse(200, {
      code: ImageTaskCode.insufficientBalance,
      description: "Insufficient balance",
      result: null,
    });
  }

  function newTask(fields: {
    id: string;
    tenant: string;
    dialect: ImageTaskDialect;
    action: ImageTaskAction;
    prompt: string;
    promptEn: string;
    description: string;
    state: string | undefined;
    operation: ImageTaskOperation;
    selection: StoredImageTask["selection"];
    hook: string | undefined;
    properties: Record<string, unknown>;
  }): StoredImageTask {
    const id = fields.id;
    const record: ImageTaskRecord = {
      id,
      action: fields.action,
      status: "NOT_START",
      prompt: fields.prompt,
      promptEn: fields.promptEn,
      description: fields.description,
      state: fields.state ?? null,
      imageUrl: null,
      progress: "0%",
      failReason: null,
      submitTime: now(),
      startTime: null,
      finishTime: null,
      properties: fields.properties,
      buttons: [],
    };
    const task: StoredImageTask = {
      id,
      ...(fields.tenant === "" ? {} : { owner: fields.tenant }),
      record,
      dialect: fields.dialect,
      operation: fields.operation,
      selection: fields.selection,
    };
    if (fields.hook !== undefined) {
      task.notifyHook = fields.hook;
      record.properties.notifyHook = fields.hook;
    }
    return task;
  }

  function botProperties(botType: ImageTaskBotType | undefined): Record<string, unknown> {
    const spelled = botType ?? "MID_GEN";
    return { botType: spelled, botTypeCanonical: canonicalBotType(spelled) };
  }

  function promptProperties(prepared: PreparedImagePrompt): Record<string, unknown> {
    return { promptTranslation: prepared.translation };
  }

  /** Stores the inputs, then the task, and answers with the submission code. */
  async function submit(
    task: StoredImageTask,
    operation: ImageOperation,
    inputs: ReadonlyArray<readonly [string, ImageBytes]>,
  ): Promise<Response> {
    return admissionResponse(await admit(task, operation, inputs));
  }

  async function admit(
    task: StoredImageTask,
    operation: ImageOperation,
    inputs: ReadonlyArray<readonly [string, ImageBytes]>,
  ): Promise<ImageTaskAdmission> {
    if (engine.candidates(task.selection.accountFilter, operation, task.selection.instanceIds).length === 0) {
      return { kind: "no-account" };
    }
    await Promise.all(inputs.map(([key, image]) => blobs.put(key, image)));
    return engine.admit(task, operation);
  }

  /**
   * `submit/change` and `submit/simple-change` (the older proxies' forms): the parent's U, V or
   * reroll button, pressed as `submit/action` would.
   */
  async function change(context: RouteContext, body: ImageTaskChangeRequest): Promise<Response> {
    const parent = await ownedTask(body.taskId, context.tenant);
    if (parent === undefined) return callerError(404, `Task ${body.taskId} does not exist`, "taskId");
    const index = body.index ?? 1;
    const wanted =
      body.action === "REROLL"
        ? "JOB::reroll::"
        : `JOB::${body.action === "UPSCALE" ? "upsample" : "variation"}::${index}::`;
    const button = parent.record.buttons.find((candidate) =>
      customIdBody(candidate.customId).startsWith(wanted),
    );
    if (parent.record.status === "SUCCESS" && button === undefined) {
      const label = body.action === "REROLL" ? "reroll" : `${body.action[0]}${index}`;
      return callerError(400, `Task ${body.taskId} has no ${label} button`, "action");
    }
    const { action: _action, index: _index, ...rest } = body;
    return press(context, { ...rest, customId: button?.customId ?? wanted });
  }

  /** Presses a button of a task the caller owns (`submit/action` and the older forms). */
  async function press(
    { dialect, apiKey, tenant, mode }: RouteContext,
    body: ImageTaskActionRequest,
  ): Promise<Response> {
    const accountFilter = withMode(body.accountFilter, mode);
    const parent = await ownedTask(body.taskId, tenant);
    if (parent === undefined) return callerError(404, `Task ${body.taskId} does not exist`, "taskId");
    if (parent.record.status !== "SUCCESS") {
      return callerError(
        400,
        `Task ${body.taskId} is ${parent.record.status}; actions apply to tasks that succeeded`,
        "taskId",
      );
    }
    const pressed = customIdBody(body.customId);
    const button = parent.record.buttons.find((candidate) => customIdBody(candidate.customId) === pressed);
    const action = button === undefined ? undefined : parseButtonCustomId(body.customId);
    if (button === undefined || action === undefined) {
      return callerError(
        400,
        `customId ${body.customId} is not one of the buttons of task ${body.taskId}`,
        "customId",
      );
    }
    const hook = hookOf(body.notifyHook);
    if (hook instanceof Response) return hook;
    const recordAction = action.kind === "reroll" ? parent.record.action : actionOfButton[action.kind];
    const quota = await checkQuota(apiKey, recordAction);
    if (quota !== undefined) return quota;
    const parentAccount = engine.account(parent.instanceId);
    const instanceIds =
      body.chooseSameChannel && parentAccount !== undefined
        ? engine
            .accounts()
            .filter(
              (account) =>
                account.channelId === parentAccount.channelId && account.backend === parentAccount.backend,
            )
            .map((account) => account.instanceId)
        : parent.instanceId === undefined
          ? []
          : [parent.instanceId];
    const operation: ImageTaskOperation =
      action.kind === "reroll"
        ? structuredClone(parent.operation)
        : { kind: "follow-up", parentId: parent.id, action, prompt: parent.record.promptEn };
    const backendOperation =
      action.kind === "reroll" ? rerollOperation(parent.operation) : operationOfButton(action.kind)!;
    const task = newTask({
      id: generateId(),
      tenant,
      dialect,
      action: recordAction,
      prompt: parent.record.prompt,
      promptEn: parent.record.promptEn,
      description: `/${action.kind} ${parent.id}${button.label === "" ? "" : ` ${button.label}`}`,
      state: body.state,
      operation,
      selection: selectionOf(accountFilter, instanceIds),
      hook,
      properties: {
        ...pick(parent.record.properties, ["botType", "botTypeCanonical", "promptTranslation"]),
        customId: body.customId,
        parentTaskId: parent.id,
      },
    });
    if (action.kind === "upscale") {
      const earlier = await engine.claimButton(parent.id, pressed, task.id);
      if (earlier !== undefined) return alreadyExists(earlier);
      const admission = await admit(task, backendOperation, []);
      if (admission.kind === "no-account" || admission.kind === "full")
        await engine.releaseButton(parent.id, pressed, task.id);
      return admissionResponse(admission);
    }
    const candidates = engine.candidates(accountFilter, backendOperation, instanceIds);
    const modal = modalStepOf(action, candidates[0]);
    if (modal === undefined) return submit(task, backendOperation, []);
    if (candidates[0] === undefined) return admissionResponse({ kind: "no-account" });
    task.modal = modal;
    return admissionResponse(await engine.park(task, candidates[0]));
  }

  const handlers = {
    imagine: async ({ request, dialect, apiKey, tenant, mode }: RouteContext) => {
      const body = await readBody(request, ImageTaskImagineRequest);
      if (body instanceof Response) return body;
      const images = await decodeImages(body.base64Array ?? [], "base64Array");
      const hook = hookOf(body.notifyHook);
      if (hook instanceof Response) return hook;
      const prepared = await prepareImagePrompt(body.prompt, options.translator);
      const rejected = await checkPrompt(prepared, apiKey, "IMAGINE");
      if (rejected !== undefined) return rejected;
      const id = generateId();
      const imageKeys = images.map((_, index) => `${inputKeyPrefix(id)}-${index + 1}`);
      const task = newTask({
        id,
        tenant,
        dialect,
        action: "IMAGINE",
        prompt: prepared.prompt,
        promptEn: prepared.promptEn,
        description: `/imagine ${prepared.prompt}`,
        state: body.state,
        operation: { kind: "generate", prompt: prepared.promptEn, imageKeys },
        selection: selectionOf(withMode(body.accountFilter, mode)),
        hook,
        properties: { ...botProperties(body.botType), ...promptProperties(prepared) },
      });
      return submit(
        task,
        "generate",
        images.map((image, index) => [imageKeys[index]!, image] as const),
      );
    },

    blend: async ({ request, dialect, apiKey, tenant, mode }: RouteContext) => {
      const body = await readBody(request, ImageTaskBlendRequest);
      if (body instanceof Response) return body;
      const images = await decodeImages(body.base64Array, "base64Array");
      const hook = hookOf(body.notifyHook);
      if (hook instanceof Response) return hook;
      const quota = await checkQuota(apiKey, "BLEND");
      if (quota !== undefined) return quota;
      const id = generateId();
      const imageKeys = images.map((_, index) => `${inputKeyPrefix(id)}-${index + 1}`);
      const dimensions = body.dimensions ?? "SQUARE";
      const task = newTask({
        id,
        tenant,
        dialect,
        action: "BLEND",
        prompt: "",
        promptEn: "",
        description: `/blend ${images.length} images ${dimensions}`,
        state: body.state,
        operation: { kind: "blend", imageKeys, aspectRatio: aspectRatioByDimensions[dimensions] },
        selection: selectionOf(withMode(body.accountFilter, mode)),
        hook,
        properties: { ...botProperties(body.botType), dimensions },
      });
      return submit(
        task,
        "blend",
        images.map((image, index) => [imageKeys[index]!, image] as const),
      );
    },

    describe: async ({ request, dialect, apiKey, tenant, mode }: RouteContext) => {
      const body = await readBody(request, ImageTaskDescribeRequest);
      if (body instanceof Response) return body;
      const image = await decodeImageDataUrl(body.base64, "base64");
      const hook = hookOf(body.notifyHook);
      if (hook instanceof Response) return hook;
      const quota = await checkQuota(apiKey, "DESCRIBE");
      if (quota !== undefined) return quota;
      const id = generateId();
      const imageKey = `${inputKeyPrefix(id)}-1`;
      const task = newTask({
        id,
        tenant,
        dialect,
        action: "DESCRIBE",
        prompt: "",
        promptEn: "",
        description: "/describe",
        state: body.state,
        operation: { kind: "describe", imageKey },
        selection: selectionOf(withMode(body.accountFilter, mode)),
        hook,
        properties: botProperties(body.botType),
      });
      return submit(task, "describe", [[imageKey, image]]);
    },

    shorten: async ({ request, dialect, apiKey, tenant }: RouteContext) => {
      const body = await readBody(request, ImageTaskShortenRequest);
      if (body instanceof Response) return body;
      if (options.shortener === undefined) {
        return envelopeResponse(200, {
          code: ImageTaskCode.accountUnavailable,
          description: "Shorten is not available here: no shortener (chat model) is configured",
          result: null,
        });
      }
      const hook = hookOf(body.notifyHook);
      if (hook instanceof Response) return hook;
      const prepared = await prepareImagePrompt(body.prompt, options.translator);
      const rejected = await checkPrompt(prepared, apiKey, "SHORTEN");
      if (rejected !== undefined) return rejected;
      const task = newTask({
        id: generateId(),
        tenant,
        dialect,
        action: "SHORTEN",
        prompt: prepared.prompt,
        promptEn: prepared.promptEn,
        description: `/shorten ${prepared.prompt}`,
        state: body.state,
        operation: { kind: "shorten", prompt: prepared.promptEn },
        selection: {},
        hook,
        properties: { ...botProperties(body.botType), ...promptProperties(prepared) },
      });
      return admissionResponse(await engine.shorten(task));
    },

    swapFace: async ({ request, dialect, apiKey, tenant, mode }: RouteContext) => {
      const body = await readBody(request, ImageTaskSwapFaceRequest);
      if (body instanceof Response) return body;
      const source = await decodeImageDataUrl(body.sourceBase64, "sourceBase64");
      const target = await decodeImageDataUrl(body.targetBase64, "targetBase64");
      const hook = hookOf(body.notifyHook);
      if (hook instanceof Response) return hook;
      const quota = await checkQuota(apiKey, "SWAP_FACE");
      if (quota !== undefined) return quota;
      const id = generateId();
      const sourceKey = `${inputKeyPrefix(id)}-source`;
      const targetKey = `${inputKeyPrefix(id)}-target`;
      const task = newTask({
        id,
        tenant,
        dialect,
        action: "SWAP_FACE",
        prompt: "",
        promptEn: "",
        description: "/swap_face",
        state: body.state,
        operation: { kind: "swap-face", sourceKey, targetKey },
        selection: selectionOf(withMode(body.accountFilter, mode)),
        hook,
        properties: {},
      });
      return submit(task, "swapFace", [
        [sourceKey, source],
        [targetKey, target],
      ]);
    },

    action: async (context: RouteContext) => {
      const body = await readBody(context.request, ImageTaskActionRequest);
      if (body instanceof Response) return body;
      return press(context, body);
    },

    change: async (context: RouteContext) => {
      const body = await readBody(context.request, ImageTaskChangeRequest);
      if (body instanceof Response) return body;
      return change(context, body);
    },

    simpleChange: async (context: RouteContext) => {
      const body = await readBody(context.request, ImageTaskSimpleChangeRequest);
      if (body instanceof Response) return body;
      const parsed = /^\s*(\S+)\s+(?:([UV])([1-4])|R)\s*$/.exec(body.content);
      if (parsed === null) {
        return callerError(400, "content must be '<task id> U1' to 'U4', 'V1' to 'V4', or 'R'", "content");
      }
      const { content: _content, ...rest } = body;
      return change(context, {
        ...rest,
        taskId: parsed[1]!,
        action: parsed[2] === undefined ? "REROLL" : parsed[2] === "U" ? "UPSCALE" : "VARIATION",
        ...(parsed[3] === undefined ? {} : { index: Number(parsed[3]) }),
      });
    },

    modal: async ({ request, apiKey, tenant }: RouteContext) => {
      const body = await readBody(request, ImageTaskModalRequest);
      if (body instanceof Response) return body;
      const task = await currentTask(body.taskId, tenant);
      if (task === undefined) return callerError(404, `Task ${body.taskId} does not exist`, "taskId");
      if (task.record.status !== "MODAL" || task.modal === undefined) {
        return callerError(
          400,
          `Task ${body.taskId} is ${task.record.status}, not waiting for a modal step`,
          "taskId",
        );
      }
      let mask: ImageBytes | undefined;
      let factor: number | undefined;
      if (task.modal === "vary-region") {
        if (body.maskBase64 === undefined || body.maskBase64 === "") {
          return callerError(
            400,
            "maskBase64 is required for Vary (Region): white marks the area to redraw",
            "maskBase64",
          );
        }
        mask = await decodeImageDataUrl(body.maskBase64, "maskBase64");
      }
      let promptText = body.prompt;
      if (task.modal === "custom-zoom") {
        const match = /--zoom\s+(\d+(?:\.\d+)?)/.exec(body.prompt ?? "");
        factor = match === null ? Number.NaN : Number(match[1]);
        if (!(factor >= 1 && factor <= 2)) {
          return callerError(400, "prompt must carry --zoom <factor> with a factor from 1 to 2", "prompt");
        }
        promptText = body.prompt!.replace(match![0], "").trim();
      }
      const maskKey = `${inputKeyPrefix(task.id)}-mask`;
      let prepared: PreparedImagePrompt | undefined;
      if (promptText !== undefined && promptText !== "") {
        prepared = await prepareImagePrompt(promptText, options.translator);
        const rejected = await checkPrompt(prepared, apiKey, task.record.action);
        if (rejected !== undefined) return rejected;
      }
      if (mask !== undefined) await blobs.put(maskKey, mask);
      const backendOperation =
        task.operation.kind === "follow-up"
          ? operationOfButton(task.operation.action.kind)!
          : rerollOperation(task.operation);
      // The step is applied to the task as stored when its turn comes, not to the copy read above:
      // of two modal calls racing for one task, only the first moves it on.
      const admission = await engine.resume(task.id, backendOperation, (current) => {
        const operation = current.operation;
        if (prepared !== undefined) {
          current.record.prompt = prepared.prompt;
          current.record.promptEn = prepared.promptEn;
          current.record.properties.promptTranslation = prepared.translation;
          if (operation.kind === "follow-up" || operation.kind === "generate")
            operation.prompt = prepared.promptEn;
        }
        if (operation.kind === "follow-up") {
          if (factor !== undefined) operation.factor = factor;
          if (mask !== undefined) operation.maskKey = maskKey;
        }
      });
      return admissionResponse(admission);
    },

    upload: async ({ request, dialect }: RouteContext) => {
      const body = await readBody(request, ImageTaskUploadRequest);
      if (body instanceof Response) return body;
      const images = await decodeImages(body.base64Array, "base64Array");
      const account = engine
        .accounts()
        .find((candidate) => accountMatchesUploadFilter(candidate, body.filter));
      if (account === undefined) return admissionResponse({ kind: "no-account" });
      const urls = await Promise.all(
        images.map(async (image) => {
          const key = `upload-${randomHexId()}`;
          await blobs.put(key, image);
          return `${baseURL}/${dialect}/image/${key}`;
        }),
      );
      return envelopeResponse(200, {
        code: ImageTaskCode.submitted,
        description: "Success",
        result: urls,
        properties: { instanceId: account.instanceId },
      });
    },

    list: async ({ request, tenant }: RouteContext) => {
      const body = await readBody(request, ImageTaskListRequest);
      if (body instanceof Response) return body;
      const owned = (await store.getMany(body.ids)).filter((task) => (task.owner ?? "") === tenant);
      const tasks = await Promise.all(owned.map((task) => engine.expireIfStuck(task)));
      return jsonResponse(
        200,
        tasks.map((task) => task.record),
      );
    },

    listAll: async ({ tenant }: RouteContext) => {
      if (store.list === undefined) {
        return envelopeResponse(501, {
          code: ImageTaskCode.systemError,
          description: "task/list is not available: this service's task store cannot list its tasks",
          result: null,
        });
      }
      const owned = (await store.list()).filter((task) => (task.owner ?? "") === tenant);
      owned.sort((a, b) => b.record.submitTime - a.record.submitTime);
      const tasks = await Promise.all(
        owned.slice(0, maxListedTaskIds).map((task) => engine.expireIfStuck(task)),
      );
      return jsonResponse(
        200,
        tasks.map((task) => task.record),
      );
    },

    accountList: async () => jsonResponse(200, engine.accounts()),

    accountFetch: async ({ params }: RouteContext) => {
      const account = engine.account(params[0]);
      return account === undefined
        ? callerError(404, `Account ${params[0]} does not exist`, "id")
        : jsonResponse(200, account);
    },

    accountCreate: async ({ request }: RouteContext) => {
      const body = await readBody(request, ImageTaskAccountCreate);
      if (body instanceof Response) return body;
      const account: ImageTaskAccount = { ...body };
      engine.addAccount(account);
      return envelopeResponse(200, {
        code: ImageTaskCode.submitted,
        description: "Created",
        result: account.instanceId,
      });
    },

    accountUpdate: async ({ request, params }: RouteContext) => {
      const account = engine.account(params[0]);
      if (account === undefined) return callerError(404, `Account ${params[0]} does not exist`, "id");
      const body = await readBody(request, ImageTaskAccountUpdate);
      if (body instanceof Response) return body;
      // Changed in place: the scheduler reads the same account (concurrency and queue size at once).
      Object.assign(account, body);
      return envelopeResponse(200, {
        code: ImageTaskCode.submitted,
        description: "Updated",
        result: account.instanceId,
      });
    },

    accountDisable: async ({ params }: RouteContext) => {
      const account = engine.account(params[0]);
      if (account === undefined) return callerError(404, `Account ${params[0]} does not exist`, "id");
      // Tasks it runs or queues finish; it takes no new ones.
      account.enabled = false;
      return envelopeResponse(200, {
        code: ImageTaskCode.submitted,
        description: "Disabled",
        result: account.instanceId,
      });
    },

    fetchTask: async ({ params, tenant }: RouteContext) => {
      const task = await currentTask(params[0]!, tenant);
      if (task === undefined) return callerError(404, `Task ${params[0]} does not exist`, "id");
      return jsonResponse(200, task.record);
    },

    imageSeed: async ({ params, tenant }: RouteContext) => {
      const task = await ownedTask(params[0]!, tenant);
      if (task === undefined) return callerError(404, `Task ${params[0]} does not exist`, "id");
      if (task.record.status !== "SUCCESS" || task.result === undefined) {
        return callerError(
          400,
          `Task ${task.id} is ${task.record.status}; only a finished image has a seed`,
          "id",
        );
      }
      let seed = task.result.seed;
      const account = engine.account(task.instanceId);
      const backend = account === undefined ? undefined : engine.backendOf(account);
      if (seed === undefined && task.result.reference !== undefined && backend?.imageSeed !== undefined) {
        try {
          seed = await backend.imageSeed(task.result.reference);
        } catch (error) {
          // The upstream failed: a gateway error of the caller's format, not a failure of ours.
          return envelopeResponse(502, {
            code: ImageTaskCode.systemError,
            description: `The backend could not give the seed: ${error instanceof Error ? error.message : String(error)}`,
            result: null,
          });
        }
      }
      if (seed === undefined) {
        // The task exists and succeeded; its backend has no seed to give (chat image models make none).
        return envelopeResponse(200, {
          code: ImageTaskCode.accountUnavailable,
          description: `Task ${task.id} has no seed: its backend (${backend?.id ?? "gone"}) reports none`,
          result: null,
        });
      }
      return envelopeResponse(200, { code: ImageTaskCode.submitted, description: "Success", result: seed });
    },

    cancel: async ({ params, tenant }: RouteContext) => {
      const task = await ownedTask(params[0]!, tenant);
      if (task === undefined) return callerError(404, `Task ${params[0]} does not exist`, "id");
      if (!(await engine.cancel(task.id))) {
        return callerError(400, `Task ${task.id} has already finished (${task.record.status})`, "id");
      }
      return envelopeResponse(200, {
        code: ImageTaskCode.submitted,
        description: "Cancelled",
        result: task.id,
      });
    },

    upstreamCallback: async ({ request, params }: RouteContext) => {
      const backend = Object.hasOwn(options.backends, params[0]!) ? options.backends[params[0]!] : undefined;
      if (backend === undefined || !acceptsCallbacks(backend)) {
        return callerError(404, `No backend ${params[0]} takes callbacks`);
      }
      const record = await readJson(request);
      if (record instanceof Response) return record;
      backend.receiveCallback(record);
      return new Response(null, { status: 204 });
    },

    image: async ({ params }: RouteContext) => {
      const image = await blobs.get(params[0]!);
      if (image === undefined) return callerError(404, `Image ${params[0]} does not exist`);
      return new Response(image.data as Uint8Array<ArrayBuffer>, {
        status: 200,
        headers: { "content-type": image.mediaType, "cache-control": "public, max-age=31536000, immutable" },
      });
    },
  } satisfies Record<string, Handler>;

  const routes: Route[] = [
    { method: "POST", pattern: /^submit\/imagine$/, scope: "submit", handler: handlers.imagine },
    { method: "POST", pattern: /^submit\/blend$/, scope: "submit", handler: handlers.blend },
    { method: "POST", pattern: /^submit\/describe$/, scope: "submit", handler: handlers.describe },
    { method: "POST", pattern: /^submit\/modal$/, scope: "submit", handler: handlers.modal },
    { method: "POST", pattern: /^submit\/action$/, scope: "submit", handler: handlers.action },
    {
      method: "POST",
      pattern: /^submit\/upload-(?:platform|discord)-images$/,
      scope: "submit",
      handler: handlers.upload,
    },
    { method: "POST", pattern: /^submit\/change$/, scope: "submit", handler: handlers.change },
    { method: "POST", pattern: /^submit\/simple-change$/, scope: "submit", handler: handlers.simpleChange },
    { method: "POST", pattern: /^submit\/shorten$/, scope: "submit", handler: handlers.shorten },
    { method: "POST", pattern: /^(?:face|insight-face)\/swap$/, scope: "submit", handler: handlers.swapFace },
    { method: "POST", pattern: /^task\/list-by-condition$/, scope: "read", handler: handlers.list },
    { method: "GET", pattern: /^task\/list$/, scope: "read", handler: handlers.listAll },
    { method: "GET", pattern: /^account\/list$/, scope: "admin", handler: handlers.accountList },
    { method: "GET", pattern: /^account\/([^/]+)\/fetch$/, scope: "admin", handler: handlers.accountFetch },
    { method: "POST", pattern: /^account\/create$/, scope: "admin", handler: handlers.accountCreate },
    {
      method: "POST",
      pattern: /^account\/([^/]+)\/update$/,
      scope: "admin",
      handler: handlers.accountUpdate,
    },
    {
      method: "POST",
      pattern: /^account\/([^/]+)\/disable$/,
      scope: "admin",
      handler: handlers.accountDisable,
    },
    { method: "GET", pattern: /^task\/([^/]+)\/fetch$/, scope: "read", handler: handlers.fetchTask },
    { method: "GET", pattern: /^task\/([^/]+)\/image-seed$/, scope: "read", handler: handlers.imageSeed },
    { method: "POST", pattern: /^task\/([^/]+)\/cancel$/, scope: "submit", handler: handlers.cancel },
    {
      method: "POST",
      pattern: /^callback\/([A-Za-z0-9_.:-]+)$/,
      scope: "public",
      handler: handlers.upstreamCallback,
    },
    {
      method: "GET",
      pattern: /^image\/([A-Za-z0-9_-][A-Za-z0-9._-]*)$/,
      scope: "public",
      handler: handlers.image,
    },
  ];

  return {
    async fetch(request) {
      // `/mj-fast/mj/…` (and `/mj-relax/`, `/mj-turbo/`, with /img spellings too) choose a speed mode.
      const path = /^(?:\/(?:mj|img)-(fast|relax|turbo))?\/(img|mj)\/(.+)$/.exec(
        withoutBasePath(new URL(request.url).pathname, basePath),
      );
      if (path === null)
        return callerError(404, "Unknown path: the image-task interface is under /img/ and /mj/");
      const mode = path[1]?.toUpperCase() as ImageTaskMode | undefined;
      const dialect = path[2] as ImageTaskDialect;
      const rest = path[3]!;
      const matching = routes.filter((route) => route.pattern.test(rest));
      const route = matching.find((candidate) => candidate.method === request.method);
      if (route === undefined) {
        return matching.length > 0
          ? callerError(405, `Use ${matching[0]!.method} for ${path[0]}`)
          : callerError(404, `Unknown path ${path[0]}`);
      }
      let apiKey = "";
      let tenant = "";
      if (route.scope !== "public") {
        const authorization = authorizeImageTaskRequest(request, options.auth, route.scope);
        if (!authorization.ok) {
          return envelopeResponse(authorization.status, {
            code: ImageTaskCode.unauthorized,
            description: authorization.description,
            result: null,
          });
        }
        tenant = authorization.tenant;
        apiKey =
          request.headers.get("authorization")?.replace(/^Bearer\s+/i, "") ??
          request.headers.get("mj-api-secret") ??
          "";
      }
      if (rateLimiter !== undefined && route.scope !== "public") {
        // Per tenant (an open interface: one shared budget).
        const wait = await rateLimiter.take(tenant === "" ? "open" : tenant);
        if (wait !== undefined) {
          return jsonResponse(
            429,
            {
              code: ImageTaskCode.systemError,
              description: `Too many requests: try again in ${wait} seconds`,
              result: null,
            },
            { "retry-after": String(wait) },
          );
        }
      }
      try {
        const params = route.pattern.exec(rest)!.slice(1);
        return await route.handler({
          request,
          dialect,
          apiKey,
          tenant,
          params,
          ...(mode === undefined ? {} : { mode }),
        });
      } catch (error) {
        if (CanonicalError.isInstance(error) && error.kind === "invalid_request") {
          return callerError(400, error.message, error.param);
        }
        return systemError(`System error: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async idle() {
      await engine.settled();
      await notifier.idle();
      await engine.settled();
    },
    async close() {
      await engine.close();
      await notifier.idle();
    },
  };
}

/**
 * The request path without the path of `publicBaseURL` (a service published at
 * `https://host/images` gets `/images/img/...` unless a proxy in front already removed it).
 */
/** Whether a backend follows its upstream through callbacks (the proxy backend with `callbackURL`). */
function acceptsCallbacks(
  backend: ImageProvider,
): backend is ImageProvider & { receiveCallback(record: unknown): boolean } {
  return typeof (backend as { receiveCallback?: unknown }).receiveCallback === "function";
}

function withoutBasePath(pathname: string, basePath: string): string {
  if (basePath === "" || !pathname.startsWith(`${basePath}/`)) return pathname;
  return pathname.slice(basePath.length);
}

function admissionResponse(admission: ImageTaskAdmission): Response {
  switch (admission.kind) {
    case "running":
      return envelopeResponse(200, {
        code: ImageTaskCode.submitted,
        description: "Submit success",
        result: admission.task.id,
        properties: accountProperties(admission.task),
      });
    case "queued":
      return envelopeResponse(200, {
        code: ImageTaskCode.queued,
        description: `In queue, there ${admission.position === 1 ? "is 1 task" : `are ${admission.position} tasks`} waiting including this one`,
        result: admission.task.id,
        properties: { ...accountProperties(admission.task), numberOfQueues: admission.position },
      });
    case "modal":
      return envelopeResponse(200, {
        code: ImageTaskCode.parameterError,
        description: "Waiting for window confirm: submit the modal step with this task id",
        result: admission.task.id,
        properties: { ...accountProperties(admission.task), modal: admission.task.modal },
      });
    case "no-account":
      return envelopeResponse(200, {
        code: ImageTaskCode.accountUnavailable,
        description: "No available account matches the accountFilter for this operation",
        result: null,
      });
    case "full":
      return envelopeResponse(200, {
        code: ImageTaskCode.systemError,
        description: "Queue is full, please try again later",
        result: null,
      });
    case "not-modal":
      return callerError(
        400,
        `Task ${admission.task.id} is ${admission.task.record.status}, not waiting for a modal step`,
        "taskId",
      );
    default: {
      const unreachable: never = admission;
      throw new Error(`unknown admission ${JSON.stringify(unreachable)}`);
    }
  }
}

function accountProperties(task: StoredImageTask): Record<string, unknown> {
  return { instanceId: task.record.properties.instanceId, channelId: task.record.properties.channelId };
}

function modalStepOf(
  action: ImageTaskButtonAction,
  account: ImageTaskAccount | undefined,
): StoredImageTask["modal"] | undefined {
  if (action.kind === "custom-zoom") return "custom-zoom";
  if (action.kind === "vary-region") return "vary-region";
  const remixable = action.kind === "vary" || action.kind === "reroll" || action.kind === "pan";
  if (remixable && account?.remix === true && account.remixAutoSubmit !== true) return "remix";
  return undefined;
}

/** The account filter with a path's speed mode added to its modes (as the proxies do). */
function withMode(
  filter: ImageTaskAccountFilter | undefined,
  mode: ImageTaskMode | undefined,
): ImageTaskAccountFilter | undefined {
  if (mode === undefined) return filter;
  const modes = filter?.modes ?? [];
  return { ...filter, modes: modes.includes(mode) ? modes : [...modes, mode] };
}

/**
 * The proxies' answer to a button pressed a second time (code 21, HTTP 200): the task the first
 * press made, its status and image.
 */
function alreadyExists(task: { id: string; status: string; imageUrl: string | null }): Response {
  return envelopeResponse(200, {
    code: ImageTaskCode.parameterError,
    description: "Task already exists",
    result: task.id,
    properties: { status: task.status, imageUrl: task.imageUrl },
  });
}

function selectionOf(
  accountFilter: ImageTaskAccountFilter | undefined,
  instanceIds?: string[],
): StoredImageTask["selection"] {
  const selection: StoredImageTask["selection"] = {};
  if (accountFilter !== undefined) selection.accountFilter = accountFilter;
  if (instanceIds !== undefined) selection.instanceIds = instanceIds;
  return selection;
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined) picked[key] = source[key];
  return picked;
}

/**
 * Blob key prefix of a task's input images: the id and 128 random bits, since images are served
 * without a key (their URLs are capabilities).
 */
function inputKeyPrefix(taskId: string): string {
  return `${taskId}-input-${randomHexId()}`;
}
