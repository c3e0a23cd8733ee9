import { CanonicalError } from "@interlingua/core";

/** Bounds of {@link createUpstreamContinuations}. */
export interface UpstreamContinuationLimits {
  /** Answer ids remembered at most; the oldest go first. Default 100,000. */
  maxEntries?: number;
  /** How long an answer id can be continued from, milliseconds. Default 30 days. */
  maxAgeMs?: number;
}

/**
 * Which tenant received each answer id that an upstream of the caller's own format issued, so a
 * continuation (`previous_response_id`) sent through to that upstream is honoured only for the
 * tenant that got the id: the upstream keeps the conversation under the gateway's one key and
 * would serve it to anyone who names it. Any other id, another tenant's, unknown or expired,
 * answers `not_found` exactly like an unknown id. In memory (one instance) or in a shared storage
 * (`createStorageUpstreamContinuations`).
 */
export interface UpstreamContinuations {
  /** Records that `tenant` received the answer `id`; never rejects. */
  record(id: string, tenant: string): Promise<void>;
  /** Rejects with `not_found` (naming `param`) unless `tenant` received the answer `id`. */
  check(id: string, tenant: string, param: string): Promise<void>;
}

/** Creates the in-memory {@link UpstreamContinuations}: one gateway instance. */
export function createUpstreamContinuations(
  limits: UpstreamContinuationLimits = {},
  now: () => number = Date.now,
): UpstreamContinuations {
  const maxEntries = limits.maxEntries ?? 100_000;
  const maxAgeMs = limits.maxAgeMs ?? 30 * 24 * 60 * 60 * 1000;
  const owners = new Map<string, { tenant: string; at: number }>();
  return {
    async record(id, tenant) {
      owners.delete(id);
      owners.set(id, { tenant, at: now() });
      while (owners.size > maxEntries) owners.delete(owners.keys().next().value as string);
    },
    async check(id, tenant, param) {
      const owner = owners.get(id);
      if (owner !== undefined && now() - owner.at > maxAgeMs) owners.delete(id);
      else if (owner?.tenant === tenant) return;
      throw new CanonicalError("not_found", `Previous response with id '${id}' not found.`, {
        param,
        code: "previous_response_not_found",
      });
    },
  };
}
