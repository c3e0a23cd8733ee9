import type { ProviderTarget } from "./gateway-runtime";

/** The model ids upstreams list, cached per provider. */
export interface UpstreamModelCatalog {
  /**
   * The ids the target's upstream lists in its own model listing; empty for a provider the gateway
   * cannot ask (one given as an object, or of a format without a listing) or whose listing failed.
   * Never throws.
   */
  list(target: ProviderTarget): Promise<readonly string[]>;
}

/** Options of {@link createUpstreamModelCatalog}. */
export interface UpstreamModelCatalogOptions {
  /** How long a listing is reused, milliseconds. Default 5 minutes. */
  ttlMs?: number;
  /** How long a failed listing is remembered as empty before the upstream is asked again. Default 30 s. */
  failureTtlMs?: number;
  /** How long one listing (every page) may take. Default 10 s. */
  timeoutMs?: number;
  /** Clock, epoch milliseconds. Default `Date.now`. */
  now?: () => number;
}

interface Entry {
  expiresAt: number;
  ids: Promise<readonly string[]>;
}

/**
 * An {@link UpstreamModelCatalog} asking each upstream at most once per time to live (callers
 * arriving meanwhile share the call in flight). It holds one entry per configured provider, so it
 * is bounded by the configuration; each listing is bounded by `listModelIds`.
 */
export function createUpstreamModelCatalog(options: UpstreamModelCatalogOptions = {}): UpstreamModelCatalog {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const failureTtlMs = options.failureTtlMs ?? 30_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  return {
    list(target) {
      const direct = target.direct;
      const listUpstream = direct?.format.models.listUpstream;
      if (!direct || !listUpstream) return Promise.resolve([]);
      const cached = entries.get(target.name);
      if (cached && cached.expiresAt > now()) return cached.ids;
      const entry: Entry = { expiresAt: now() + ttlMs, ids: Promise.resolve([]) };
      entry.ids = listUpstream(direct.options, AbortSignal.timeout(timeoutMs)).catch(() => {
        entry.expiresAt = now() + failureTtlMs;
        return [];
      });
      entries.set(target.name, entry);
      return entry.ids;
    },
  };
}
