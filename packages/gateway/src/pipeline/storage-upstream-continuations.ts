import { CanonicalError, createStorageKeyspace, type KeyValueStorage, storageText } from "@interlingua/core";
import type { UpstreamContinuationLimits, UpstreamContinuations } from "./upstream-continuations";

/**
 * {@link UpstreamContinuations} kept in an unstorage `Storage` (a data folder, Redis), so an answer
 * id one instance handed out can be continued through any instance, by the same tenant only, after
 * a restart too. A record that could not be written is still honoured by this instance.
 */
export function createStorageUpstreamContinuations(
  storage: KeyValueStorage,
  limits: UpstreamContinuationLimits = {},
  now: () => number = Date.now,
): UpstreamContinuations {
  const keyspace = createStorageKeyspace(storage, "continuations", {
    limits: { maxEntries: limits.maxEntries ?? 100_000, ttlMs: limits.maxAgeMs ?? 30 * 24 * 60 * 60 * 1000 },
    now,
  });
  return {
    async record(id, tenant) {
      await keyspace.set(id, tenant).catch(() => undefined);
    },
    async check(id, tenant, param) {
      const entry = await keyspace.get(id);
      if (entry !== undefined && storageText(entry.data) === tenant) return;
      throw new CanonicalError("not_found", `Previous response with id '${id}' not found.`, {
        param,
        code: "previous_response_not_found",
      });
    },
  };
}
