import {
  type ChatEvent,
  type ChatProvider,
  createConversionContext,
  createJsonSseEncoderStream,
  createMemoryResponseStore,
  createResponseAccumulator,
  type ResponseStore,
  toCanonicalError,
} from "@interlingua/core";
import { createResponsesConversationState } from "../../src/conversation/create-responses-conversation-state";
import { responsesCodec } from "../../src/responses-codec";

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

/**
 * A minimal responses-format front for tests: the codec decodes the caller's request, the
 * conversation state serves `previous_response_id` over `store` (unless the backend speaks this
 * format, which gets the id as it is), `backend` answers in canonical form, and the codec encodes
 * the answer (whole or as SSE) or the error.
 */
export function createResponsesFront(
  backend: ChatProvider,
  store: ResponseStore = createMemoryResponseStore(),
): (request: Request) => Promise<Response> {
  const conversations = createResponsesConversationState({ store });
  const stateful = conversations.appliesTo(backend);
  return async (httpRequest) => {
    if (!responsesCodec.http.matchChatRequest(httpRequest.method, new URL(httpRequest.url)))
      return json(404, {
        error: { message: "Not found", type: "invalid_request_error", param: null, code: null },
      });
    try {
      const request = responsesCodec.decodeRequest(await httpRequest.json(), createConversionContext());
      const expanded = stateful ? await conversations.expand(request) : request;
      const context = createConversionContext({ request });
      if (!request.stream) {
        const response = await backend.generate(expanded, { signal: httpRequest.signal });
        if (stateful) await conversations.remember(request, response);
        return json(200, responsesCodec.encodeResponse(response, context));
      }
      const accumulator = createResponseAccumulator();
      const events = (await backend.stream(expanded, { signal: httpRequest.signal })).pipeThrough(
        new TransformStream<ChatEvent, ChatEvent>({
          transform(event, controller) {
            accumulator.add(event);
            controller.enqueue(event);
          },
          async flush() {
            if (stateful) await conversations.remember(request, accumulator.result());
          },
        }),
      );
      const body = events
        .pipeThrough(responsesCodec.createStreamEncoder(context))
        .pipeThrough(createJsonSseEncoderStream(responsesCodec.sseEventName));
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    } catch (thrown) {
      const wire = responsesCodec.errorToWire(toCanonicalError(thrown));
      return json(wire.status, wire.body, wire.headers);
    }
  };
}
