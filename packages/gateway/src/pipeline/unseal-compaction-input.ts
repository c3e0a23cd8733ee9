import type { ConversionContext } from "@interlingua/core";
import type { GatewayFormat } from "../formats/gateway-format";
import { carriesSealedState } from "../opaque/carries-sealed-state";
import type { OpaqueSealer } from "../opaque/create-opaque-sealer";
import { unsealRequest } from "../opaque/unseal-request";

/**
 * A compaction body (the format's request fields: `model`, `input`, `instructions`…) with the state
 * this gateway sealed into its `input` opened for a backend of `format`, as a chat request's would be:
 * tool-call ids get their upstream ids back, state made by this format is restored, and state made by
 * another format is dropped with a loss in `context` (a forged envelope is a 400). A body that holds
 * no sealed state comes back unchanged, byte for byte what the caller sent.
 */
export async function unsealCompactionInput(
  wire: Record<string, unknown>,
  format: GatewayFormat,
  sealer: OpaqueSealer,
  context: ConversionContext,
): Promise<Record<string, unknown>> {
  if (!carriesSealedState(wire.input)) return wire;
  const { codec } = format;
  const decoded = codec.decodeRequest({ model: wire.model, input: wire.input }, context, {});
  const opened = await unsealRequest(decoded, codec.id, sealer, context);
  const encoded = codec.encodeRequest(opened, context) as Record<string, unknown>;
  return { ...wire, input: encoded.input };
}
