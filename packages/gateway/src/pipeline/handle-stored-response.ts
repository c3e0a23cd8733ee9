import { CanonicalError, type ChatRequest, createConversionContext } from "@interlingua/core";
import type { SideEndpointCall } from "../formats/gateway-format";
import { sealResponseParts } from "../opaque/seal-response-parts";

function unknownResponse(id: string): CanonicalError {
  return new CanonicalError("not_found", `Response with id '${id}' not found.`, { code: "not_found" });
}

/**
 * `GET` and `DELETE` of a response the gateway keeps (`/v1/responses/{id}`), from the front's
 * conversation store and only for the tenant that stored it: another tenant's id, an expired one and
 * an unknown one get the very same 404. `GET` answers the response object as it was first answered
 * (output sealed for the caller again; of the request's settings only the instructions and the
 * previous response id are kept, the others read as their defaults); `DELETE` answers
 * `{id, object: "response", deleted: true}`. Responses a responses-format upstream keeps itself
 * (exchanges passed through) are not in the gateway's store and are answered 404.
 */
export async function handleStoredResponse(call: SideEndpointCall): Promise<Response> {
  const { front, runtime, tenant } = call;
  const id = call.params.id ?? "";
  const conversation = front.conversation;
  if (!conversation) throw unknownResponse(id);
  if (call.method === "DELETE") {
    if (!(await conversation.forget(id, tenant))) throw unknownResponse(id);
    return Response.json({ id, object: "response", deleted: true });
  }
  if (new URL(call.request.url).searchParams.get("stream") === "true")
    throw new CanonicalError("invalid_request", "Streaming a stored response is not supported here.", {
      param: "stream",
      code: "unsupported_parameter",
    });
  const record = await conversation.retrieve(id, tenant);
  if (!record) throw unknownResponse(id);
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
