import { type ChatCompletionsDialectName, chatCompletionsDialects } from "@interlingua/chat-completions";
import type { ChatProvider, Loss, ResponseStore } from "@interlingua/core";
import { z } from "zod";

/** The wire formats a gateway can serve and call, by codec id. */
export const gatewayFormatIds = ["messages", "generate-content", "responses", "chat-completions"] as const;

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

/** An upstream that speaks one of our formats, called with the codec's own provider. */
export const VendorProviderConfig = z
  .strictObject({
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
    headers: z.record(z.string(), z.string()).optional(),
    /**
     * Call the upstream streaming even for callers that want one whole answer (collected with
     * `accumulate`), for long generations that would otherwise hit idle timeouts.
     */
    streamUpstream: z.boolean().optional(),
    /**
     * chat-completions only: the server's dialect (how it spells reasoning and the output limit):
     * `openai` (default), `deepseek`, `vllm`, `llama.cpp`, `openrouter` or `ollama`.
     */
    dialect: z.enum(Object.keys(chatCompletionsDialects) as [ChatCompletionsDialectName]).optional(),
  })
  .superRefine((provider, context) => {
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
  });
/** A provider given by wire format, URL and key; see {@link VendorProviderConfig}. */
export type VendorProviderConfig = z.infer<typeof VendorProviderConfig>;

/** A provider entry: a vendor upstream by type, or a custom {@link ChatProvider} object. */
const ProviderEntry = z.unknown().transform((value, context): VendorProviderConfig | ChatProvider => {
  if (isChatProvider(value)) return value;
  const result = VendorProviderConfig.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues)
    context.addIssue({ code: "custom", message: issue.message, path: issue.path });
  return z.NEVER;
});

/** One route: callers' model name (exact, or a glob with `*` and `?`) to a provider. */
export const RouteConfig = z.strictObject({
  /** Exact model name, or a glob (`claude-*`). */
  model: z.string().min(1),
  /** Key of `providers`. */
  provider: z.string().min(1),
  /** Model name sent upstream; defaults to the caller's. */
  upstreamModel: z.string().min(1).optional(),
});
/** A route; see {@link RouteConfig}. */
export type RouteConfig = z.infer<typeof RouteConfig>;

/** Default `limits.maxBodyBytes`: 32 MiB, room for a few inline images. */
export const defaultMaxBodyBytes = 32 * 1024 * 1024;

/** The gateway's configuration. {@link parseGatewayConfig} validates it. */
export const gatewayConfigSchema = z
  .strictObject({
    /** Formats served to callers; default all. */
    fronts: z.array(z.enum(gatewayFormatIds)).min(1).optional(),
    /** Keys callers may present; without it the gateway asks for none. */
    auth: z.strictObject({ keys: z.array(z.string().min(1)).min(1) }).optional(),
    /** Name → upstream. */
    providers: z.record(z.string().min(1), ProviderEntry),
    /** Ordered routes; the first whose `model` matches wins. */
    routes: z.array(RouteConfig),
    /** Request limits. */
    limits: z
      .strictObject({
        /** Largest request body, bytes; default {@link defaultMaxBodyBytes}. */
        maxBodyBytes: z.number().int().positive().optional(),
        /** Limits per caller key (the key as presented; `""` for none); off when absent. */
        perKey: z
          .strictObject({
            /** Requests a key may start per minute, on average (token bucket). */
            requestsPerMinute: z.number().positive().optional(),
            /** Requests a key may start at once after being idle; default `requestsPerMinute`. */
            burst: z.number().int().positive().optional(),
            /** Exchanges a key may have open at once; a stream counts until it ends. */
            maxConcurrent: z.number().int().positive().optional(),
          })
          .optional(),
      })
      .optional(),
    /**
     * How long to wait on upstreams (first response byte, silence mid-body) and how often to send
     * SSE keepalive comments to callers while the upstream thinks; milliseconds, see `UpstreamTimeouts`.
     * `connectMs` is honoured by the `fetch` that `createNodeUpstreamFetch` makes (the CLI's): the
     * Web fetch API has no connect phase of its own.
     */
    timeouts: z
      .strictObject({
        connectMs: z.number().int().positive().optional(),
        firstByteMs: z.number().int().positive().optional(),
        idleMs: z.number().int().positive().optional(),
        keepaliveMs: z.number().int().positive().optional(),
      })
      .optional(),
    /** Key of the HMAC that seals opaque state crossing formats; random per instance when absent. */
    secret: z.string().min(16).optional(),
    /** Called once per chat exchange with its conversion report. */
    onConversion: z
      .custom<(report: ConversionReport) => void>((value) => typeof value === "function")
      .optional(),
    /** Path prefix (`/img/`) → a handler for everything under it. */
    mounts: z
      .record(
        z.string().regex(/^\//, "a mount path starts with /"),
        z.custom<FetchHandler>(
          (value) => typeof (value as FetchHandler | null)?.fetch === "function",
          "a mount is an object with a fetch(request) method",
        ),
      )
      .optional(),
    /** Where responses-format conversations live for `previous_response_id` over other backends. */
    responseStore: z
      .custom<ResponseStore>(
        (value) =>
          typeof (value as ResponseStore | null)?.get === "function" &&
          typeof (value as ResponseStore).set === "function",
        "a response store has get and set",
      )
      .optional(),
    /**
     * Bounds of the default in-memory response store (ignored with `responseStore`): most exchanges
     * (default 10,000), most bytes of their JSON (default 256 MiB; a larger exchange is not kept) and
     * time to live in ms (default 30 days). The least recently used exchanges go first.
     */
    responseStoreLimits: z
      .strictObject({
        maxEntries: z.number().int().positive().optional(),
        maxBytes: z.number().int().positive().optional(),
        ttlMs: z.number().int().positive().optional(),
      })
      .optional(),
    /** The fetch used for upstream calls; defaults to the global one. */
    fetch: z.custom<typeof fetch>((value) => typeof value === "function").optional(),
  })
  .superRefine((config, context) => {
    for (const [index, route] of config.routes.entries()) {
      if (!Object.hasOwn(config.providers, route.provider))
        context.addIssue({
          code: "custom",
          message: `no provider named '${route.provider}'`,
          path: ["routes", index, "provider"],
        });
    }
  });

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
