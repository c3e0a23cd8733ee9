import { isIpLiteral, isPublicAddress } from "./is-public-address";
import { notifyRetryDelay } from "./notify-retry-delay";
import { notifySignatureHeader, signNotifyBody } from "./sign-notify-body";

/** How task records are delivered to notify hooks. */
export interface ImageTaskNotifyOptions {
  /** Hook used when a submission gives none. */
  globalHook?: string;
  /** Shared secret for the signature header; without it requests are unsigned. */
  secret?: string;
  /** Allow private, loopback and link-local targets (only for trusted networks and tests). */
  allowPrivateAddresses?: boolean;
  /** Attempts per delivery, first included; default 5. */
  maxAttempts?: number;
  /** Wait before the first retry, ms, doubled each time; default 500. */
  baseDelayMs?: number;
  /** Longest wait between attempts, ms; default 30 000. */
  maxDelayMs?: number;
  /** Time limit of one attempt, ms; default 10 000. */
  timeoutMs?: number;
  /** Resolves a host name to its addresses, to refuse names that point inside; default: the runtime's DNS. */
  resolveHost?: (host: string) => Promise<string[]>;
  /** The fetch used to deliver; default global fetch. */
  fetch?: typeof fetch;
  /** Current time for the signature, epoch ms. */
  now?: () => number;
  /** Told about deliveries that gave up or were refused. */
  onDeliveryFailure?: (failure: { taskId: string; hook: string; attempts: number; reason: string }) => void;
}

/** Sends task records to hooks, in order per task. */
export interface TaskNotifier {
  /** Why a hook cannot be used (a sentence naming the problem), or undefined when it can. */
  checkHook(hook: string): string | undefined;
  /** Queues a delivery of `body` (a task record) to `hook`, after earlier ones of the same task. */
  deliver(taskId: string, hook: string, body: unknown): void;
  /** Resolves when every queued delivery has finished (delivered or given up). */
  idle(): Promise<void>;
}

/**
 * A {@link TaskNotifier}: POSTs each record as JSON, one delivery at a time per task so the receiver
 * sees changes in order, retrying non-2xx answers and network failures with bounded exponential
 * backoff, signing with {@link notifySignatureHeader} when a secret is set, and refusing targets
 * inside private networks unless allowed (checked on the literal host at submission and on the
 * resolved addresses before each delivery).
 */
export function createTaskNotifier(options: ImageTaskNotifyOptions = {}): TaskNotifier {
  const chains = new Map<string, Promise<void>>();
  const fetchHook = options.fetch ?? fetch;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const now = options.now ?? Date.now;

  function checkHook(hook: string): string | undefined {
    let url: URL;
    try {
      url = new URL(hook);
    } catch {
      return "notifyHook is not a valid URL";
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      return "notifyHook must be an http or https URL";
    if (url.username !== "" || url.password !== "") return "notifyHook must not carry credentials";
    if (options.allowPrivateAddresses) return undefined;
    const host = url.hostname.toLowerCase();
    if (host === "localhost" || host.endsWith(".localhost"))
      return `notifyHook points at ${host}, a loopback host`;
    if (isIpLiteral(host) && !isPublicAddress(host)) {
      return `notifyHook points at ${host}, a private, loopback or link-local address`;
    }
    return undefined;
  }

  async function checkResolved(hook: string): Promise<string | undefined> {
    const literal = checkHook(hook);
    if (literal !== undefined || options.allowPrivateAddresses) return literal;
    const host = new URL(hook).hostname;
    if (isIpLiteral(host)) return undefined;
    const addresses = await (options.resolveHost ?? resolveWithRuntimeDns)(host);
    const inside = addresses.find((address) => !isPublicAddress(address));
    if (addresses.length === 0) return `notifyHook host ${host} does not resolve`;
    return inside === undefined
      ? undefined
      : `notifyHook host ${host} resolves to ${inside}, a private address`;
  }

  async function send(taskId: string, hook: string, body: string): Promise<void> {
    let refusal: string | undefined;
    try {
      refusal = await checkResolved(hook);
    } catch (error) {
      refusal = `notifyHook host could not be resolved: ${(error as Error).message}`;
    }
    if (refusal !== undefined) {
      options.onDeliveryFailure?.({ taskId, hook, attempts: 0, reason: refusal });
      return;
    }
    let reason = "";
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      try {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (options.secret !== undefined)
          headers[notifySignatureHeader] = await signNotifyBody(options.secret, body, now());
        const response = await fetchHook(hook, {
          method: "POST",
          headers,
          body,
          redirect: "manual",
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
        await response.body?.cancel();
        if (response.ok) return;
        reason = `the hook answered HTTP ${response.status}`;
      } catch (error) {
        reason = `the hook could not be reached: ${(error as Error).message}`;
      }
      if (attempt < maxAttempts)
        await sleep(notifyRetryDelay(attempt, { baseDelayMs: baseDelay, maxDelayMs: maxDelay }));
    }
    options.onDeliveryFailure?.({ taskId, hook, attempts: maxAttempts, reason });
  }

  return {
    checkHook,
    deliver(taskId, hook, body) {
      const text = JSON.stringify(body);
      const previous = chains.get(taskId) ?? Promise.resolve();
      const next = previous.then(() => send(taskId, hook, text));
      chains.set(taskId, next);
      void next.then(() => {
        if (chains.get(taskId) === next) chains.delete(taskId);
      });
    },
    async idle() {
      while (chains.size > 0) await Promise.all(chains.values());
    },
  };
}

async function resolveWithRuntimeDns(host: string): Promise<string[]> {
  const dns = await import("node:dns/promises");
  const addresses = await dns.lookup(host, { all: true, verbatim: true });
  return addresses.map((entry) => entry.address);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
