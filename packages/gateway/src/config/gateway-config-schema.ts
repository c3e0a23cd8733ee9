import { type ChatCompletionsDialectName, chatCompletionsDialects } from "@interlingua/chat-completions/http";
import type { ChatProvider, KeyValueStorage, Loss, ResponseStore } from "@interlingua/core";
import * as z from "zod/mini";
import type { ExchangeHook } from "../observe/exchange-event";

/** The wire formats a gateway can serve and call, by codec id. */
export const gatewayFormatIds = [
  "messages",
  "generate-content",
  "responses",
  "chat-completions",
  "interactions",
] as const;

/** One of {@link gatewayFormatIds}. */
export type GatewayFormatId = (typeof gatewayFormatIds)[number];

/**
 * What the gateway reports about each chat exchange to `onConversion`: once a converted exchange is
 * over (its stream ended, failed or was cancelled), or once a passed-through one has its upstream answer.
 */
export interface ConversionReport {
  /** Format the caller spoke. */
  front: string;
  /** Name of the provider (the `providers` key) that answered. */
  provider: string;
  /** Model the caller asked for. */
  model: string;
  /** Model sent upstream. */
  upstreamModel: string;
  /** Whether the caller asked for a stream. */
  stream: boolean;
  /** Whether the body went upstream unchanged apart from the model (same format both sides). */
  passThrough: boolean;
  /** Every loss of the exchange, request and response conversions together, in order. */
  losses: Loss[];
  /** The failure the caller saw, if the exchange failed. */
  error?: { kind: string; status: number; message: string };
}

/** Anything that answers Web-standard requests (the image-task service, another app). */
export interface FetchHandler {
  fetch(request: Request): Promise<Response> | Response;
}

const isChatProvider = (value: unknown): value is ChatProvider =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as ChatProvider).generate === "function" &&
  typeof (value as ChatProvider).stream === "function" &&
  typeof (value as ChatProvider).capabilities === "object";

/**
 * One entry of a provider's model-family table: what the backend accepts from the models whose
 * names match, checked before the built-in table (a deployment's own model names, a new family).
 * A messages backend reads `oneSamplingSetting`; a responses backend reads `reasoning` and the
 * effort fields; a generate-content backend reads `thinkingBudget` or `thinkingLevels`, and `jsonSchema`.
 */
export const ModelRuleConfig = z.strictObject({
  /** Model names sent upstream that the rule is for: exact, or a glob with `*` and `?` (`ours-*`). */
  model: z.string().check(z.minLength(1)),
  /** messages: whether the models refuse `temperature` and `top_p` together (Claude 4.1 and later do). */
  oneSamplingSetting: z.optional(z.boolean()),
  /** responses: whether the models reason (take `reasoning`, refuse sampling settings other than 1). */
  reasoning: z.optional(z.boolean()),
  /** responses: the reasoning efforts the models take (any when unset). */
  efforts: z.optional(z.array(z.string().check(z.minLength(1))).check(z.minLength(1))),
  /** responses: efforts under which `temperature` and `top_p` are accepted (`["none"]`). */
  samplingEfforts: z.optional(z.array(z.string().check(z.minLength(1)))),
  /** responses: the effort a request that names none gets (`medium` when unset). */
  defaultEffort: z.optional(z.string().check(z.minLength(1))),
  /** generate-content: the models take `thinkingBudget` within this range (0 turns thinking off when `canTurnOff`). */
  thinkingBudget: z.optional(
    z
      .strictObject({ min: z.int(), max: z.int(), canTurnOff: z.boolean() })
      .check(z.refine((budget) => budget.min <= budget.max, "min is above max")),
  ),
  /** generate-content: the models take a `thinkingLevel` of this list, least first (`["LOW", "HIGH"]`). */
  thinkingLevels: z.optional(z.array(z.string().check(z.minLength(1))).check(z.minLength(1))),
  /**
   * generate-content: the models take JSON Schema as it is (`parametersJsonSchema`,
   * `responseJsonSchema`), so other formats' schemas are sent unchanged instead of projected onto
   * the `Schema` subset (docs/decisions/0009).
   */
  jsonSchema: z.optional(z.boolean()),
});
/** A model rule; see {@link ModelRuleConfig}. */
export type ModelRuleConfig = z.infer<typeof ModelRuleConfig>;

const messagesRuleFields = ["oneSamplingSetting"] as const;
const responsesRuleFields = ["reasoning", "efforts", "samplingEfforts", "defaultEffort"] as const;
const generateContentRuleFields = ["thinkingBudget", "thinkingLevels", "jsonSchema"] as const;

/** The fields a provider type's model rules take, and the one each must state. */
const modelRuleShapes: Record<GatewayFormatId, { fields: readonly string[]; required?: string }> = {
  messages: { fields: messagesRuleFields, required: "oneSamplingSetting" },
  responses: { fields: responsesRuleFields, required: "reasoning" },
  "generate-content": { fields: generateContentRuleFields },
  "chat-completions": { fields: [] },
  interactions: { fields: [] },
};

/** An upstream that speaks one of our formats, called with the codec's own provider. */
const VendorProviderFields = z.strictObject({
  /** The wire format the upstream speaks. */
  type: z.enum(gatewayFormatIds),
  /** Base URL without the version path (`https://api.anthropic.com`). */
  baseURL: z.url({ protocol: /^https?$/ }),
  /**
   * The key the gateway presents upstream (never the caller's). Empty only for a chat-completions
   * server that asks for none (a local Ollama, llama.cpp or vLLM).
   */
  apiKey: z.string(),
  /** Extra headers on every upstream call. */
  headers: z.optional(z.record(z.string(), z.string())),
  /**
   * Call the upstream streaming even for callers that want one whole answer (collected with
   * `accumulate`), for long generations that would otherwise hit idle timeouts.
   */
  streamUpstream: z.optional(z.boolean()),
  /**
   * The model-family table's own entries, checked before the built-in ones (first match wins): what
   * the backend accepts from which models, for the legality step that makes requests of other
   * formats ones it takes (see docs/backend-rules.md).
   */
  modelRules: z.optional(z.array(ModelRuleConfig)),
  /**
   * chat-completions only: the server's dialect (how it spells reasoning and the output limit):
   * `openai` (default), `deepseek`, `vllm`, `llama.cpp`, `openrouter` or `ollama`; `think-tags` or
   * `think-tags-prefilled` for a reasoning model served without a reasoning parser (its reasoning
   * inside `<think>…</think>` in the content).
   */
  dialect: z.optional(z.enum(Object.keys(chatCompletionsDialects) as [ChatCompletionsDialectName])),
  /**
   * chat-completions only: the path of chat completions under `baseURL`, for a server mounted
   * elsewhere (`/openai/deployments/gpt-4o/chat/completions?api-version=2024-10-21`); by default
   * `/chat/completions` under a base URL ending with its version, else `/v1/chat/completions`.
   */
  path: z.optional(z.string().check(z.regex(/^\/(?!\/)\S*$/, "must start with one / and hold no spaces"))),
});

/** An upstream that speaks one of our formats; see {@link VendorProviderFields}. */
export const VendorProviderConfig = VendorProviderFields.check(
  z.superRefine((provider, context) => {
    if (provider.apiKey === "" && provider.type !== "chat-completions")
      context.addIssue({
        code: "custom",
        message: "Too small: expected string to have >=1 characters",
        path: ["apiKey"],
      });
    if (provider.dialect !== undefined && provider.type !== "chat-completions")
      context.addIssue({
        code: "custom",
        message: "dialect is a chat-completions setting",
        path: ["dialect"],
      });
    if (provider.path !== undefined && provider.type !== "chat-completions")
      context.addIssue({ code: "custom", message: "path is a chat-completions setting", path: ["path"] });
    const shape = modelRuleShapes[provider.type];
    provider.modelRules?.forEach((rule, index) => {
      const path = ["modelRules", index];
      for (const field of [...messagesRuleFields, ...responsesRuleFields, ...generateContentRuleFields])
        if (rule[field] !== undefined && !shape.fields.includes(field))
          context.addIssue({
            code: "custom",
            message: `a ${provider.type} backend's model rule takes no ${field}`,
            path: [...path, field],
          });
      if (shape.required !== undefined && rule[shape.required as keyof ModelRuleConfig] === undefined)
        context.addIssue({
          code: "custom",
          message: `required for a ${provider.type} backend`,
          path: [...path, shape.required],
        });
      const thinking = [rule.thinkingBudget, rule.thinkingLevels].filter(
        (field) => field !== undefined,
      ).length;
      if (
        provider.type === "generate-content" &&
        (thinking > 1 || (thinking === 0 && rule.jsonSchema === undefined))
      )
        context.addIssue({
          code: "custom",
          message: "give thinkingBudget or thinkingLevels (one of them), or jsonSchema",
          path,
        });
    });
  }),
);
/** A provider given by wire format, URL and key; see {@link VendorProviderConfig}. */
export type VendorProviderConfig = z.infer<typeof VendorProviderConfig>;

/** A provider entry: a vendor upstream by type, or a custom {@link ChatProvider} object. */
const ProviderEntry = z.pipe(
  z.unknown(),
  z.transform((value, context): VendorProviderConfig | ChatProvider => {
    if (isChatProvider(value)) return value;
    const result = VendorProviderConfig.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues)
      context.issues.push({ code: "custom", message: issue.message, path: issue.path, input: value });
    return z.NEVER;
  }),
);

/** One route: callers' model name (exact, or a glob with `*` and `?`) to a provider. */
export const RouteConfig = z.strictObject({
  /** Exact model name, or a glob (`claude-*`). */
  model: z.string().check(z.minLength(1)),
  /** Key of `providers`. */
  provider: z.string().check(z.minLength(1)),
  /** Model name sent upstream; defaults to the caller's. */
  upstreamModel: z.optional(z.string().check(z.minLength(1))),
});
/** A route; see {@link RouteConfig}. */
export type RouteConfig = z.infer<typeof RouteConfig>;

/** Default `limits.maxBodyBytes`: 32 MiB, room for a few inline images. */
export const defaultMaxBodyBytes = 32 * 1024 * 1024;

/** The gateway's configuration. {@link parseGatewayConfig} validates it. */
export const gatewayConfigSchema = z
  .strictObject({
    /** Formats served to callers; default all. */
    fronts: z.optional(z.array(z.enum(gatewayFormatIds)).check(z.minLength(1))),
    /** Keys callers may present; without it the gateway asks for none. */
    auth: z.optional(
      z.strictObject({ keys: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)) }),
    ),
    /** Name → upstream. */
    providers: z.record(z.string().check(z.minLength(1)), ProviderEntry),
    /** Ordered routes; the first whose `model` matches wins. */
    routes: z.array(RouteConfig),
    /** Request limits. */
    limits: z.optional(
      z.strictObject({
        /** Largest request body, bytes; default {@link defaultMaxBodyBytes}. */
        maxBodyBytes: z.optional(z.int().check(z.positive())),
        /** Limits per caller key (the key as presented; `""` for none); off when absent. */
        perKey: z.optional(
          z.strictObject({
            /** Requests a key may start per minute, on average (token bucket). */
            requestsPerMinute: z.optional(z.number().check(z.positive())),
            /** Requests a key may start at once after being idle; default `requestsPerMinute`. */
            burst: z.optional(z.int().check(z.positive())),
            /** Exchanges a key may have open at once; a stream counts until it ends. */
            maxConcurrent: z.optional(z.int().check(z.positive())),
          }),
        ),
        /**
         * Answers run in the background (interactions `background: true`): how many one tenant may
         * have running at once on an instance (default 8), how long one may run, in ms (default
         * 10 minutes), and how long closing the gateway waits for running ones before stopping them,
         * in ms (default 10 seconds); see `BackgroundLimits`.
         */
        background: z.optional(
          z.strictObject({
            maxRunningPerTenant: z.optional(z.int().check(z.positive())),
            maxDurationMs: z.optional(z.int().check(z.positive())),
            shutdownGraceMs: z.optional(z.int().check(z.nonnegative())),
          }),
        ),
      }),
    ),
    /**
     * How long to wait on upstreams (first response byte, silence mid-body) and how often to send
     * SSE keepalive comments to callers while the upstream thinks; milliseconds, see `UpstreamTimeouts`.
     * `connectMs` is honoured by the `fetch` that `createNodeUpstreamFetch` makes (the CLI's): the
     * Web fetch API has no connect phase of its own.
     */
    timeouts: z.optional(
      z.strictObject({
        connectMs: z.optional(z.int().check(z.positive())),
        firstByteMs: z.optional(z.int().check(z.positive())),
        idleMs: z.optional(z.int().check(z.positive())),
        keepaliveMs: z.optional(z.int().check(z.positive())),
      }),
    ),
    /** Key of the HMAC that seals opaque state crossing formats; random per instance when absent. */
    secret: z.optional(z.string().check(z.minLength(16))),
    /** Called once per chat exchange with its conversion report. */
    onConversion: z.optional(
      z.custom<(report: ConversionReport) => void>((value) => typeof value === "function"),
    ),
    /**
     * Observability: `hooks` are given an `ExchangeEvent` for every exchange once it is over (never
     * awaited; a hook that throws or rejects is counted, never felt by the exchange);
     * `openTelemetry` spans and metrics through `@opentelemetry/api` are on unless `false`, and are
     * a no-op until the application registers an OpenTelemetry SDK (see docs/observability.md).
     */
    observe: z.optional(
      z.strictObject({
        hooks: z.optional(
          z.array(z.custom<ExchangeHook>((value) => typeof value === "function", "a hook is a function")),
        ),
        openTelemetry: z.optional(
          z.union([
            z.literal(false),
            z.strictObject({
              /**
               * Record the messages and answers on spans (`gen_ai.input.messages`,
               * `gen_ai.output.messages`), with configured secrets redacted; off by default.
               */
              captureContent: z.optional(z.boolean()),
            }),
          ]),
        ),
      }),
    ),
    /** Path prefix (`/img/`) → a handler for everything under it. */
    mounts: z.optional(
      z.record(
        z.string().check(z.regex(/^\//, "a mount path starts with /")),
        z.custom<FetchHandler>(
          (value) => typeof (value as FetchHandler | null)?.fetch === "function",
          "a mount is an object with a fetch(request) method",
        ),
      ),
    ),
    /** Where responses-format conversations live for `previous_response_id` over other backends. */
    responseStore: z.optional(
      z.custom<ResponseStore>(
        (value) =>
          typeof (value as ResponseStore | null)?.get === "function" &&
          typeof (value as ResponseStore).set === "function",
        "a response store has get and set",
      ),
    ),
    /**
     * Bounds of the response store the gateway builds (ignored with `responseStore`): most exchanges
     * (default 10,000), most bytes of their JSON (default 256 MiB; a larger exchange is not kept) and
     * time to live in ms (default 30 days). In memory the least recently used exchanges go first; on
     * `stores.storage` or `redis`, the oldest stored.
     */
    responseStoreLimits: z.optional(
      z.strictObject({
        maxEntries: z.optional(z.int().check(z.positive())),
        maxBytes: z.optional(z.int().check(z.positive())),
        ttlMs: z.optional(z.int().check(z.positive())),
      }),
    ),
    /**
     * Where the gateway's own state lives (stored responses, which tenant received each upstream
     * answer id, background runs and the events of streams kept for resuming): `storage` is an unstorage `Storage` on any driver (a data folder, Redis). Default
     * in memory, one process. Ignored with `redis`; `responseStore` still wins for stored responses.
     */
    stores: z.optional(
      z.strictObject({
        storage: z.custom<KeyValueStorage>(
          (value) =>
            typeof (value as KeyValueStorage | null)?.getItem === "function" &&
            typeof (value as KeyValueStorage).setItemRaw === "function" &&
            typeof (value as KeyValueStorage).getKeys === "function",
          "stores.storage is an unstorage Storage (createStorage({ driver }))",
        ),
      }),
    ),
    /**
     * Several gateway instances on one Redis: stored responses, upstream continuations, background
     * runs with their kept stream events, and the per-key limits are shared through it (see docs/deploying.md). `prefix` starts every key the
     * gateway writes (default `interlingua`), so several deployments can share one Redis.
     */
    redis: z.optional(
      z.strictObject({
        url: z.url({ protocol: /^rediss?$/, error: "redis.url is a redis:// or rediss:// URL" }),
        prefix: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _"))),
      }),
    ),
    /** The fetch used for upstream calls; defaults to the global one. */
    fetch: z.optional(z.custom<typeof fetch>((value) => typeof value === "function")),
  })
  .check(
    z.superRefine((config, context) => {
      for (const [index, route] of config.routes.entries()) {
        if (!Object.hasOwn(config.providers, route.provider))
          context.addIssue({
            code: "custom",
            message: `no provider named '${route.provider}'`,
            path: ["routes", index, "provider"],
          });
      }
    }),
  );

/** A gateway configuration (custom providers, hooks and stores are kept as given). */
export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

/**
 * Validates a configuration, throwing a `TypeError` whose message names every bad key
 * (`routes.0.provider: no provider named 'x'`).
 */
export function parseGatewayConfig(input: unknown): GatewayConfig {
  const result = gatewayConfigSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
    const path = [...issue.path, ...(keys.length === 1 ? keys : [])].map(String).join(".");
    return `${path || "(config)"}: ${issue.message}`;
  });
  throw new TypeError(`Invalid gateway config: ${problems.join("; ")}`);
}
