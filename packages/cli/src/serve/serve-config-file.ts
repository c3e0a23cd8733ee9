import {
  createRouter,
  type GatewayConfig,
  parseGatewayConfig,
  type VendorProviderConfig,
} from "@interlingua/gateway";
import * as z from "zod/mini";
import { TelemetrySection } from "../telemetry/telemetry-section";

/** Formats whose models can answer with images, so an image backend can be built on them. */
const imageFormats = ["generate-content", "responses"] as const;

/**
 * The `imageTask` section of `interlingua serve --config`: mounts the image-task service at `/img`
 * and `/mj`, its images made by a model of one of the gateway's providers.
 */
export const ImageTaskSection = z.strictObject({
  /** Key of `providers`: a generate-content or responses upstream whose model makes images. */
  provider: z.string().check(z.minLength(1)),
  /** Image model asked upstream (`gemini-2.5-flash-image`, `gpt-image-1` behind responses). */
  model: z.string().check(z.minLength(1)),
  /** Model for describe (text out); default `model`. */
  describeModel: z.optional(z.string().check(z.minLength(1))),
  /** Base of the image URLs handed to clients; default the address serve listens on. */
  publicBaseURL: z.optional(z.url({ protocol: /^https?$/ })),
  /** Directory for generated images; default serve's state (the data folder, or Redis). */
  blobDirectory: z.optional(z.string().check(z.minLength(1))),
  /** A model the gateway routes, to translate Chinese prompts into `promptEn`; none: no translation. */
  translateWith: z.optional(z.string().check(z.minLength(1))),
  /** A model the gateway routes, to answer `submit/shorten`; none: shorten answers code 24. */
  shortenWith: z.optional(z.string().check(z.minLength(1))),
  /** Keys that may manage accounts (`/mj/account/...`), besides the gateway's `auth.keys`, which may not. */
  adminKeys: z.optional(z.array(z.string().check(z.minLength(1))).check(z.minLength(1))),
  /** Words that reject a prompt. */
  bannedWords: z.optional(z.array(z.string().check(z.minLength(1)))),
  /** Tasks run at the same time; default 3. */
  concurrency: z.optional(z.int().check(z.positive())),
  /** Tasks that may wait beyond `concurrency`; default 10. */
  queueSize: z.optional(z.int().check(z.nonnegative())),
  /**
   * Notify hooks (see `ImageTaskNotifyOptions`): `globalHook` for submissions that name none,
   * `secret` signs each delivery, `allowPrivateAddresses` lets hooks reach any private address and
   * `allowPrivateHosts` only the listed host names and IP addresses or CIDR ranges; the retry policy
   * (`maxAttempts`, `baseDelayMs`, `maxDelayMs`) and `timeoutMs` of one attempt.
   */
  notify: z.optional(
    z.strictObject({
      globalHook: z.optional(z.url({ protocol: /^https?$/ })),
      secret: z.optional(z.string().check(z.minLength(1))),
      allowPrivateAddresses: z.optional(z.boolean()),
      allowPrivateHosts: z.optional(z.array(z.string().check(z.minLength(1)))),
      maxAttempts: z.optional(z.int().check(z.positive())),
      baseDelayMs: z.optional(z.int().check(z.positive())),
      maxDelayMs: z.optional(z.int().check(z.positive())),
      timeoutMs: z.optional(z.int().check(z.positive())),
    }),
  ),
  /** Requests per caller beyond which image-task answers 429 with `Retry-After` (see `ImageTaskRateLimitOptions`). */
  rateLimit: z.optional(
    z.strictObject({
      requestsPerMinute: z.int().check(z.positive()),
      burst: z.optional(z.int().check(z.positive())),
    }),
  ),
  /** How long and how many finished tasks and images are kept (see `ImageTaskRetention`, docs/deploying.md). */
  retention: z.optional(
    z.strictObject({
      taskTtlMs: z.optional(z.int().check(z.positive())),
      maxTasks: z.optional(z.int().check(z.positive())),
      maxTaskBytes: z.optional(z.int().check(z.positive())),
      imageTtlMs: z.optional(z.int().check(z.positive())),
      maxImages: z.optional(z.int().check(z.positive())),
      maxImageBytes: z.optional(z.int().check(z.positive())),
    }),
  ),
  /**
   * The job queue, with Redis only (see `ImageTaskQueueOptions`): attempts of a transiently failing
   * task, the first backoff (ms), how long before a dead worker's task goes to another (ms), and
   * whether this instance runs tasks (`work: false` only submits).
   */
  queue: z.optional(
    z.strictObject({
      attempts: z.optional(z.int().check(z.positive())),
      backoffMs: z.optional(z.int().check(z.nonnegative())),
      lockMs: z.optional(z.int().check(z.minimum(1000))),
      work: z.optional(z.boolean()),
    }),
  ),
});
/** The `imageTask` section; see {@link ImageTaskSection}. */
export type ImageTaskSection = z.infer<typeof ImageTaskSection>;

/** A parsed serve configuration file: the gateway's configuration and the optional serve sections. */
export interface ServeConfigFile {
  /** Everything but `imageTask` and `telemetry`, validated as the gateway's configuration. */
  gateway: GatewayConfig;
  /** The image-task section with its provider resolved, when present. */
  imageTask?: ImageTaskSection & { providerConfig: VendorProviderConfig };
  /** The telemetry section (OTLP, `/metrics`, logs), when present. */
  telemetry?: TelemetrySection;
}

/** Each issue of a serve section as `section.path: message`. */
function sectionProblems(section: string, error: z.core.$ZodError): string[] {
  return error.issues.map((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
    const path = [section, ...issue.path, ...keys].map(String).join(".");
    return `${path}: ${issue.message}`;
  });
}

/**
 * Validates a serve configuration file, throwing a `TypeError` whose message names every bad key
 * (`imageTask.provider: no provider named 'x'`), like `parseGatewayConfig`.
 */
export function parseServeConfigFile(input: unknown): ServeConfigFile {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { gateway: parseGatewayConfig(input) };
  const {
    imageTask,
    telemetry: telemetryInput,
    ...rest
  } = input as { imageTask?: unknown; telemetry?: unknown };
  const gateway = parseGatewayConfig(rest);
  let telemetry: TelemetrySection | undefined;
  if ("telemetry" in input) {
    const parsed = TelemetrySection.safeParse(telemetryInput);
    if (!parsed.success)
      throw new TypeError(`Invalid gateway config: ${sectionProblems("telemetry", parsed.error).join("; ")}`);
    telemetry = parsed.data;
  }
  if (!("imageTask" in input)) return telemetry ? { gateway, telemetry } : { gateway };
  const result = ImageTaskSection.safeParse(imageTask);
  if (!result.success)
    throw new TypeError(`Invalid gateway config: ${sectionProblems("imageTask", result.error).join("; ")}`);
  const section = result.data;
  const problem = (key: string, message: string) =>
    new TypeError(`Invalid gateway config: imageTask.${key}: ${message}`);
  if (!Object.hasOwn(gateway.providers, section.provider))
    throw problem("provider", `no provider named '${section.provider}'`);
  const providerConfig = gateway.providers[section.provider] as VendorProviderConfig;
  if (!(imageFormats as readonly string[]).includes(providerConfig.type)) {
    throw problem(
      "provider",
      `provider '${section.provider}' speaks ${providerConfig.type}, which cannot make images; use a ${imageFormats.join(" or ")} provider`,
    );
  }
  if (section.translateWith !== undefined && !createRouter(gateway.routes).resolve(section.translateWith))
    throw problem("translateWith", `no route matches model '${section.translateWith}'`);
  return { gateway, imageTask: { ...section, providerConfig }, ...(telemetry ? { telemetry } : {}) };
}
