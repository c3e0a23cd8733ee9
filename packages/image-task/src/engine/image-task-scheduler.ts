import type { AdmissionOutcome } from "./account-scheduler";
import type { ImageTaskAccount } from "./image-task-account";

/**
 * Runs one task on an account; resolves once the task is finished (its record says how). Rejecting
 * hands the task back for another attempt, which only a scheduler with retries asks for: `final` is
 * false while attempts remain.
 */
export type ImageTaskRunner = (
  taskId: string,
  instanceId: string,
  attempt: { final: boolean },
) => Promise<void>;

/**
 * Decides when admitted tasks run: at most `concurrency` at once per account and `queueSize` more
 * waiting, in order. In this process ({@link createInProcessScheduler}) or on a job queue shared by
 * every instance (`createQueueScheduler`, on Redis).
 */
export interface ImageTaskScheduler {
  /** Tasks running plus waiting on an account. */
  load(instanceId: string): Promise<number>;
  /** Whether the account can take one more task (running or queued). */
  hasRoom(instanceId: string): Promise<boolean>;
  /** Admits a task: runs it now, queues it, or answers that the account is full. */
  admit(taskId: string, instanceId: string): Promise<AdmissionOutcome>;
  /** Removes a waiting task (cancelled); true when it was waiting. */
  withdraw(taskId: string, instanceId: string): Promise<boolean>;
  /** Whether a task is waiting or running, here or on any instance sharing the queue. */
  holds(taskId: string, instanceId: string): Promise<boolean>;
  /** Stops taking work, lets the tasks running here finish, and closes connections. */
  close(): Promise<void>;
  /**
   * Starts counting a new account (account management); absent where accounts are fixed at start
   * (the shared job queue, whose per-account queues every instance opens at start).
   */
  addAccount?(account: ImageTaskAccount): void;
}

/** Makes the scheduler an engine runs its tasks with, given how to run one. */
export type ImageTaskSchedulerFactory = (run: ImageTaskRunner) => ImageTaskScheduler;
