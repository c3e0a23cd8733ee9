import {
  createRouter,
  type GatewayConfig,
  parseGatewayConfig,
  type VendorProviderConfig,
} from "@interlingua/gateway";
import { z } from "zod";
import { TelemetrySection } from "../telemetry/telemetry-section";

/** Formats whose models can answer with images, so an image backend can be built on them. */
const imageFormats = ["generate-content", "responses"] as const;

/**
 * The `imageTask` section of `interlingua serve --config`: mounts the image-task service at `/img`
 * and `/mj`, its images made by a model of one of the gateway's providers.
 */
export const ImageTaskSection = z.strictObject({
  /** Key of `providers`: a generate-content or responses upstream whose model makes images. */
  provider: z.string().min(1),
  /** Image model asked upstream (`gemini-2.5-flash-image`, `gpt-image-1` behind responses). */
  model: z.string().min(1),
  /** Model for describe (text out); default `model`. */
  describeModel: z.string().min(1).optional(),
  /** Base of the image URLs handed to clients; default the address serve listens on. */
  publicBaseURL: z.url({ protocol: /^https?$/ }).optional(),
  /** Directory for generated images; default serve's state (the data folder, or Redis). */
  blobDirectory: z.string().min(1).optional(),
  /** A model the gateway routes, to translate Chinese prompts into `promptEn`; none: no translation. */
  translateWith: z.string().min(1).optional(),
  /** Words that reject a prompt. */
  bannedWords: z.array(z.string().min(1)).optional(),
  /** Tasks run at the same time; default 3. */
  concurrency: z.number().int().positive().optional(),
  /** Tasks that may wait beyond `concurrency`; default 10. */
  queueSize: z.number().int().nonnegative().optional(),
  /** Notify hooks: `secret` signs each delivery; `allowPrivateAddresses` lets hooks reach a private network. */
  notify: z
    .strictObject({
      secret: z.string().min(1).optional(),
      allowPrivateAddresses: z.boolean().optional(),
    })
    .optional(),
  /** How long and how many finished tasks and images are kept (see `ImageTaskRetention`, docs/deploying.md). */
  retention: z
    .strictObject({
      taskTtlMs: z.number().int().positive().optional(),
      maxTasks: z.number().int().positive().optional(),
      maxTaskBytes: z.number().int().positive().optional(),
      imageTtlMs: z.number().int().positive().optional(),
      maxImages: z.number().int().positive().optional(),
      maxImageBytes: z.number().int().positive().optional(),
    })
    .optional(),
  /**
   * The job queue, with Redis only (see `ImageTaskQueueOptions`): attempts of a transiently failing
   * task, the first backoff (ms), how long before a dead worker's task goes to another (ms), and
   * whether this instance runs tasks (`work: false` only submits).
   */
  queue: z
    .strictObject({
      attempts: z.number().int().positive().optional(),
      backoffMs: z.number().int().nonnegative().optional(),
      lockMs: z.number().int().min(1000).optional(),
      work: z.boolean().optional(),
    })
    .optional(),
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
function sectionProblems(section: string, error: z.ZodError): string[] {
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
