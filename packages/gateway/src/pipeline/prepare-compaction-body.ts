import type { ConversionContext } from "@interlingua/core";
import { carriesSealedState } from "../opaque/carries-sealed-state";
import type { OpaqueSealer } from "../opaque/create-opaque-sealer";
import { unsealRequest } from "../opaque/unseal-request";
import type { Front } from "./gateway-runtime";

/**
 * A compaction body (the format's request fields: `model`, `input`, `previous_response_id`…) made
 * ready for the front format's own backend, as a chat request would be: a `previous_response_id` the
 * gateway keeps for this tenant (a conversation held for a backend of another format) is replaced by
 * the history it names, put in front of the input; and state the gateway sealed into the input is
 * opened (tool-call ids get their upstream ids back, this format's state is restored, another
 * format's is dropped with a loss in `context`; a forged envelope is a 400). A body needing neither
 * comes back unchanged, byte for byte what the caller sent; an id the gateway does not keep stays,
 * for the backend whose own conversation it may be.
 */
export async function prepareCompactionBody(
  wire: Record<string, unknown>,
  front: Front,
  tenant: string,
  sealer: OpaqueSealer,
  context: ConversionContext,
): Promise<Record<string, unknown>> {
  const previous = wire.previous_response_id;
  const kept =
    typeof previous === "string" && (await front.conversation?.retrieve(previous, tenant)) !== undefined;
  if (!kept && !carriesSealedState(wire.input)) return wire;
  const { codec } = front.format;
  const fields = {
    model: wire.model,
    input: wire.input ?? [],
    previous_response_id: kept ? previous : undefined,
  };
  let request = codec.decodeRequest(fields, context, {});
  if (kept && front.conversation) request = await front.conversation.expand(request, context, tenant);
  request = await unsealRequest(request, codec.id, sealer, context);
  const encoded = codec.encodeRequest(request, context) as Record<string, unknown>;
  const { previous_response_id: _expanded, ...rest } = wire;
  return { ...(kept ? rest : wire), input: encoded.input };
}
