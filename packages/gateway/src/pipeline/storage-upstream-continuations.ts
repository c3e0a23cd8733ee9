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
  /** The stored owner of `id` if it is `tenant`: a JSON line, or (as first written) the tenant alone. */
  const ownerOf = async (id: string, tenant: string) => {
    const entry = await keyspace.get(id);
    if (entry === undefined) return undefined;
    const text = storageText(entry.data);
    let owner: { tenant?: unknown; provider?: unknown } = { tenant: text };
    if (text.startsWith("{"))
      try {
        owner = JSON.parse(text) as typeof owner;
      } catch {
        return undefined;
      }
    return owner.tenant === tenant ? owner : undefined;
  };
  return {
    async record(id, tenant, provider) {
      await keyspace.set(id, JSON.stringify({ tenant, provider })).catch(() => undefined);
    },
    async providerOf(id, tenant) {
      const provider = (await ownerOf(id, tenant))?.provider;
      return typeof provider === "string" ? provider : undefined;
    },
    async check(id, tenant, param) {
      if (await ownerOf(id, tenant)) return;
      throw new CanonicalError("not_found", `Previous response with id '${id}' not found.`, {
        param,
        code: "previous_response_not_found",
      });
    },
  };
}
