import { CanonicalError, type ChatRequest, createConversionContext } from "@interlingua/core";
import type { SideEndpointCall } from "../formats/gateway-format";
import { sealResponseParts } from "../opaque/seal-response-parts";

function unknownInteraction(id: string): CanonicalError {
  return new CanonicalError("not_found", `Interaction '${id}' was not found.`, { param: "id" });
}

/**
 * `GET`, `DELETE` and `POST …/cancel` of an interaction the gateway keeps
 * (`/{version}/interactions/{id}`), from the front's conversation store and only for the tenant that
 * stored it: another tenant's id and an unknown one get the very same 404. `GET` answers the
 * `Interaction` as it was first answered (output sealed for the caller again); `DELETE` answers `{}`.
 * The gateway answers every interaction whole before storing it, so none is still running: `cancel`
 * of a stored one is refused as the API refuses cancelling a finished interaction, and resuming a
 * stream (`GET` with `stream=true`) is refused, since no events are kept.
 */
export async function handleStoredInteraction(call: SideEndpointCall): Promise<Response> {
  const { front, runtime, tenant } = call;
  const id = call.params.id ?? "";
  const conversation = front.conversation;
  if (!conversation) throw unknownInteraction(id);
  if (call.method === "DELETE") {
    if (!(await conversation.forget(id, tenant))) throw unknownInteraction(id);
    return Response.json({});
  }
  const record = await conversation.retrieve(id, tenant);
  if (!record) throw unknownInteraction(id);
  if (call.params.cancel === "true")
    throw new CanonicalError(
      "invalid_request",
      `Interaction '${id}' is ${record.response.status}: only a background interaction that is still running can be cancelled.`,
      { param: "id", code: "FAILED_PRECONDITION" },
    );
  if (new URL(call.request.url).searchParams.get("stream") === "true")
    throw new CanonicalError(
      "invalid_request",
      "Resuming the stream of a stored interaction is not supported here.",
      {
        param: "stream",
      },
    );
  const { codec, toolCallsCarryState } = front.format;
  const context = createConversionContext();
  const request: ChatRequest = { model: record.response.model, messages: record.input };
  if (record.instructions) request.instructions = record.instructions;
  if (record.previousResponseId !== undefined) request.previousResponseId = record.previousResponseId;
  context.request = request;
  const response = {
    ...record.response,
    created: record.response.created ?? Math.floor(record.createdAt / 1000),
    parts: await sealResponseParts(
      record.response.parts,
      { format: codec.id, toolCallsCarryState },
      runtime.sealer,
    ),
  };
  const body = codec.encodeResponse(response, context);
  return new Response(runtime.redact(JSON.stringify(body)), {
    headers: { "content-type": "application/json" },
  });
}
