import type { RouteConfig } from "../config/gateway-config-schema";
import { isModelGlob, matchModelPattern } from "./match-model-pattern";

/** Where a model goes: the provider name and the model name to send upstream. */
export interface ResolvedRoute {
  provider: string;
  upstreamModel: string;
}

/** Model routing over the configured, ordered routes. */
export interface Router {
  /** The first route whose pattern matches, or undefined. */
  resolve(model: string): ResolvedRoute | undefined;
  /** The exact model names routes name, in route order, once each (globs cannot be listed). */
  listModels(): { id: string; provider: string }[];
  /**
   * The glob routes that send the model name upstream as it is (no `upstreamModel`), in route
   * order: what their upstream lists under the glob is what they serve.
   */
  listGlobs(): { pattern: string; provider: string }[];
}

/** Creates a {@link Router}. */
export function createRouter(routes: readonly RouteConfig[]): Router {
  return {
    resolve(model) {
      const route = routes.find((candidate) => matchModelPattern(candidate.model, model));
      return route && { provider: route.provider, upstreamModel: route.upstreamModel ?? model };
    },
    listModels() {
      const seen = new Set<string>();
      const models: { id: string; provider: string }[] = [];
      for (const route of routes) {
        if (isModelGlob(route.model) || seen.has(route.model)) continue;
        seen.add(route.model);
        models.push({ id: route.model, provider: route.provider });
      }
      return models;
    },
    listGlobs() {
      return routes
        .filter((route) => isModelGlob(route.model) && route.upstreamModel === undefined)
        .map((route) => ({ pattern: route.model, provider: route.provider }));
    },
  };
}
