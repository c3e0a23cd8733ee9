import { storageKeyOf } from "@interlingua/core";
import { type Job, Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import type { AdmissionOutcome } from "./account-scheduler";
import type { ImageTaskAccount } from "./image-task-account";
import type { ImageTaskSchedulerFactory } from "./image-task-scheduler";

/** Options of {@link createQueueScheduler}. */
export interface ImageTaskQueueOptions {
  /** The Redis every instance shares (`redis://` or `rediss://`). */
  url: string;
  /** Start of every queue key; default `interlingua`. */
  prefix?: string;
  /** Attempts of a task whose backend failed transiently (rate limit, overload, network); default 3. */
  attempts?: number;
  /** Wait before the second attempt, doubling after; ms, default 5 s. */
  backoffMs?: number;
  /**
   * How long a worker's hold on a running task lasts unless renewed, ms (default 30 s): a task whose
   * worker died is run by another worker after about this long.
   */
  lockMs?: number;
  /** Run tasks in this process too (default); false: this instance only submits and answers. */
  work?: boolean;
}

/** The job counts that make up an account's load. */
const loadStates = ["active", "waiting", "prioritized", "delayed"] as const;
const heldStates = new Set(["active", "waiting", "prioritized", "delayed", "waiting-children"]);

interface TaskJob {
  taskId: string;
  instanceId: string;
}

/**
 * A scheduler on BullMQ: one queue per account in Redis, shared by every instance. A task submitted
 * on any instance runs on any instance's worker; at most the account's `concurrency` run at once
 * across all of them (BullMQ's global concurrency) and `queueSize` more wait. A transient failure is
 * tried again with exponential backoff, and a task whose worker died (its lock expired) is picked up
 * by another worker (BullMQ's stalled-job check). Job ids are `task-<id>`: one job per task.
 */
export function createQueueScheduler(
  accounts: readonly ImageTaskAccount[],
  options: ImageTaskQueueOptions,
): ImageTaskSchedulerFactory {
  return (run) => {
    const prefix = `${options.prefix ?? "interlingua"}:queue`;
    const attempts = options.attempts ?? 3;
    const lockMs = options.lockMs ?? 30_000;
    const clients: Redis[] = [];
    const connect = () => {
      const client = new Redis(options.url, { maxRetriesPerRequest: null });
      // Failures reach callers through the commands that fail; the event alone must not crash the process.
      client.on("error", () => undefined);
      clients.push(client);
      return client;
    };
    const shared = connect();
    const byAccount = new Map(
      accounts.map((account) => {
        const name = `image-task-${storageKeyOf(account.instanceId) ?? account.instanceId.slice(0, 100)}`;
        const queue = new Queue<TaskJob>(name, { connection: shared, prefix });
        queue.on("error", () => undefined);
        return [account.instanceId, { account, queue, name }] as const;
      }),
    );
    const ready = Promise.all(
      [...byAccount.values()].map(({ account, queue }) =>
        queue.setGlobalConcurrency(account.concurrency ?? 3),
      ),
    );
    const workers =
      options.work === false
        ? []
        : [...byAccount.values()].map(({ account, name }) => {
            const worker = new Worker<TaskJob>(
              name,
              (job: Job<TaskJob>) =>
                run(job.data.taskId, job.data.instanceId, { final: job.attemptsMade + 1 >= attempts }),
              {
                connection: connect(),
                prefix,
                concurrency: account.concurrency ?? 3,
                lockDuration: lockMs,
                stalledInterval: Math.max(500, Math.floor(lockMs / 2)),
                maxStalledCount: 2,
              },
            );
            worker.on("error", () => undefined);
            return worker;
          });

    const entry = (instanceId: string) => {
      const found = byAccount.get(instanceId);
      if (found === undefined) throw new Error(`no queue for account ${instanceId}`);
      return found;
    };
    const load = async (instanceId: string) => {
      const counts = await entry(instanceId).queue.getJobCounts(...loadStates);
      return Object.values(counts).reduce((sum, count) => sum + count, 0);
    };
    const capacity = (account: ImageTaskAccount) => (account.concurrency ?? 3) + (account.queueSize ?? 10);

    return {
      load,
      async hasRoom(instanceId) {
        const found = byAccount.get(instanceId);
        return found !== undefined && (await load(instanceId)) < capacity(found.account);
      },
      async admit(taskId, instanceId): Promise<AdmissionOutcome> {
        await ready;
        const { account, queue } = entry(instanceId);
        const before = await load(instanceId);
        if (before >= capacity(account)) return { kind: "full" };
        await queue.add(
          "run",
          { taskId, instanceId },
          {
            jobId: `task-${taskId}`,
            attempts,
            backoff: { type: "exponential", delay: options.backoffMs ?? 5_000 },
            removeOnComplete: true,
            removeOnFail: true,
          },
        );
        const concurrency = account.concurrency ?? 3;
        return before < concurrency
          ? { kind: "running" }
          : { kind: "queued", position: before - concurrency + 1 };
      },
      async withdraw(taskId, instanceId) {
        const job = await entry(instanceId).queue.getJob(`task-${taskId}`);
        if (job === undefined || (await job.getState()) === "active") return false;
        try {
          await job.remove();
          return true;
        } catch {
          return false;
        }
      },
      async holds(taskId, instanceId) {
        const job = await entry(instanceId).queue.getJob(`task-${taskId}`);
        return job !== undefined && heldStates.has(await job.getState());
      },
      async close() {
        await ready.catch(() => undefined);
        await Promise.all(workers.map((worker) => worker.close()));
        await Promise.all([...byAccount.values()].map(({ queue }) => queue.close()));
        await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
      },
    };
  };
}
