import type { SideEndpoint } from "../formats/gateway-format";
import type { Front, GatewayRuntime } from "./gateway-runtime";
import { methodNotAllowed } from "./method-not-allowed";

/** A request matched to a front's side endpoint: the front that answers, and the answer to run once the caller's key is verified. */
export interface SideEndpointMatch {
  front: Front;
  handle(): Promise<Response>;
}

/**
 * The first side endpoint of the fronts (in their order) whose path the URL is, ready to answer:
 * a method it does not serve is a 405 naming those it does, a path parameter it cannot read a 400,
 * both in the front's format. Undefined when no side endpoint serves the path.
 */
export function dispatchSideEndpoint(
  runtime: GatewayRuntime,
  request: Request,
  url: URL,
): SideEndpointMatch | undefined {
  const method = request.method.toUpperCase();
  for (const front of runtime.fronts) {
    for (const endpoint of front.format.sideEndpoints ?? []) {
      let params: Record<string, string> | undefined;
      try {
        params = endpoint.match(url);
      } catch (thrown) {
        return { front, handle: () => Promise.reject(thrown) };
      }
      if (params !== undefined) return { front, handle: () => run(endpoint, front, params) };
    }
  }
  return undefined;

  async function run(
    endpoint: SideEndpoint,
    front: Front,
    params: Record<string, string>,
  ): Promise<Response> {
    if (!endpoint.methods.includes(method)) throw methodNotAllowed(method, endpoint.methods.join(", "));
    const tenant = runtime.keys.tenantOf(front.format.codec.http.readApiKey(request));
    return endpoint.handle({ runtime, front, request, method, params, tenant });
  }
}
