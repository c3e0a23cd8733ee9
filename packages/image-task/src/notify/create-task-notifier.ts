import { isIpLiteral, isPublicAddress } from "./is-public-address";
import { notifyRetryDelay } from "./notify-retry-delay";
import { createPrivateHostAllowList } from "./private-host-allow-list";
import { notifySignatureHeader, signNotifyBody } from "./sign-notify-body";

/** How task records are delivered to notify hooks. */
export interface ImageTaskNotifyOptions {
  /** Hook used when a submission gives none. */
  globalHook?: string;
  /** Shared secret for the signature header; without it requests are unsigned. */
  secret?: string;
  /** Allow private, loopback and link-local targets (only for trusted networks and tests). */
  allowPrivateAddresses?: boolean;
  /**
   * Private hosts hooks may reach all the same: host names (`localhost`, a container's name; then
   * whatever they resolve to) and IP addresses or CIDR ranges (`172.16.0.0/12`).
   */
  allowPrivateHosts?: string[];
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
  /** Told about deliveries that gave up or were refused (not about states replaced by newer ones). */
  onDeliveryFailure?: (failure: { taskId: string; hook: string; attempts: number; reason: string }) => void;
}

/** Sends task records to hooks: per task and hook the latest state, in order. */
export interface TaskNotifier {
  /** Why a hook cannot be used (a sentence naming the problem), or undefined when it can. */
  checkHook(hook: string): string | undefined;
  /**
   * Queues a delivery of `body` (a task record) to `hook`. It replaces a state of the same task
   * still waiting for that hook, or being retried; `final` (SUCCESS, FAILURE, CANCEL) also cuts
   * short an attempt in flight with an earlier state, so the end of a task is never held up.
   */
  deliver(taskId: string, hook: string, body: unknown, final?: boolean): void;
  /** Resolves when every queued delivery has finished (delivered, replaced or given up). */
  idle(): Promise<void>;
}

/** What one hook has to be told about one task. */
interface HookLine {
  /** The latest state not sent yet. */
  pending?: { body: string; final: boolean };
  /** The attempt on its way: aborted when a final state arrives for a state that is not. */
  inFlight?: { final: boolean; controller: AbortController };
  /** Ends the wait before a retry early (a newer state arrived). */
  wake?: () => void;
  /** Resolves once the line has nothing left to send. */
  done: Promise<void>;
}

/**
 * A {@link TaskNotifier}: POSTs each record as JSON, one request at a time per task and hook so the
 * receiver sees changes in order, keeping only the latest state pending (a stale progress state is
 * never retried in full before a newer one), retrying non-2xx answers and network failures with
 * bounded exponential backoff, signing with {@link notifySignatureHeader} when a secret is set, and
 * refusing targets inside private networks unless allowed (checked on the literal host at
 * submission and on the resolved addresses before each delivery).
 */
export function createTaskNotifier(options: ImageTaskNotifyOptions = {}): TaskNotifier {
  const lines = new Map<string, HookLine>();
  const fetchHook = options.fetch ?? fetch;
  const maxAttempts = options.maxAttempts ?? 5;
  const baseDelay = options.baseDelayMs ?? 500;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const now = options.now ?? Date.now;
  const allowList = createPrivateHostAllowList(options.allowPrivateHosts ?? []);

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
    if (allowList.allowsName(host)) return undefined;
    if (host === "localhost" || host.endsWith(".localhost"))
      return `notifyHook points at ${host}, a loopback host`;
    if (isIpLiteral(host) && !isPublicAddress(host) && !allowList.allowsAddress(host)) {
      return `notifyHook points at ${host}, a private, loopback or link-local address`;
    }
    return undefined;
  }

  async function checkResolved(hook: string): Promise<string | undefined> {
    const literal = checkHook(hook);
    if (literal !== undefined || options.allowPrivateAddresses) return literal;
    const host = new URL(hook).hostname;
    if (isIpLiteral(host) || allowList.allowsName(host)) return undefined;
    const addresses = await (options.resolveHost ?? resolveWithRuntimeDns)(host);
    const inside = addresses.find(
      (address) => !isPublicAddress(address) && !allowList.allowsAddress(address),
    );
    if (addresses.length === 0) return `notifyHook host ${host} does not resolve`;
    return inside === undefined
      ? undefined
      : `notifyHook host ${host} resolves to ${inside}, a private address`;
  }

  /** Waits `ms`, or less when a newer state arrives. */
  function pause(line: HookLine, ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      line.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      line.wake = undefined;
    });
  }

  /** Sends one state, retrying, until delivered, given up, or replaced by a newer state. */
  async function send(taskId: string, hook: string, line: HookLine, state: { body: string; final: boolean }) {
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
      const controller = new AbortController();
      line.inFlight = { final: state.final, controller };
      try {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (options.secret !== undefined)
          headers[notifySignatureHeader] = await signNotifyBody(options.secret, state.body, now());
        const response = await fetchHook(hook, {
          method: "POST",
          headers,
          body: state.body,
          redirect: "manual",
          signal: AbortSignal.any([controller.signal, AbortSignal.timeout(options.timeoutMs ?? 10_000)]),
        });
        await response.body?.cancel();
        if (response.ok) return;
        reason = `the hook answered HTTP ${response.status}`;
      } catch (error) {
        reason = `the hook could not be reached: ${(error as Error).message}`;
      } finally {
        line.inFlight = undefined;
      }
      // A newer state replaces this one: it is no use to the receiver any more.
      if (line.pending !== undefined) return;
      if (attempt < maxAttempts) {
        await pause(line, notifyRetryDelay(attempt, { baseDelayMs: baseDelay, maxDelayMs: maxDelay }));
        if (line.pending !== undefined) return;
      }
    }
    options.onDeliveryFailure?.({ taskId, hook, attempts: maxAttempts, reason });
  }

  async function drain(key: string, taskId: string, hook: string, line: HookLine): Promise<void> {
    // Let the caller's synchronous code finish first (it may queue a newer state at once).
    await Promise.resolve();
    while (line.pending !== undefined) {
      const state = line.pending;
      line.pending = undefined;
      await send(taskId, hook, line, state);
    }
    lines.delete(key);
  }

  return {
    checkHook,
    deliver(taskId, hook, body, final = false) {
      const key = `${taskId}\n${hook}`;
      const state = { body: JSON.stringify(body), final };
      const existing = lines.get(key);
      if (existing !== undefined) {
        existing.pending = state;
        if (final && existing.inFlight !== undefined && !existing.inFlight.final) {
          existing.inFlight.controller.abort(new Error("a newer, final state replaced this one"));
        }
        existing.wake?.();
        return;
      }
      const line: HookLine = { pending: state, done: Promise.resolve() };
      line.done = drain(key, taskId, hook, line);
      lines.set(key, line);
    },
    async idle() {
      while (lines.size > 0) await Promise.all([...lines.values()].map((line) => line.done));
    },
  };
}

async function resolveWithRuntimeDns(host: string): Promise<string[]> {
  const dns = await import("node:dns/promises");
  const addresses = await dns.lookup(host, { all: true, verbatim: true });
  return addresses.map((entry) => entry.address);
}
