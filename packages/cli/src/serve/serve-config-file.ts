import {
  createRouter,
  type GatewayConfig,
  parseGatewayConfig,
  type VendorProviderConfig,
} from "@interlingua/gateway";
import * as z from "zod/mini";

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
  /** Directory for generated images; default one under the OS temp directory. */
  blobDirectory: z.optional(z.string().check(z.minLength(1))),
  /** A model the gateway routes, to translate Chinese prompts into `promptEn`; none: no translation. */
  translateWith: z.optional(z.string().check(z.minLength(1))),
  /** Words that reject a prompt. */
  bannedWords: z.optional(z.array(z.string().check(z.minLength(1)))),
  /** Tasks run at the same time; default 3. */
  concurrency: z.optional(z.int().check(z.positive())),
  /** Tasks that may wait beyond `concurrency`; default 10. */
  queueSize: z.optional(z.int().check(z.nonnegative())),
});
/** The `imageTask` section; see {@link ImageTaskSection}. */
export type ImageTaskSection = z.infer<typeof ImageTaskSection>;

/** A parsed serve configuration file: the gateway's configuration and the optional image-task section. */
export interface ServeConfigFile {
  /** Everything but `imageTask`, validated as the gateway's configuration. */
  gateway: GatewayConfig;
  /** The image-task section with its provider resolved, when present. */
  imageTask?: ImageTaskSection & { providerConfig: VendorProviderConfig };
}

/**
 * Validates a serve configuration file, throwing a `TypeError` whose message names every bad key
 * (`imageTask.provider: no provider named 'x'`), like `parseGatewayConfig`.
 */
export function parseServeConfigFile(input: unknown): ServeConfigFile {
  if (typeof input !== "object" || input === null || Array.isArray(input) || !("imageTask" in input))
    return { gateway: parseGatewayConfig(input) };
  const { imageTask, ...rest } = input as { imageTask: unknown };
  const gateway = parseGatewayConfig(rest);
  const result = ImageTaskSection.safeParse(imageTask);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const keys = issue.code === "unrecognized_keys" ? issue.keys : [];
      const path = ["imageTask", ...issue.path, ...keys].map(String).join(".");
      return `${path}: ${issue.message}`;
    });
    throw new TypeError(`Invalid gateway config: ${problems.join("; ")}`);
  }
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
  return { gateway, imageTask: { ...section, providerConfig } };
}
