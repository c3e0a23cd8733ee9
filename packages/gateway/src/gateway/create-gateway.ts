import { CanonicalError, type ChatProvider, type RequestLocation, toCanonicalError } from "@interlingua/core";
import { createKeyVerifier } from "../auth/create-key-verifier";
import {
  type ConversionReport,
  defaultMaxBodyBytes,
  type FetchHandler,
  type GatewayConfig,
  parseGatewayConfig,
  type VendorProviderConfig,
} from "../config/gateway-config-schema";
import type { GatewayFormat } from "../formats/gateway-format";
import { type GatewayAnswer, setAnswerHeader, toResponse } from "../http/gateway-answer";
import { type InboundRequest, toRequest } from "../http/inbound-request";
import { releaseWhenAnswered } from "../limits/release-when-answered";
import { createExchangeObservation } from "../observe/create-exchange-observation";
import { exchangeIdHeader } from "../observe/exchange-event";
import { countBytesOut, type ExchangeRecord } from "../observe/exchange-record";
import { observeMountResponse } from "../observe/observe-mount-response";
import { createOpenTelemetry } from "../observe/open-telemetry/create-open-telemetry";
import {
  optsIntoLatestGenAi,
  semconvOptInFromEnvironment,
} from "../observe/open-telemetry/gen-ai-conventions";
import { createOpaqueSealer } from "../opaque/create-opaque-sealer";
import { answerUnknownPath } from "../pipeline/answer-unknown-path";
import { createSecretRedactor } from "../pipeline/create-secret-redactor";
import { createTimedFetch, defaultUpstreamTimeouts } from "../pipeline/create-timed-fetch";
import { createUpstreamModelCatalog } from "../pipeline/create-upstream-model-catalog";
import { dispatchSideEndpoint } from "../pipeline/dispatch-side-endpoint";
import { errorAnswer } from "../pipeline/error-response";
import type { Front, GatewayRuntime, ProviderTarget } from "../pipeline/gateway-runtime";
import { handleChatRequest } from "../pipeline/handle-chat-request";
import { handleModelListing } from "../pipeline/handle-model-listing";
import { handleTokenCount } from "../pipeline/handle-token-count";
import { methodNotAllowed } from "../pipeline/method-not-allowed";
import { defaultKeepaliveMs } from "../pipeline/with-sse-keepalive";
import { createRouter } from "../routing/create-router";
import { createBackgroundRunner, type KeepAlive } from "../runs/background-runner";
import { createGatewayState } from "../stores/create-gateway-state";
import { answerInbound, type InboundAnswerer } from "./answer-inbound";
import { defaultGatewayFormats } from "./default-gateway-formats";

/**
 * What a runtime hands a fetch handler beside the request (a Workers `ExecutionContext`): with
 * `waitUntil`, work that goes on after the answer (a background run) is given to it, so the runtime
 * keeps the request alive until that work is done.
 */
export interface GatewayFetchContext {
  waitUntil?(work: Promise<unknown>): void;
}

/** The gateway: one Web-standard fetch handler (and its internal entry for `serveNode`). */
export interface Gateway extends InboundAnswerer {
  /**
   * Answers any request: chat, token-counting and model-listing endpoints of every front, and the
   * mounts. On Workers, pass the `ExecutionContext` as `context` so background runs outlive the answer.
   */
  fetch(request: Request, context?: GatewayFetchContext): Promise<Response>;
  /**
   * Lets running background runs finish within `limits.background.shutdownGraceMs` (the rest are
   * stopped and stored `failed`), then closes the connections the gateway opened (Redis, with
   * `redis` configured); idempotent.
   */
  close(): Promise<void>;
  /** How many times an `observe` hook (or the telemetry) threw or rejected, since the gateway was made. */
  readonly hookFailures: number;
}

/** Extra options of {@link createGateway}, for embedding and tests. */
export interface CreateGatewayOptions {
  /** The formats the gateway knows; defaults to messages, generate-content and responses. */
  formats?: readonly GatewayFormat[];
}

const isVendorProvider = (entry: VendorProviderConfig | ChatProvider): entry is VendorProviderConfig =>
  "type" in entry && typeof entry.type === "string" && "baseURL" in entry;

/** A per-process sealing secret, for a gateway configured without one; drawn on first use. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The runtime's `waitUntil` as a {@link KeepAlive}, when it has one. */
function keepAliveOf(context: GatewayFetchContext | undefined): KeepAlive | undefined {
  const waitUntil = context?.waitUntil;
  return waitUntil && ((work) => waitUntil.call(context, work));
}

function mountFor(mounts: [string, FetchHandler][], url: URL): [string, FetchHandler] | undefined {
  for (const mount of mounts)
    if (url.pathname === mount[0] || url.pathname.startsWith(`${mount[0]}/`)) return mount;
  return undefined;
}

/**
 * Builds the gateway from a configuration (validated here; a bad key throws naming it). The result
 * is a plain `fetch(Request) → Response` function object, so it runs in Node (`serveNode`), Bun,
 * Deno, Workers, or inside Hono, Express or any server that speaks Web requests.
 */
export function createGateway(config: GatewayConfig, options: CreateGatewayOptions = {}): Gateway {
  const parsed = parseGatewayConfig(config);
  const formats = options.formats ?? defaultGatewayFormats;
  const formatById = new Map(formats.map((format) => [format.codec.id, format]));
  const state = createGatewayState(parsed);
  const store = state.responseStore;
  const enabled = new Set<string>(parsed.fronts ?? formats.map((format) => format.codec.id));
  const fronts: Front[] = formats
    .filter((format) => enabled.has(format.codec.id))
    .map((format) => ({ format, conversation: format.createConversationState?.(store) }));

  const secrets: string[] = [...(parsed.auth?.keys ?? [])];
  if (parsed.secret) secrets.push(parsed.secret);
  for (const entry of Object.values(parsed.providers))
    if (isVendorProvider(entry)) secrets.push(entry.apiKey);
  const redact = createSecretRedactor(secrets);
  const openTelemetry = parsed.observe?.openTelemetry;
  const captureContent = openTelemetry !== false && openTelemetry?.captureContent === true;
  // Read on the first span, not here: a Worker has no environment at module scope.
  let latestGenAiOnly: boolean | undefined;
  const observation = createExchangeObservation({
    hooks: parsed.observe?.hooks ?? [],
    redact,
    captureContent,
    startTelemetry:
      openTelemetry === false
        ? undefined
        : createOpenTelemetry({
            captureContent,
            latestOnly: () => (latestGenAiOnly ??= optsIntoLatestGenAi(semconvOptInFromEnvironment())),
            redact,
          }),
  });
  const upstreamFetch = observation.watchFetch(
    createTimedFetch(parsed.fetch ?? ((input, init) => globalThis.fetch(input, init)), {
      firstByteMs: parsed.timeouts?.firstByteMs ?? defaultUpstreamTimeouts.firstByteMs,
      idleMs: parsed.timeouts?.idleMs ?? defaultUpstreamTimeouts.idleMs,
    }),
  );
  const targets = new Map<string, ProviderTarget>();
  for (const [name, entry] of Object.entries(parsed.providers)) {
    if (!isVendorProvider(entry)) {
      targets.set(name, { name, provider: entry, streamUpstream: false });
      continue;
    }
    const format = formatById.get(entry.type);
    if (!format)
      throw new TypeError(`Invalid gateway config: providers.${name}.type: no codec for '${entry.type}'`);
    const providerOptions = {
      baseURL: entry.baseURL,
      apiKey: entry.apiKey,
      headers: entry.headers,
      fetch: upstreamFetch,
      modelRules: entry.modelRules,
      dialect: entry.dialect,
      path: entry.path,
    };
    targets.set(name, {
      name,
      provider: format.createProvider(providerOptions),
      streamUpstream: entry.streamUpstream ?? false,
      direct: { format, options: providerOptions },
    });
  }

  // A format's conversions load on its first use (a bundle keeps them out of its start-up chunk): a
  // request waits for its front's and the configured backends' formats, loaded once; afterwards
  // there is nothing to wait for.
  const backendFormats = new Set(
    [...targets.values()].flatMap((target) => (target.direct ? [target.direct.format] : [])),
  );
  const loadedFronts = new Set<GatewayFormat>();
  const loadFormats = (front: GatewayFormat): Promise<unknown> | undefined =>
    loadedFronts.has(front)
      ? undefined
      : Promise.all([front, ...backendFormats].map((format) => format.load?.())).then(() =>
          loadedFronts.add(front),
        );

  const onConversion = parsed.onConversion;
  const runner = createBackgroundRunner(parsed.limits?.background);
  const runtime: GatewayRuntime = {
    fronts,
    formats: formatById,
    keys: createKeyVerifier(parsed.auth?.keys ?? []),
    router: createRouter(parsed.routes),
    targets,
    sealer: createOpaqueSealer(parsed.secret ?? randomSecret),
    redact,
    maxBodyBytes: parsed.limits?.maxBodyBytes ?? defaultMaxBodyBytes,
    fetch: upstreamFetch,
    keepaliveMs: parsed.timeouts?.keepaliveMs ?? defaultKeepaliveMs,
    continuations: state.continuations,
    runs: state.runs,
    runner,
    report(report: ConversionReport) {
      try {
        onConversion?.({ ...report, losses: [...report.losses] });
      } catch {
        // A failing hook must not fail the exchange.
      }
    },
    upstreamModels: createUpstreamModelCatalog(),
    observation,
  };
  const perKey = parsed.limits?.perKey;
  const limiter = state.limiter;
  const mounts = Object.entries(parsed.mounts ?? {})
    .map(([prefix, handler]): [string, FetchHandler] => [prefix.replace(/\/+$/, ""), handler])
    .sort(([left], [right]) => right.length - left.length);

  let closed: Promise<void> | undefined;
  return {
    close() {
      // Running background runs settle (finished, or stopped and stored failed) before the stores close.
      closed ??= runner.close().then(() => state.close());
      return closed;
    },
    get hookFailures() {
      return observation.hookFailures;
    },
    fetch: (request, context) => answerRequest(request, keepAliveOf(context)).then(toResponse),
    [answerInbound]: (request) => answerRequest(request),
  };

  /**
   * The gateway's answer to a request: what `fetch` answers, before it is a `Response`; `keepAlive`
   * (a Workers `waitUntil`) keeps background runs going after the answer.
   */
  async function answerRequest(request: InboundRequest, keepAlive?: KeepAlive): Promise<GatewayAnswer> {
    const url = request.parsedUrl ?? new URL(request.url);
    // What needs a real `Request` (mounts, token counting, side endpoints, listings) builds it once.
    let built: Request | undefined;
    const asRequest = () => (built ??= toRequest(request));
    const mount = mountFor(mounts, url);
    if (mount) {
      const web = asRequest();
      const record = observation.begin(web, { kind: "mount", front: mount[0], path: url.pathname });
      return observeMountResponse(observation, record, web, () => mount[1].fetch(web));
    }
    const method = request.method.toUpperCase();
    for (const front of fronts) {
      const counting = front.format.tokenCount;
      let location: RequestLocation | undefined;
      try {
        location = counting?.match(url);
      } catch (thrown) {
        return answer(front, () => Promise.reject(thrown));
      }
      if (!counting || location === undefined) continue;
      return answer(front, async () => {
        if (method !== "POST") throw methodNotAllowed(method, "POST");
        return handleTokenCount(runtime, front, counting, asRequest(), location);
      });
    }
    for (const front of fronts) {
      let location: RequestLocation | undefined;
      try {
        location = front.format.codec.http.matchChatRequest("POST", url);
      } catch (thrown) {
        // The front's path with a part it cannot read (`%ZZ` as the model): refused in its format.
        return answer(front, () => Promise.reject(thrown));
      }
      if (location === undefined) continue;
      const record = observation.begin(request, {
        kind: "chat",
        front: front.format.codec.id,
        path: url.pathname,
      });
      const response = await answer(
        front,
        async () => {
          if (method !== "POST") throw methodNotAllowed(method, "POST");
          return handleChatRequest(runtime, front, request, location, record, keepAlive);
        },
        record,
      );
      setAnswerHeader(response, exchangeIdHeader, record.id);
      return response;
    }
    const side = dispatchSideEndpoint(runtime, asRequest(), url);
    if (side) return answer(side.front, side.handle);
    for (const front of fronts) {
      let listing: { model?: string } | undefined;
      try {
        listing = front.format.models.match(asRequest(), url);
      } catch (thrown) {
        return answer(front, () => Promise.reject(thrown));
      }
      if (listing === undefined) continue;
      return answer(front, async () => {
        if (method !== "GET") throw methodNotAllowed(method, "GET");
        return handleModelListing(runtime, front, listing.model);
      });
    }
    return answerUnknownPath(runtime, asRequest(), url);

    /** The answer of `handle` once the key is checked; a chat exchange's `record` is finished on a refusal. */
    async function answer(
      front: Front,
      handle: () => Promise<GatewayAnswer>,
      record?: ExchangeRecord,
    ): Promise<GatewayAnswer> {
      try {
        const key = front.format.codec.http.readApiKey(request);
        // One digest of the key for its check and its tenant (the chat exchange reads it from the record).
        const tenant = runtime.keys.verifiedTenant(key);
        if (tenant === undefined)
          throw new CanonicalError("authentication", "Invalid or missing API key.", {
            code: "invalid_api_key",
          });
        if (record) record.tenant = tenant;
        const loading = loadFormats(front.format);
        if (loading) await loading;
        if (!limiter) return await handle();
        const release = await limiter.admit(key ?? "");
        let response: GatewayAnswer;
        try {
          response = await handle();
        } catch (thrown) {
          release();
          throw thrown;
        }
        if (perKey?.maxConcurrent === undefined) {
          release();
          return response;
        }
        return releaseWhenAnswered(response, release);
      } catch (thrown) {
        const error = toCanonicalError(thrown);
        const response = errorAnswer(
          front.format.codec,
          error,
          runtime.redact,
          record && ((bytes) => countBytesOut(record, bytes)),
        );
        if (error.kind === "method_not_allowed" && error.param) response.headers.allow = error.param;
        if (error.kind === "rate_limit" && error.retryAfter !== undefined)
          response.headers["retry-after"] ??= String(Math.ceil(error.retryAfter));
        if (record) observation.finish(record, response.status, error);
        return response;
      }
    }
  }
}
