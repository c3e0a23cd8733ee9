import { CanonicalError, type ImageProvider } from "@interlingua/core";
import { createImageTaskService, createMemoryImageBlobStore } from "@interlingua/image-task";
import { createGateway, type Gateway } from "../../src/index";
import { fuzzKey } from "./fuzz-fronts";
import { inProcessUpstreams, type UpstreamFigures } from "./in-process-upstreams";

/** The body limit of the fuzzing gateway: small, so that crossing it is cheap. */
export const fuzzMaxBodyBytes = 256 * 1024;

const unavailable = async (): Promise<never> => {
  throw new CanonicalError("unavailable", "The fuzzing image backend makes no images.");
};

/** An image backend that takes every operation and fails each (tasks fail; submissions are what is fuzzed). */
const failingImages: ImageProvider = {
  id: "fuzz-images",
  capabilities: {
    operations: ["generate", "blend", "describe", "edit", "upscale", "vary", "pan", "zoom", "swapFace"],
  },
  generate: unavailable,
  blend: unavailable,
  describe: unavailable,
  edit: unavailable,
  upscale: unavailable,
  vary: unavailable,
  pan: unavailable,
  zoom: unavailable,
  swapFace: unavailable,
};

/**
 * A gateway to fuzz: every front, a key, the body limit at {@link fuzzMaxBodyBytes}, the three vendor
 * upstreams in process, and the image-task service mounted at `/img` and `/mj` (no network: notify
 * hooks resolve inside and are refused, and nothing is fetched).
 */
export function createFuzzGateway(): { gateway: Gateway; upstreams: UpstreamFigures; idle(): Promise<void> } {
  const upstreams = inProcessUpstreams();
  const noNetwork = (async () => {
    throw new Error("The fuzzing gateway makes no network calls.");
  }) as typeof fetch;
  const images = createImageTaskService({
    publicBaseURL: "http://gateway.test",
    auth: { keys: [fuzzKey] },
    backends: { fuzz: failingImages },
    accounts: [{ instanceId: "a1", channelId: "c1", backend: "fuzz" }],
    blobs: createMemoryImageBlobStore(),
    maxBodyBytes: fuzzMaxBodyBytes,
    fetch: noNetwork,
    notify: {
      resolveHost: async () => ["10.0.0.1"],
      fetch: noNetwork,
      maxAttempts: 1,
      onDeliveryFailure: () => undefined,
    },
  });
  const gateway = createGateway({
    ...upstreams.config,
    auth: { keys: [fuzzKey] },
    limits: { maxBodyBytes: fuzzMaxBodyBytes },
    mounts: { "/img": images, "/mj": images },
    secret: "a-sealing-secret-for-fuzzing",
  });
  return { gateway, upstreams: upstreams.figures, idle: () => images.idle() };
}
