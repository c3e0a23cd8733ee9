/**
 * A module imported on first use (a format's codec and provider code), so that a bundler splits it
 * out of the start-up chunk; everything that defers to it shares the one import.
 */
export interface LazyModule<Module> {
  /** Imports the module, once; later calls give the same promise. */
  load(): Promise<Module>;
  /** The module, once {@link LazyModule.load} has resolved; throws before that. */
  get(): Module;
}

/** A {@link LazyModule} importing with `importer`, named `name` in the error of a use before loading. */
export function createLazyModule<Module>(name: string, importer: () => Promise<Module>): LazyModule<Module> {
  let loading: Promise<Module> | undefined;
  let loaded: Module | undefined;
  return {
    load() {
      loading ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          // A failed import (a missing chunk) is tried again on the next request.
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    get() {
      if (loaded === undefined) throw new Error(`The ${name} code was used before it was loaded`);
      return loaded;
    },
  };
}
