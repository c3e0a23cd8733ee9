import { AccountScheduler } from "./account-scheduler";
import type { ImageTaskAccount } from "./image-task-account";
import type { ImageTaskSchedulerFactory } from "./image-task-scheduler";

/**
 * The scheduler of one gateway instance: {@link AccountScheduler} counts in memory, tasks run in
 * this process, each once (no retries). What waits is lost with the process.
 */
export function createInProcessScheduler(accounts: readonly ImageTaskAccount[]): ImageTaskSchedulerFactory {
  return (run) => {
    /** Tasks handed to the scheduler (waiting or running) and not finished yet. */
    const held = new Set<string>();
    const scheduler = new AccountScheduler(accounts, (taskId, instanceId) => {
      void run(taskId, instanceId, { final: true })
        .catch(() => undefined)
        .finally(() => {
          held.delete(taskId);
          scheduler.release(instanceId);
        });
    });
    return {
      async load(instanceId) {
        return scheduler.load(instanceId);
      },
      async hasRoom(instanceId) {
        return scheduler.hasRoom(instanceId);
      },
      async admit(taskId, instanceId) {
        const outcome = scheduler.admit(taskId, instanceId);
        if (outcome.kind !== "full") held.add(taskId);
        return outcome;
      },
      async withdraw(taskId, instanceId) {
        const withdrawn = scheduler.withdraw(taskId, instanceId);
        if (withdrawn) held.delete(taskId);
        return withdrawn;
      },
      async holds(taskId) {
        return held.has(taskId);
      },
      async close() {},
      addAccount(account) {
        scheduler.add(account);
      },
    };
  };
}
