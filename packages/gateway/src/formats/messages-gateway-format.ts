import { decodePathSegment } from "@interlingua/core";
import { createMessagesProvider, messagesCodec } from "@interlingua/messages";
import type { GatewayFormat, ListedModel } from "./gateway-format";
import { messagesTokenCount } from "./messages-token-count";

const modelsPath = /^\/v1\/models(?:\/([^/]+))?\/?$/;

function describe(model: ListedModel) {
  return { type: "model", id: model.id, display_name: model.id, created_at: "1970-01-01T00:00:00Z" };
}

/**
 * The messages format in the gateway. Its model listing is `GET /v1/models`, told apart from the
 * responses format's by the `anthropic-version` or `x-api-key` header its clients always send.
 */
export const messagesGatewayFormat: GatewayFormat = {
  codec: messagesCodec,
  toolCallsCarryState: false,
  passThroughHeaders: ["anthropic-beta"],
  sseComments: true,
  createProvider: (options) => createMessagesProvider(options),
  models: {
    match(request, url) {
      const match = modelsPath.exec(url.pathname);
      if (!match) return undefined;
      const headers = request.headers;
      if (!headers.has("anthropic-version") && !headers.has("x-api-key")) return undefined;
      return match[1] === undefined ? {} : { model: decodePathSegment(match[1], "model") };
    },
    encodeList(models) {
      return {
        data: models.map(describe),
        has_more: false,
        first_id: models[0]?.id ?? null,
        last_id: models.at(-1)?.id ?? null,
      };
    },
    encodeModel: describe,
  },
  tokenCount: messagesTokenCount,
};
