import type { ListedModel } from "../formats/gateway-format";
import { matchModelPattern } from "../routing/match-model-pattern";
import type { GatewayRuntime } from "./gateway-runtime";

/**
 * Every model the gateway serves by name: the exact names routes give (aliases included), then, for
 * each glob route, the ids its provider's upstream lists that the glob matches and that the routes
 * really send there under the same name (an earlier route does not take them). Each id once; an
 * upstream whose listing fails adds nothing.
 */
export async function listServedModels(runtime: GatewayRuntime): Promise<ListedModel[]> {
  const models = runtime.router.listModels();
  const seen = new Set(models.map((model) => model.id));
  const globs = runtime.router.listGlobs();
  const listings = await Promise.all(
    globs.map((glob) => {
      const target = runtime.targets.get(glob.provider);
      return target ? runtime.upstreamModels.list(target) : [];
    }),
  );
  globs.forEach((glob, index) => {
    for (const id of listings[index] ?? []) {
      if (seen.has(id) || !matchModelPattern(glob.pattern, id)) continue;
      const route = runtime.router.resolve(id);
      if (route?.provider !== glob.provider || route.upstreamModel !== id) continue;
      seen.add(id);
      models.push({ id, provider: glob.provider });
    }
  });
  return models;
}
