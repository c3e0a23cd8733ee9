import { CanonicalError } from "@interlingua/core";

/** Bounds of {@link createBackgroundRunner}. */
export interface BackgroundLimits {
  /** Background runs one tenant may have running at once on this instance. Default 8. */
  maxRunningPerTenant?: number;
  /** Longest a background run may take, milliseconds; it is then stopped and failed. Default 10 minutes. */
  maxDurationMs?: number;
  /**
   * How long closing the gateway waits for running runs to finish, milliseconds; those still
   * running are then stopped and stored `failed`. Default 10 seconds.
   */
  shutdownGraceMs?: number;
}

/** The bounds used where {@link BackgroundLimits} leaves one out. */
export const defaultBackgroundLimits: Required<BackgroundLimits> = {
  maxRunningPerTenant: 8,
  maxDurationMs: 10 * 60 * 1000,
  shutdownGraceMs: 10 * 1000,
};

/** Hands a promise to the runtime that must not end the request's work before it settles (Workers' `waitUntil`). */
export type KeepAlive = (work: Promise<unknown>) => void;

/**
 * The background runs of this instance: each started under a per-tenant cap, with its own abort
 * signal (not the caller's, who has gone by then) that fires at the time limit or on `abort`.
 */
export interface BackgroundRunner {
  /** The time limit of a run, milliseconds. */
  readonly maxDurationMs: number;
  /**
   * Starts `job` as `id`, `tenant`'s; throws a `rate_limit` CanonicalError when the tenant already
   * has its cap of runs running here. The job's promise goes to `keepAlive` when there is one.
   */
  start(id: string, tenant: string, job: (signal: AbortSignal) => Promise<void>, keepAlive?: KeepAlive): void;
  /** Stops the run `id` if it runs here; false when it does not. */
  abort(id: string, reason: CanonicalError): boolean;
  /**
   * Refuses new runs, lets the running ones finish within the shutdown grace, stops the rest with
   * an `unavailable` error (so they are stored `failed`, not left `in_progress` until their
   * deadline), and resolves once every run has settled.
   */
  close(): Promise<void>;
}

/** Creates the {@link BackgroundRunner} of one gateway instance. */
export function createBackgroundRunner(limits: BackgroundLimits = {}): BackgroundRunner {
  const maxRunning = limits.maxRunningPerTenant ?? defaultBackgroundLimits.maxRunningPerTenant;
  const maxDurationMs = limits.maxDurationMs ?? defaultBackgroundLimits.maxDurationMs;
  const shutdownGraceMs = limits.shutdownGraceMs ?? defaultBackgroundLimits.shutdownGraceMs;
  const running = new Map<string, AbortController>();
  const settling = new Set<Promise<void>>();
  const perTenant = new Map<string, number>();
  let closing = false;
  return {
    maxDurationMs,
    start(id, tenant, job, keepAlive) {
      if (closing)
        throw new CanonicalError("unavailable", "The gateway is shutting down: try again shortly.");
      const count = perTenant.get(tenant) ?? 0;
      if (count >= maxRunning)
        throw new CanonicalError(
          "rate_limit",
          `Too many background interactions running: at most ${maxRunning} at once per key.`,
          { param: "background" },
        );
      perTenant.set(tenant, count + 1);
      const controller = new AbortController();
      running.set(id, controller);
      const timer = setTimeout(
        () =>
          controller.abort(
            new CanonicalError(
              "timeout",
              `The background run took longer than its limit of ${maxDurationMs} ms.`,
            ),
          ),
        maxDurationMs,
      );
      const work = job(controller.signal)
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          running.delete(id);
          const left = (perTenant.get(tenant) ?? 1) - 1;
          if (left > 0) perTenant.set(tenant, left);
          else perTenant.delete(tenant);
          settling.delete(work);
        });
      settling.add(work);
      keepAlive?.(work);
    },
    abort(id, reason) {
      const controller = running.get(id);
      controller?.abort(reason);
      return controller !== undefined;
    },
    async close() {
      closing = true;
      if (settling.size === 0) return;
      let graceTimer: ReturnType<typeof setTimeout> | undefined;
      const graceOver = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, shutdownGraceMs);
      });
      await Promise.race([Promise.all(settling), graceOver]);
      clearTimeout(graceTimer);
      const stopped = new CanonicalError(
        "unavailable",
        "The gateway shut down before the background run finished: start it again.",
      );
      for (const controller of running.values()) controller.abort(stopped);
      await Promise.all(settling);
    },
  };
}
