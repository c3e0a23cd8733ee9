import { CanonicalError } from "@interlingua/core";
import type { Front, GatewayRuntime } from "./gateway-runtime";

/**
 * A front's model-listing endpoint: every exact model name the routes serve, or one of them (a
 * name any route matches, globs included, is known), in the front format's own shape.
 */
export function handleModelListing(
  runtime: GatewayRuntime,
  front: Front,
  model: string | undefined,
): Response {
  const { models } = front.format;
  if (model === undefined) return Response.json(models.encodeList(runtime.router.listModels()));
  const route = runtime.router.resolve(model);
  if (!route)
    throw new CanonicalError("not_found", `The model '${model}' is not served here.`, {
      param: "model",
      code: "model_not_found",
    });
  return Response.json(models.encodeModel({ id: model, provider: route.provider }));
}
