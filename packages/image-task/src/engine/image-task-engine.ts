import {
  CanonicalError,
  type ImageBytes,
  type ImageCallOptions,
  type ImageOperation,
  type ImageOutput,
  type ImageProvider,
  type ImageProviderCapabilities,
  type ImageResult,
  type ImageSourceResult,
  type TaskStore,
} from "@interlingua/core";
import sharp from "sharp";
import { composeImageGrid } from "../images/compose-image-grid";
import type { TaskNotifier } from "../notify/create-task-notifier";
import type { ImageTaskShortener } from "../prompts/image-task-shortener";
import type { ImageBlobStore } from "../stores/image-blob-store";
import type { ImageTaskAccountFilter } from "../wire/image-task-account-filter";
import type { ImageTaskRecord } from "../wire/image-task-record";
import { buildImageTaskButtons } from "./build-image-task-buttons";
import { createInProcessScheduler } from "./create-in-process-scheduler";
import { accountMatchesFilter, chooseAccountMode, type ImageTaskAccount } from "./image-task-account";
import type { ImageTaskScheduler, ImageTaskSchedulerFactory } from "./image-task-scheduler";
import { isForwardStatusChange } from "./image-task-status-order";
import { isTerminalStatus } from "./is-terminal-status";
import type { ImageTaskOperation, StoredImageTask, StoredImageTaskResult } from "./stored-image-task";

/** How a submission ended. */
export type ImageTaskAdmission =
  | { kind: "running"; task: StoredImageTask }
  | { kind: "queued"; task: StoredImageTask; position: number }
  | { kind: "modal"; task: StoredImageTask }
  | { kind: "no-account" }
  | { kind: "full" }
  | { kind: "not-modal"; task: StoredImageTask };

/** What the engine needs. */
export interface ImageTaskEngineOptions {
  /** Backends by key. */
  backends: Record<string, ImageProvider>;
  /** The accounts. */
  accounts: readonly ImageTaskAccount[];
  /** Where tasks live. */
  store: TaskStore<StoredImageTask>;
  /** Where images live. */
  blobs: ImageBlobStore;
  /** Delivers records to hooks. */
  notifier: TaskNotifier;
  /** Public URL of a stored image. */
  imageUrl: (key: string, task: StoredImageTask) => string;
  /** Current time, epoch ms. */
  now: () => number;
  /** Time a running task may take before it fails, ms. */
  taskTimeoutMs: number;
  /** Random hex for button hashes. */
  generateHash: () => string;
  /** Downloads images backends give as URLs. */
  fetch: typeof fetch;
  /** Takes secrets out of a backend's failure before it is stored as `failReason`. */
  redactFailReason: (reason: string) => string;
  /** Where tasks run; default in this process (`createInProcessScheduler`). */
  scheduler?: ImageTaskSchedulerFactory;
  /** Shortens prompts (`submit/shorten`) through a chat route; without it shorten is refused. */
  shortener?: ImageTaskShortener;
}

/** Failures worth another attempt, when the scheduler offers one: the upstream may answer next time. */
const retryableKinds = new Set(["rate_limit", "overloaded", "unavailable", "timeout", "internal"]);

const operationOfAction: Record<string, ImageOperation> = {
  upscale: "upscale",
  vary: "vary",
  pan: "pan",
  zoom: "zoom",
  "custom-zoom": "zoom",
  "vary-region": "edit",
};

/**
 * The task engine: admits tasks onto accounts, runs them on their backend through the status
 * machine NOT_START → SUBMITTED → IN_PROGRESS → SUCCESS | FAILURE (MODAL before a modal step,
 * CANCEL when cancelled), stores their images, builds their buttons and notifies hooks of every
 * change, in order.
 */
export class ImageTaskEngine {
  readonly #options: ImageTaskEngineOptions;
  readonly #scheduler: ImageTaskScheduler;
  readonly #accounts: Map<string, ImageTaskAccount>;
  /** The accounts in order (the configured ones, then those added). */
  readonly #accountList: ImageTaskAccount[];
  readonly #running = new Map<string, AbortController>();
  readonly #updates = new Map<string, Promise<StoredImageTask | undefined>>();
  /** Timers failing tasks left waiting in MODAL, by task id. */
  readonly #modalTimers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(options: ImageTaskEngineOptions) {
    this.#options = options;
    this.#accountList = [...options.accounts];
    this.#accounts = new Map(options.accounts.map((account) => [account.instanceId, account]));
    for (const account of options.accounts) {
      if (options.backends[account.backend] === undefined) {
        throw new Error(
          `account ${account.instanceId} names backend ${account.backend}, which is not configured`,
        );
      }
    }
    const scheduler = options.scheduler ?? createInProcessScheduler(options.accounts);
    this.#scheduler = scheduler((taskId, instanceId, attempt) => this.#run(taskId, instanceId, attempt));
  }

  /** Every account, in the order configured (then created). */
  accounts(): readonly ImageTaskAccount[] {
    return this.#accountList;
  }

  /**
   * Adds an account (account management): its backend must be configured and its id new. Throws a
   * caller's error (`invalid_request`) naming the problem; not possible on the shared job queue.
   */
  addAccount(account: ImageTaskAccount): void {
    if (this.#accounts.has(account.instanceId))
      throw new CanonicalError("invalid_request", `An account ${account.instanceId} exists already`, {
        param: "instanceId",
      });
    if (!Object.hasOwn(this.#options.backends, account.backend))
      throw new CanonicalError("invalid_request", `No backend ${account.backend} is configured`, {
        param: "backend",
      });
    if (this.#scheduler.addAccount === undefined)
      throw new CanonicalError(
        "invalid_request",
        "Accounts cannot be added while tasks run on the shared job queue: configure them at start",
      );
    this.#scheduler.addAccount(account);
    this.#accounts.set(account.instanceId, account);
    this.#accountList.push(account);
  }

  /** The account with this instance id. */
  account(instanceId: string | undefined): ImageTaskAccount | undefined {
    return instanceId === undefined ? undefined : this.#accounts.get(instanceId);
  }

  /** The backend of an account. */
  backendOf(account: ImageTaskAccount): ImageProvider {
    return this.#options.backends[account.backend]!;
  }

  /** Accounts that pass the filter, are among `instanceIds` when given, and whose backend can run `operation`. */
  candidates(
    filter: ImageTaskAccountFilter | undefined,
    operation: ImageOperation,
    instanceIds?: readonly string[],
  ): ImageTaskAccount[] {
    return this.#accountList.filter(
      (account) =>
        accountMatchesFilter(account, filter) &&
        (instanceIds === undefined || instanceIds.includes(account.instanceId)) &&
        this.backendOf(account).capabilities.operations.includes(operation),
    );
  }

  /**
   * Stores a new task (the caller has validated it and stored its input images) on the least
   * loaded matching account and runs or queues it. Nothing is stored when no account matches or
   * all are full.
   */
  async admit(task: StoredImageTask, operation: ImageOperation): Promise<ImageTaskAdmission> {
    const candidates = this.candidates(task.selection.accountFilter, operation, task.selection.instanceIds);
    if (candidates.length === 0) return { kind: "no-account" };
    const loads = await Promise.all(
      candidates.map(async (account) => ({
        account,
        room: await this.#scheduler.hasRoom(account.instanceId),
        load: await this.#scheduler.load(account.instanceId),
      })),
    );
    const withRoom = loads.filter((candidate) => candidate.room);
    if (withRoom.length === 0) return { kind: "full" };
    let chosen = withRoom[0]!;
    for (const candidate of withRoom) if (candidate.load < chosen.load) chosen = candidate;
    this.#place(task, chosen.account);
    await this.#options.store.set(task);
    this.#notify(task);
    return this.#schedule(task, chosen.account);
  }

  /**
   * Stores a task that waits in MODAL for its modal step, on the account chosen for it. A timer
   * fails it once the task timeout has passed without the step.
   */
  async park(task: StoredImageTask, account: ImageTaskAccount): Promise<ImageTaskAdmission> {
    this.#place(task, account);
    task.record.status = "MODAL";
    await this.#options.store.set(task);
    this.#notify(task);
    this.#armModalTimer(task.id);
    return { kind: "modal", task };
  }

  /**
   * Stores a shorten task and runs it at once on the shortener, a chat route: it takes no image
   * account, so no account's room is counted.
   */
  async shorten(task: StoredImageTask): Promise<ImageTaskAdmission> {
    const shortener = this.#options.shortener;
    if (shortener === undefined || task.operation.kind !== "shorten") return { kind: "no-account" };
    const prompt = task.operation.prompt;
    await this.#options.store.set(task);
    this.#notify(task);
    void this.#runShorten(task.id, prompt, shortener);
    return { kind: "running", task };
  }

  async #runShorten(taskId: string, prompt: string, shortener: ImageTaskShortener): Promise<void> {
    const controller = new AbortController();
    this.#running.set(taskId, controller);
    const timer = setTimeout(
      () => controller.abort(new CanonicalError("timeout", "Timed out shortening the prompt")),
      this.#options.taskTimeoutMs,
    );
    try {
      const started = await this.#update(taskId, (task) => {
        if (task.record.status !== "NOT_START") return false;
        task.record.status = "SUBMITTED";
        task.record.startTime = this.#options.now();
        return true;
      });
      if (started === undefined) return;
      const prompts = await untilAborted(
        shortener.shorten(prompt, { signal: controller.signal }),
        controller.signal,
      );
      const text = numberedPrompts(prompts);
      await this.#update(taskId, (task) => {
        if (isTerminalStatus(task.record.status)) return false;
        task.record.status = "SUCCESS";
        task.record.progress = "100%";
        task.record.finishTime = this.#options.now();
        // As the proxies record a shorten: the list replaces prompt, promptEn and finalPrompt.
        task.record.properties = { ...task.record.properties, finalPrompt: text, prompts };
        task.record.prompt = text;
        task.record.promptEn = text;
        return true;
      });
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      await this.#update(taskId, (task) => {
        if (isTerminalStatus(task.record.status)) return false;
        task.record.status = "FAILURE";
        task.record.failReason = this.#options.redactFailReason(describeFailure(reason));
        task.record.finishTime = this.#options.now();
        return true;
      });
    } finally {
      clearTimeout(timer);
      this.#running.delete(taskId);
    }
  }

  /**
   * Records, inside the parent's update chain, that pressing the button `key` of task `parentId`
   * makes task `childId`. When an earlier press made a task that is alive (not failed or cancelled;
   * one being submitted at this moment counts), nothing is recorded and that task is answered, for
   * the caller's "already exists"; a failed or cancelled one is replaced.
   */
  async claimButton(
    parentId: string,
    key: string,
    childId: string,
  ): Promise<{ id: string; status: ImageTaskRecord["status"]; imageUrl: string | null } | undefined> {
    let replaceable: string | undefined;
    for (let round = 0; round < 5; round++) {
      let prior: string | undefined;
      await this.#update(parentId, (parent) => {
        prior = parent.pressed?.[key];
        if (prior !== undefined && prior !== replaceable) return false;
        prior = undefined;
        parent.pressed = { ...parent.pressed, [key]: childId };
        return true;
      });
      if (prior === undefined) return undefined;
      const earlier = await this.#options.store.get(prior);
      if (earlier === undefined) return { id: prior, status: "NOT_START", imageUrl: null };
      if (earlier.record.status !== "FAILURE" && earlier.record.status !== "CANCEL")
        return { id: earlier.id, status: earlier.record.status, imageUrl: earlier.record.imageUrl };
      replaceable = prior;
    }
    return undefined;
  }

  /** Forgets a press recorded by {@link claimButton} whose task was never stored (refused at admission). */
  async releaseButton(parentId: string, key: string, childId: string): Promise<void> {
    await this.#update(parentId, (parent) => {
      if (parent.pressed?.[key] !== childId) return false;
      const { [key]: _released, ...rest } = parent.pressed;
      parent.pressed = rest;
      return true;
    });
  }

  /**
   * Moves a MODAL task on after its modal step: `edit` fills in what the step gave (prompt, mask,
   * zoom factor) inside the task's update chain, so of calls racing for one task exactly one moves
   * it on and queues it; the others answer `not-modal` with the task as it now is.
   */
  async resume(
    taskId: string,
    operation: ImageOperation,
    edit: (task: StoredImageTask) => void,
  ): Promise<ImageTaskAdmission> {
    const stored = await this.#options.store.get(taskId);
    if (stored === undefined) throw new Error(`the task ${taskId} is missing`);
    const instanceIds = stored.instanceId === undefined ? stored.selection.instanceIds : [stored.instanceId];
    const candidates = this.candidates(undefined, operation, instanceIds);
    if (candidates.length === 0) return { kind: "no-account" };
    let account: ImageTaskAccount | undefined;
    for (const candidate of candidates) {
      if (!(await this.#scheduler.hasRoom(candidate.instanceId))) continue;
      account = candidate;
      break;
    }
    if (account === undefined) return { kind: "full" };
    const chosen = account;
    const resumed = await this.#update(taskId, (task) => {
      if (task.record.status !== "MODAL" || task.modal === undefined) return false;
      edit(task);
      this.#place(task, chosen);
      task.record.status = "NOT_START";
      delete task.modal;
      return true;
    });
    if (resumed === undefined) {
      const current = (await this.#options.store.get(taskId)) ?? stored;
      return { kind: "not-modal", task: current };
    }
    this.#disarmModalTimer(taskId);
    return this.#schedule(resumed, chosen);
  }

  /**
   * Hands a stored task to the scheduler. Should the account have filled up since it was chosen
   * (another instance admitted first), the task fails at once rather than staying unrun.
   */
  async #schedule(task: StoredImageTask, account: ImageTaskAccount): Promise<ImageTaskAdmission> {
    const outcome = await this.#scheduler.admit(task.id, account.instanceId);
    if (outcome.kind === "queued") return { kind: "queued", task, position: outcome.position };
    if (outcome.kind === "running") return { kind: "running", task };
    await this.#update(task.id, (current) => {
      current.record.status = "FAILURE";
      current.record.failReason = `The account ${account.instanceId} filled up before the task could be queued`;
      current.record.finishTime = this.#options.now();
      return true;
    });
    return { kind: "full" };
  }

  /**
   * Cancels a task that has not finished; false when it already had. The change goes through the
   * task's update chain first, so a task that starts at the same moment sees CANCEL and stops.
   */
  async cancel(taskId: string): Promise<boolean> {
    let waiting: string | undefined;
    const updated = await this.#update(taskId, (task) => {
      if (isTerminalStatus(task.record.status)) return false;
      if (task.record.status === "NOT_START") waiting = task.instanceId;
      task.record.status = "CANCEL";
      task.record.failReason = "Cancelled by the caller";
      task.record.finishTime = this.#options.now();
      return true;
    });
    if (waiting !== undefined) await this.#scheduler.withdraw(taskId, waiting);
    this.#disarmModalTimer(taskId);
    this.#running.get(taskId)?.abort(new CanonicalError("invalid_request", "cancelled"));
    return updated !== undefined;
  }

  /**
   * Fails a task that nothing will move on any more, when it is read: one left unfinished by an
   * earlier process (a persistent store outliving a restart), or one waiting in MODAL whose timer
   * was on an instance that has gone, once the timeout has passed. Answers the task as it is now.
   */
  async expireIfStuck(task: StoredImageTask): Promise<StoredImageTask> {
    if (isTerminalStatus(task.record.status)) return task;
    const since = task.record.startTime ?? task.record.submitTime;
    if (this.#options.now() - since <= this.#options.taskTimeoutMs) return task;
    if (task.instanceId !== undefined && (await this.#scheduler.holds(task.id, task.instanceId))) return task;
    return (await this.#expire(task.id)) ?? (await this.#options.store.get(task.id)) ?? task;
  }

  /**
   * Fails a task that has not finished (with `onlyModal`, only one still in MODAL) with the
   * timeout's reason; undefined when it was left as it was.
   */
  #expire(taskId: string, onlyModal = false): Promise<StoredImageTask | undefined> {
    const seconds = Math.round(this.#options.taskTimeoutMs / 1000);
    return this.#update(taskId, (current) => {
      if (isTerminalStatus(current.record.status)) return false;
      if (onlyModal && current.record.status !== "MODAL") return false;
      current.record.failReason =
        current.record.status === "MODAL"
          ? `Timed out: the modal step was not submitted within ${seconds} seconds`
          : `Timed out: no result after ${seconds} seconds`;
      current.record.status = "FAILURE";
      current.record.finishTime = this.#options.now();
      return true;
    });
  }

  /** Starts the timer that fails a task still in MODAL after the task timeout. */
  #armModalTimer(taskId: string): void {
    const timer = setTimeout(() => {
      this.#modalTimers.delete(taskId);
      void this.#expire(taskId, true);
    }, this.#options.taskTimeoutMs);
    // A waiting modal step must not keep a process alive that has nothing else to do.
    (timer as { unref?: () => void }).unref?.();
    this.#modalTimers.set(taskId, timer);
  }

  #disarmModalTimer(taskId: string): void {
    clearTimeout(this.#modalTimers.get(taskId));
    this.#modalTimers.delete(taskId);
  }

  /** Resolves when pending record writes have finished. */
  async settled(): Promise<void> {
    while (this.#updates.size > 0) await Promise.all(this.#updates.values());
  }

  /** Stops taking work, lets the tasks running here finish, and closes the scheduler's connections. */
  async close(): Promise<void> {
    for (const timer of this.#modalTimers.values()) clearTimeout(timer);
    this.#modalTimers.clear();
    await this.#scheduler.close();
    await this.settled();
  }

  #place(task: StoredImageTask, account: ImageTaskAccount): void {
    task.instanceId = account.instanceId;
    task.record.properties.instanceId = account.instanceId;
    task.record.properties.channelId = account.channelId;
    task.record.properties.mode = chooseAccountMode(account, task.selection.accountFilter);
    task.record.properties.backend = this.backendOf(account).id;
  }

  #notify(task: StoredImageTask): void {
    if (task.notifyHook === undefined) return;
    this.#options.notifier.deliver(
      task.id,
      task.notifyHook,
      task.record,
      isTerminalStatus(task.record.status),
    );
  }

  /**
   * Changes a stored task, one change at a time per task, and notifies its hook when the status or
   * progress changed. `change` returns false to leave the task as it is.
   */
  #update(taskId: string, change: (task: StoredImageTask) => boolean): Promise<StoredImageTask | undefined> {
    const previous = this.#updates.get(taskId) ?? Promise.resolve(undefined);
    const next = previous.then(async () => {
      const task = await this.#options.store.get(taskId);
      if (task === undefined) return undefined;
      const before = `${task.record.status}|${task.record.progress}`;
      const status = task.record.status;
      if (!change(task)) return undefined;
      // States only move forward: a change that would take a task back is not written.
      if (!isForwardStatusChange(status, task.record.status)) return undefined;
      await this.#options.store.set(task);
      if (`${task.record.status}|${task.record.progress}` !== before) this.#notify(task);
      return task;
    });
    const settled = next.catch(() => undefined);
    this.#updates.set(taskId, settled);
    void settled.then(() => {
      if (this.#updates.get(taskId) === settled) this.#updates.delete(taskId);
    });
    return next;
  }

  async #run(taskId: string, instanceId: string, attempt: { final: boolean }): Promise<void> {
    const account = this.#accounts.get(instanceId)!;
    const backend = this.backendOf(account);
    const controller = new AbortController();
    this.#running.set(taskId, controller);
    const timeoutSeconds = Math.round(this.#options.taskTimeoutMs / 1000);
    const timer = setTimeout(
      () =>
        controller.abort(
          new CanonicalError("timeout", `Timed out: no result after ${timeoutSeconds} seconds`),
        ),
      this.#options.taskTimeoutMs,
    );
    let percent = 0;
    try {
      // A task already started is one run again: a retry, or a worker that died mid-task.
      const started =
        (await this.#update(taskId, (task) => {
          if (task.record.status !== "NOT_START") return false;
          task.record.status = "SUBMITTED";
          task.record.startTime = this.#options.now();
          return true;
        })) ?? (await this.#resumable(taskId));
      if (started === undefined) return;
      percent = Number.parseInt(started.record.progress, 10) || 0;
      const options: ImageCallOptions = {
        signal: controller.signal,
        onProgress: (reported) => {
          const value = Math.max(percent, Math.min(99, Math.floor(reported)));
          if (controller.signal.aborted || (value === percent && percent > 0)) return;
          percent = value;
          void this.#progress(taskId, value);
        },
        mode: String(started.record.properties.mode),
      };
      if (typeof started.record.properties.botTypeCanonical === "string") {
        options.botType = started.record.properties.botTypeCanonical;
      }
      const outcome = await untilAborted(this.#execute(started, backend, options), controller.signal);
      if (controller.signal.aborted) throw controller.signal.reason;
      await this.#progress(taskId, Math.max(percent, 99));
      const stored = await this.#storeOutcome(started, backend, outcome);
      controller.signal.throwIfAborted();
      await this.#update(taskId, (task) => {
        if (isTerminalStatus(task.record.status)) return false;
        Object.assign(task.record, stored.record);
        task.record.status = "SUCCESS";
        task.record.progress = "100%";
        task.record.finishTime = this.#options.now();
        task.record.failReason = null;
        if (stored.result !== undefined) task.result = stored.result;
        return true;
      });
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      if (!attempt.final && !controller.signal.aborted && isRetryable(error)) {
        throw error;
      }
      await this.#update(taskId, (task) => {
        if (isTerminalStatus(task.record.status)) return false;
        task.record.status = "FAILURE";
        task.record.failReason = this.#options.redactFailReason(describeFailure(reason));
        task.record.finishTime = this.#options.now();
        return true;
      });
    } finally {
      clearTimeout(timer);
      this.#running.delete(taskId);
    }
  }

  /** A task left SUBMITTED or IN_PROGRESS, to run again; undefined when it is not (finished, cancelled). */
  async #resumable(taskId: string): Promise<StoredImageTask | undefined> {
    const task = await this.#options.store.get(taskId);
    const status = task?.record.status;
    return status === "SUBMITTED" || status === "IN_PROGRESS" ? task : undefined;
  }

  #progress(taskId: string, percent: number): Promise<unknown> {
    return this.#update(taskId, (task) => {
      if (isTerminalStatus(task.record.status)) {
        // Cancelled on another instance: stop the work here.
        this.#running.get(taskId)?.abort(new CanonicalError("invalid_request", "cancelled"));
        return false;
      }
      if (task.record.status !== "SUBMITTED" && task.record.status !== "IN_PROGRESS") return false;
      const progress = `${percent}%`;
      // Progress only goes up, also when a second worker starts the task over.
      if (task.record.status === "IN_PROGRESS" && (Number.parseInt(task.record.progress, 10) || 0) >= percent)
        return false;
      task.record.status = "IN_PROGRESS";
      task.record.progress = progress;
      return true;
    });
  }

  async #execute(
    task: StoredImageTask,
    backend: ImageProvider,
    options: ImageCallOptions,
  ): Promise<ImageResult | { prompts: string[] }> {
    const operation = task.operation;
    switch (operation.kind) {
      case "generate":
        return required(backend, "generate").call(
          backend,
          { prompt: operation.prompt, images: await this.#load(operation.imageKeys) },
          options,
        );
      case "blend":
        return required(backend, "blend").call(
          backend,
          { images: await this.#load(operation.imageKeys), aspectRatio: operation.aspectRatio },
          options,
        );
      case "describe": {
        const [image] = await this.#load([operation.imageKey]);
        return required(backend, "describe").call(backend, { image: image! }, options);
      }
      case "swap-face": {
        const [source, target] = await this.#load([operation.sourceKey, operation.targetKey]);
        return required(backend, "swapFace").call(backend, { source: source!, target: target! }, options);
      }
      case "follow-up":
        return this.#executeFollowUp(operation, backend, options);
      case "shorten":
        throw new Error("a shorten task runs on the shortener, not on an image backend");
      default: {
        const unreachable: never = operation;
        throw new Error(`unknown operation ${JSON.stringify(unreachable)}`);
      }
    }
  }

  async #executeFollowUp(
    operation: Extract<ImageTaskOperation, { kind: "follow-up" }>,
    backend: ImageProvider,
    options: ImageCallOptions,
  ): Promise<ImageResult> {
    const parent = await this.#options.store.get(operation.parentId);
    if (parent?.result === undefined)
      throw new Error(`the task ${operation.parentId} this action applies to has no result`);
    const [composite] = await this.#load([parent.result.compositeKey]);
    const source: ImageSourceResult = {
      images: await this.#load(parent.result.imageKeys),
      composite: composite!,
      prompt: parent.record.promptEn,
    };
    if (parent.result.reference !== undefined) source.reference = parent.result.reference;
    const action = operation.action;
    const base = { source, index: action.index, prompt: operation.prompt };
    switch (action.kind) {
      case "upscale":
        return required(backend, "upscale").call(backend, base, options);
      case "vary":
        return required(backend, "vary").call(backend, { ...base, strength: action.strength }, options);
      case "pan":
        return required(backend, "pan").call(backend, { ...base, direction: action.direction }, options);
      case "zoom":
        return required(backend, "zoom").call(backend, { ...base, factor: action.factor }, options);
      case "custom-zoom":
        return required(backend, "zoom").call(backend, { ...base, factor: operation.factor ?? 1.5 }, options);
      case "vary-region": {
        const mask = operation.maskKey === undefined ? undefined : (await this.#load([operation.maskKey]))[0];
        return required(backend, "edit").call(
          backend,
          mask === undefined ? base : { ...base, mask },
          options,
        );
      }
      default: {
        const unreachable: never = action;
        throw new Error(`unknown action ${JSON.stringify(unreachable)}`);
      }
    }
  }

  async #storeOutcome(
    task: StoredImageTask,
    backend: ImageProvider,
    outcome: ImageResult | { prompts: string[] },
  ): Promise<{ record: Partial<ImageTaskRecord>; result?: StoredImageTaskResult }> {
    if ("prompts" in outcome) {
      const text = numberedPrompts(outcome.prompts);
      return {
        record: {
          prompt: text,
          promptEn: text,
          imageUrl:
            task.operation.kind === "describe" ? this.#options.imageUrl(task.operation.imageKey, task) : null,
          properties: { ...task.record.properties, finalPrompt: text, prompts: outcome.prompts },
          buttons: [],
        },
      };
    }
    const images = await Promise.all(outcome.images.map((image) => this.#download(image)));
    if (outcome.layout === "grid" && images.length !== 4 && outcome.composite === undefined) {
      throw new Error(`the backend returned ${images.length} images for a grid of four`);
    }
    if (outcome.layout === "single" && images.length === 0 && outcome.composite === undefined) {
      throw new Error("the backend returned no image");
    }
    const composite =
      outcome.composite !== undefined
        ? await this.#download(outcome.composite)
        : outcome.layout === "grid"
          ? await composeImageGrid(images)
          : images[0]!;
    // Image URLs need no key, so their blob keys carry a random part: a task id alone is guessable.
    const compositeKey = `${task.id}-${this.#options.generateHash()}`;
    const imageKeys =
      outcome.layout === "single" && outcome.composite === undefined
        ? [compositeKey]
        : images.map((_, index) => `${compositeKey}-${index + 1}`);
    await Promise.all([
      this.#options.blobs.put(compositeKey, composite),
      ...images.map((image, index) =>
        imageKeys[index] === compositeKey
          ? Promise.resolve()
          : this.#options.blobs.put(imageKeys[index]!, image),
      ),
    ]);
    const result: StoredImageTaskResult = { layout: outcome.layout, imageKeys, compositeKey };
    if (outcome.reference !== undefined) result.reference = outcome.reference;
    if (outcome.seed !== undefined) result.seed = outcome.seed;
    const hash = this.#options.generateHash();
    const properties: Record<string, unknown> = {
      ...task.record.properties,
      finalPrompt: outcome.finalPrompt ?? task.record.promptEn,
      messageHash: hash,
    };
    // What the backend could not carry as asked is reported, never dropped silently.
    if (outcome.losses !== undefined && outcome.losses.length > 0) properties.losses = outcome.losses;
    return {
      record: {
        imageUrl: this.#options.imageUrl(compositeKey, task),
        imageUrls: imageKeys.map((key) => ({ url: this.#options.imageUrl(key, task) })),
        properties,
        buttons: buildImageTaskButtons({
          layout: outcome.layout,
          ...followUpsOf(outcome, backend, rerollOperation(task.operation)),
          hash,
          dialect: task.dialect,
        }),
      },
      result,
    };
  }

  async #load(keys: readonly string[]): Promise<ImageBytes[]> {
    return Promise.all(
      keys.map(async (key) => {
        const image = await this.#options.blobs.get(key);
        if (image === undefined) throw new Error(`the stored image ${key} is missing`);
        return image;
      }),
    );
  }

  async #download(image: ImageOutput): Promise<ImageBytes> {
    if (!("url" in image)) return image;
    const response = await this.#options.fetch(image.url);
    if (!response.ok) throw new Error(`downloading the result image failed with HTTP ${response.status}`);
    const data = new Uint8Array(await response.arrayBuffer());
    const metadata = await sharp(data).metadata();
    return {
      data,
      mediaType: metadata.format === "jpeg" ? "image/jpeg" : `image/${metadata.format ?? "png"}`,
    };
  }
}

/**
 * What the buttons of a result may offer: the backend's capabilities, narrowed to the result's own
 * `followUps` when it gives them (never widened beyond what the backend declares).
 */
function followUpsOf(
  outcome: ImageResult,
  backend: ImageProvider,
  again: ImageOperation,
): { capabilities: ImageProviderCapabilities; rerollable: boolean } {
  const declared = backend.capabilities;
  const rerollable = declared.operations.includes(again);
  const narrowed = outcome.followUps;
  if (narrowed === undefined) return { capabilities: declared, rerollable };
  return {
    capabilities: {
      operations: declared.operations.filter((operation) => narrowed.operations.includes(operation)),
      customZoom: declared.customZoom === true && narrowed.customZoom === true,
    },
    rerollable: rerollable && narrowed.reroll === true,
  };
}

/** The backend operation a button needs. */
export function operationOfButton(kind: string): ImageOperation | undefined {
  return operationOfAction[kind];
}

/** The backend operation that runs a task again (reroll). */
export function rerollOperation(operation: ImageTaskOperation): ImageOperation {
  switch (operation.kind) {
    case "generate":
      return "generate";
    case "blend":
      return "blend";
    case "describe":
      return "describe";
    case "shorten":
      throw new Error("a shorten task has no buttons: nothing runs it again");
    case "swap-face":
      return "swapFace";
    case "follow-up":
      return operationOfAction[operation.action.kind] ?? "generate";
    default: {
      const unreachable: never = operation;
      throw new Error(`unknown operation ${JSON.stringify(unreachable)}`);
    }
  }
}

/** Prompts as the proxies write them in a describe or shorten record: `1️⃣ first`, a blank line, `2️⃣ second`… */
function numberedPrompts(prompts: readonly string[]): string {
  return prompts.map((prompt, index) => `${index + 1}️⃣ ${prompt}`).join("\n\n");
}

function required<K extends ImageOperation>(
  backend: ImageProvider,
  operation: K,
): NonNullable<ImageProvider[K]> {
  const method = backend[operation];
  if (method === undefined) throw new Error(`the backend ${backend.id} does not implement ${operation}`);
  return method as NonNullable<ImageProvider[K]>;
}

/** Settles with `work`, or rejects with the signal's reason as soon as it aborts (backends that ignore it cannot hold a task). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Whether a failure may pass on another attempt: an upstream's transient refusal, or a network failure. */
function isRetryable(error: unknown): boolean {
  if (CanonicalError.isInstance(error)) return retryableKinds.has(error.kind);
  return error instanceof TypeError;
}

function describeFailure(error: unknown): string {
  if (CanonicalError.isInstance(error)) {
    if (error.kind === "timeout") return error.message;
    return `The backend failed (${error.kind}): ${error.message}`;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
