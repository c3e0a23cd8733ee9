import { resolve } from "node:path";
import type { ChatProvider, ImageProvider, KeyValueStorage } from "@interlingua/core";
import { defaultGatewayFormats, type GatewayConfig } from "@interlingua/gateway";
import {
  createChatShortener,
  createChatTranslator,
  createDirectoryImageBlobStore,
  createGenerateContentImageProvider,
  createImageTaskService,
  createResponsesImageProvider,
  type ImageTaskService,
} from "@interlingua/image-task";
import type { ServeConfigFile } from "./serve-config-file";

/** Where the running gateway is, for what the image-task service needs of it. */
export interface ServeImageTaskContext {
  /** The address serve listens on; the default `publicBaseURL`. */
  listeningURL: string;
  /** The gateway's own handler: translations go through it in-process, like any caller's. */
  gatewayFetch: (request: Request) => Promise<Response>;
  /** Where tasks and images are kept (serve's data folder, or Redis); default in memory. */
  storage?: KeyValueStorage;
  /** The Redis every instance shares: tasks then run on its job queue, keys under `prefix`. */
  redis?: { url: string; prefix?: string };
  /** Told about notify deliveries given up or refused, so none is dropped silently (serve logs them). */
  onNotifyFailure?: (failure: { taskId: string; hook: string; attempts: number; reason: string }) => void;
}

/** Base URL the in-process translator calls; never resolved, the gateway answers it directly. */
const inProcessBaseURL = "http://interlingua.internal";

/**
 * The image-task service of serve's `imageTask` section: one account on an image backend built
 * from the named provider's settings (generate-content or responses), the gateway's `auth.keys` as
 * its keys, and, with `translateWith`, Chinese prompts translated by that model through the
 * gateway's own chat route (presenting the gateway's first key).
 */
export function createServeImageTaskService(
  section: NonNullable<ServeConfigFile["imageTask"]>,
  gateway: GatewayConfig,
  context: ServeImageTaskContext,
): ImageTaskService {
  const providerFormat = defaultGatewayFormats.find(
    (format) => format.codec.id === section.providerConfig.type,
  );
  if (providerFormat === undefined) throw new TypeError(`no codec for '${section.providerConfig.type}'`);
  const chat = providerFormat.createProvider({
    baseURL: section.providerConfig.baseURL,
    apiKey: section.providerConfig.apiKey,
    ...(section.providerConfig.headers === undefined ? {} : { headers: section.providerConfig.headers }),
    ...(gateway.fetch === undefined ? {} : { fetch: gateway.fetch }),
  });
  const backendOptions = {
    provider: chat,
    model: section.model,
    ...(section.describeModel === undefined ? {} : { describeModel: section.describeModel }),
  };
  const backend: ImageProvider =
    section.providerConfig.type === "responses"
      ? createResponsesImageProvider(backendOptions)
      : createGenerateContentImageProvider(backendOptions);
  const keys = gateway.auth?.keys ?? [];
  if (section.adminKeys !== undefined && keys.length === 0) {
    // Admin keys alone would close an open interface to every other caller.
    throw new TypeError("imageTask.adminKeys needs auth.keys: an open gateway cannot have admin keys");
  }
  const adminKeys = (section.adminKeys ?? []).map((key) => ({ key, scopes: ["admin" as const] }));
  return createImageTaskService({
    ...(gateway.auth === undefined ? {} : { auth: { keys: [...keys, ...adminKeys] } }),
    backends: { [section.provider]: backend },
    // Never stored in a task: an upstream that rejects the key may quote it in its error.
    secrets: [section.providerConfig.apiKey],
    accounts: [
      {
        instanceId: section.provider,
        channelId: section.provider,
        backend: section.provider,
        modes: ["FAST", "RELAX", "TURBO"],
        ...(section.concurrency === undefined ? {} : { concurrency: section.concurrency }),
        ...(section.queueSize === undefined ? {} : { queueSize: section.queueSize }),
      },
    ],
    ...(context.storage === undefined ? {} : { storage: context.storage }),
    ...(section.retention === undefined ? {} : { retention: section.retention }),
    ...(section.notify === undefined && context.onNotifyFailure === undefined
      ? {}
      : {
          notify: {
            ...section.notify,
            ...(context.onNotifyFailure === undefined ? {} : { onDeliveryFailure: context.onNotifyFailure }),
          },
        }),
    ...(section.rateLimit === undefined ? {} : { rateLimit: section.rateLimit }),
    ...(context.redis === undefined ? {} : { queue: { ...section.queue, ...context.redis } }),
    ...(section.blobDirectory === undefined
      ? {}
      : { blobs: createDirectoryImageBlobStore(resolve(section.blobDirectory)) }),
    ...(section.translateWith === undefined
      ? {}
      : { translator: createChatTranslator(gatewayChat(section.translateWith, gateway, context)) }),
    ...(section.shortenWith === undefined
      ? {}
      : { shortener: createChatShortener(gatewayChat(section.shortenWith, gateway, context)) }),
    ...(section.bannedWords === undefined ? {} : { bannedWords: section.bannedWords }),
    publicBaseURL: section.publicBaseURL ?? context.listeningURL,
  });
}

/**
 * Where the service is mounted: `/img` and `/mj` (and the speed-mode prefixes `/mj-fast` …), and the same below the path of `publicBaseURL`
 * when it has one (`https://example.com/images` → `/images/img` too), so its image URLs resolve
 * whether a reverse proxy keeps that path or strips it.
 */
export function imageTaskMountPaths(section: NonNullable<ServeConfigFile["imageTask"]>): string[] {
  const basePath =
    section.publicBaseURL === undefined ? "" : new URL(section.publicBaseURL).pathname.replace(/\/+$/, "");
  // The speed-mode prefixes relays use (`/mj-fast/mj/…`), in both spellings.
  const modes = ["fast", "relax", "turbo"].flatMap((mode) => [`/mj-${mode}`, `/img-${mode}`]);
  const prefixes = ["/img", "/mj", ...modes];
  return basePath === "" ? prefixes : [...prefixes, ...prefixes.map((prefix) => `${basePath}${prefix}`)];
}

/** A chat route to `model` through the gateway in-process, in the first format it serves. */
function gatewayChat(
  model: string,
  gateway: GatewayConfig,
  context: ServeImageTaskContext,
): { provider: ChatProvider; model: string } {
  const served = new Set<string>(gateway.fronts ?? defaultGatewayFormats.map((format) => format.codec.id));
  const front = defaultGatewayFormats.find((format) => served.has(format.codec.id));
  if (front === undefined) throw new TypeError("the gateway serves no format to chat through");
  const provider = front.createProvider({
    baseURL: inProcessBaseURL,
    apiKey: gateway.auth?.keys[0] ?? "interlingua-image-task",
    fetch: (input, init) => context.gatewayFetch(new Request(input, init)),
  });
  return { provider, model };
}
