import { type ChatProvider, eventBatchesOf, type ProviderCapabilities } from "@interlingua/core";
import type { LazyModule } from "./lazy-module";

/**
 * A provider made from `module` (see {@link LazyModule}) on its first call, which loads it: its `id`
 * and `capabilities` are given here (the package's own constants), so they read the same before.
 */
export function createLazyProvider<Module>(
  module: LazyModule<Module>,
  known: { id: string; capabilities: ProviderCapabilities },
  create: (module: Module) => ChatProvider,
): ChatProvider {
  let made: Promise<ChatProvider> | undefined;
  const provider = () => (made ??= module.load().then(create));
  return {
    id: known.id,
    capabilities: known.capabilities,
    generate: async (request, options) => (await provider()).generate(request, options),
    stream: async (request, options) => (await provider()).stream(request, options),
    async streamBatches(request, options) {
      const made = await provider();
      return made.streamBatches
        ? made.streamBatches(request, options)
        : eventBatchesOf(await made.stream(request, options));
    },
  };
}
