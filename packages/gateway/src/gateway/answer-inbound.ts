import type { GatewayAnswer } from "../http/gateway-answer";
import type { InboundRequest } from "../http/inbound-request";

/**
 * The key of the gateway's internal entry that answers an {@link InboundRequest} with a
 * {@link GatewayAnswer}: what `gateway.fetch` runs, without the `Request` and `Response` around
 * it, for the Node entry (`serveNode`) to write straight to its socket (decision 0020). A registry
 * symbol, so that separately bundled entry points agree on it.
 */
export const answerInbound: unique symbol = Symbol.for("interlingua.gateway.answerInbound");

/** What holds the internal entry (a gateway made by `createGateway`). */
export interface InboundAnswerer {
  /** The gateway's answer to `request`, as `gateway.fetch` gives it but not yet a `Response`. */
  [answerInbound](request: InboundRequest): Promise<GatewayAnswer>;
}
