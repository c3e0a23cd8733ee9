import { decodePathSegment } from "@interlingua/core";
import {
  createResponsesConversationState,
  createResponsesProvider,
  responsesCodec,
} from "@interlingua/responses";
import type { GatewayFormat, ListedModel } from "./gateway-format";

const modelsPath = /^\/v1\/models(?:\/([^/]+))?\/?$/;

function describe(model: ListedModel) {
  return { id: model.id, object: "model", created: 0, owned_by: model.provider };
}

/**
 * The responses format in the gateway: `GET /v1/models` in the list shape its clients read, and
 * `previous_response_id` served from a response store when the backend speaks another format, each
 * caller's key seeing only the conversations it stored, under ids the gateway issues.
 */
export const responsesGatewayFormat: GatewayFormat = {
  codec: responsesCodec,
  toolCallsCarryState: false,
  passThroughHeaders: ["openai-beta"],
  sseComments: true,
  continuationOf(wire) {
    const id = (wire as { previous_response_id?: unknown }).previous_response_id;
    return typeof id === "string" ? { id, param: "previous_response_id" } : undefined;
  },
  createProvider: (options) => createResponsesProvider(options),
  models: {
    match(_request, url) {
      const match = modelsPath.exec(url.pathname);
      if (!match) return undefined;
      return match[1] === undefined ? {} : { model: decodePathSegment(match[1], "model") };
    },
    encodeList: (models) => ({ object: "list", data: models.map(describe) }),
    encodeModel: describe,
  },
  createConversationState(store) {
    const state = createResponsesConversationState({ store });
    return {
      issueResponseId: state.issueResponseId,
      // The gateway keeps the conversation itself, so `store` is served here, not lost upstream.
      async expand(request, context, tenant) {
        const { store: _served, ...expanded } = await state.forTenant(tenant).expand(request, context);
        return expanded;
      },
      remember: (request, response, tenant) => state.forTenant(tenant).remember(request, response),
    };
  },
};
