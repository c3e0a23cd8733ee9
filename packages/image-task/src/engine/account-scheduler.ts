import type { ImageTaskAccount } from "./image-task-account";

/** Where a task landed on admission; `position` counts from 1 in the account's waiting line. */
export type AdmissionOutcome = { kind: "running" } | { kind: "queued"; position: number } | { kind: "full" };

interface AccountSlots {
  running: number;
  queue: string[];
}

/**
 * Runs at most `concurrency` tasks per account and queues up to `queueSize` more, in order. The
 * scheduler only counts; `start(taskId)` is called when a task may run.
 */
export class AccountScheduler {
  readonly #slots = new Map<string, AccountSlots>();
  readonly #accounts: Map<string, ImageTaskAccount>;
  readonly #start: (taskId: string, instanceId: string) => void;

  constructor(accounts: readonly ImageTaskAccount[], start: (taskId: string, instanceId: string) => void) {
    this.#accounts = new Map(accounts.map((account) => [account.instanceId, account]));
    this.#start = start;
  }

  /** Starts counting a new account. */
  add(account: ImageTaskAccount): void {
    this.#accounts.set(account.instanceId, account);
  }

  /** Tasks running plus waiting on an account. */
  load(instanceId: string): number {
    const slots = this.#slots.get(instanceId);
    return slots === undefined ? 0 : slots.running + slots.queue.length;
  }

  /** Whether the account can take one more task (running or queued). */
  hasRoom(instanceId: string): boolean {
    const account = this.#accounts.get(instanceId);
    if (account === undefined) return false;
    return this.load(instanceId) < (account.concurrency ?? 3) + (account.queueSize ?? 10);
  }

  /** Admits a task: runs it now, queues it, or answers that the account is full. */
  admit(taskId: string, instanceId: string): AdmissionOutcome {
    const account = this.#accounts.get(instanceId);
    if (account === undefined || !this.hasRoom(instanceId)) return { kind: "full" };
    const slots = this.#slotsOf(instanceId);
    if (slots.running < (account.concurrency ?? 3)) {
      slots.running++;
      queueMicrotask(() => this.#start(taskId, instanceId));
      return { kind: "running" };
    }
    slots.queue.push(taskId);
    return { kind: "queued", position: slots.queue.length };
  }

  /** Removes a waiting task (cancelled); true when it was waiting. */
  withdraw(taskId: string, instanceId: string): boolean {
    const slots = this.#slots.get(instanceId);
    const at = slots?.queue.indexOf(taskId) ?? -1;
    if (slots === undefined || at < 0) return false;
    slots.queue.splice(at, 1);
    return true;
  }

  /** Frees a running slot and starts the next waiting task. */
  release(instanceId: string): void {
    const slots = this.#slotsOf(instanceId);
    const next = slots.queue.shift();
    if (next === undefined) {
      slots.running = Math.max(0, slots.running - 1);
      return;
    }
    queueMicrotask(() => this.#start(next, instanceId));
  }

  #slotsOf(instanceId: string): AccountSlots {
    let slots = this.#slots.get(instanceId);
    if (slots === undefined) {
      slots = { running: 0, queue: [] };
      this.#slots.set(instanceId, slots);
    }
    return slots;
  }
}
