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
 * answers `not_found` exactly like an unknown id. The provider that answered is kept too, so that
 * calls on a kept answer (`GET /interactions/{id}`) go to the upstream that keeps it. In memory (one instance) or in a shared storage
 * (`createStorageUpstreamContinuations`).
 */
export interface UpstreamContinuations {
  /** Records that `tenant` received the answer `id` from `provider` (a `providers` key); never rejects. */
  record(id: string, tenant: string, provider?: string): Promise<void>;
  /** Rejects with `not_found` (naming `param`) unless `tenant` received the answer `id`. */
  check(id: string, tenant: string, param: string): Promise<void>;
  /** The provider `tenant` received the answer `id` from; undefined for any other tenant, or unknown. */
  providerOf(id: string, tenant: string): Promise<string | undefined>;
}

/** Creates the in-memory {@link UpstreamContinuations}: one gateway instance. */
export function createUpstreamContinuations(
  limits: UpstreamContinuationLimits = {},
  now: () => number = Date.now,
): UpstreamContinuations {
  const maxEntries = limits.maxEntries ?? 100_000;
  const maxAgeMs = limits.maxAgeMs ?? 30 * 24 * 60 * 60 * 1000;
  const owners = new Map<string, { tenant: string; at: number; provider?: string }>();
  const ownerOf = (id: string, tenant: string) => {
    const owner = owners.get(id);
    if (owner !== undefined && now() - owner.at > maxAgeMs) owners.delete(id);
    else if (owner?.tenant === tenant) return owner;
    return undefined;
  };
  return {
    async record(id, tenant, provider) {
      owners.delete(id);
      owners.set(id, { tenant, at: now(), ...(provider === undefined ? {} : { provider }) });
      while (owners.size > maxEntries) owners.delete(owners.keys().next().value as string);
    },
    async providerOf(id, tenant) {
      return ownerOf(id, tenant)?.provider;
    },
    async check(id, tenant, param) {
      if (ownerOf(id, tenant)) return;
      throw new CanonicalError("not_found", `Previous response with id '${id}' not found.`, {
        param,
        code: "previous_response_not_found",
      });
    },
  };
}
