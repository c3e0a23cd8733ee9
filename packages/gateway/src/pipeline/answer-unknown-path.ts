import { CanonicalError } from "@interlingua/core";
import { errorResponse } from "./error-response";
import type { Front, GatewayRuntime } from "./gateway-runtime";

/**
 * The front whose format a path no endpoint serves belongs to: the one owning the path
 * (`/v1/messages…`, `/v1beta/…`, `/v1/responses…`), else the one whose clients present their key
 * the way this caller does, else the first front.
 */
export function frontForUnknownPath(fronts: readonly Front[], request: Request, url: URL): Front | undefined {
  return (
    fronts.find((front) => front.format.owns?.path(url)) ??
    fronts.find((front) => front.format.owns?.caller(request.headers)) ??
    fronts[0]
  );
}

/**
 * The 404 for a path no endpoint serves, in the shape of the format it belongs to (see
 * {@link frontForUnknownPath}), so the caller's SDK reads it as a not-found error; a gateway with
 * no fronts answers in a neutral JSON shape.
 */
export function answerUnknownPath(runtime: GatewayRuntime, request: Request, url: URL): Response {
  const message = `Nothing is served at ${request.method.toUpperCase()} ${url.pathname}.`;
  const front = frontForUnknownPath(runtime.fronts, request, url);
  if (!front) return Response.json({ error: { type: "not_found_error", message } }, { status: 404 });
  const error = new CanonicalError("not_found", message, { code: "unknown_path" });
  return errorResponse(front.format.codec, error, runtime.redact);
}
