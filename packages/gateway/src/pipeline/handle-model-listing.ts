import { CanonicalError } from "@interlingua/core";
import type { Front, GatewayRuntime } from "./gateway-runtime";
import { listServedModels } from "./list-served-models";

/**
 * A front's model-listing endpoint: every model the gateway serves by name (see
 * {@link listServedModels}: exact names, aliases, and what glob routes' upstreams list), or one of
 * them (a name any route matches, globs included, is known), in the front format's own shape.
 */
export async function handleModelListing(
  runtime: GatewayRuntime,
  front: Front,
  model: string | undefined,
): Promise<Response> {
  const { models } = front.format;
  if (model === undefined) return Response.json(models.encodeList(await listServedModels(runtime)));
  const route = runtime.router.resolve(model);
  if (!route)
    throw new CanonicalError("not_found", `The model '${model}' is not served here.`, {
      param: "model",
      code: "model_not_found",
    });
  return Response.json(models.encodeModel({ id: model, provider: route.provider }));
}
