import { decodePathSegment } from "@interlingua/core";
import {
  messagesApiVersion,
  messagesErrorToWire,
  messagesHttpBinding,
  messagesProviderCapabilities,
} from "@interlingua/messages/http";
import { modelGlobPattern } from "../routing/model-glob-pattern";
import { createLazyCodec } from "./create-lazy-codec";
import { createLazyProvider } from "./create-lazy-provider";
import type { GatewayFormat, ListedModel } from "./gateway-format";
import { createLazyModule } from "./lazy-module";
import { listModelIds } from "./list-model-ids";
import { messagesTokenCount } from "./messages-token-count";

/** The messages codec and provider, loaded on the format's first use. */
const messages = createLazyModule("messages format", () => import("@interlingua/messages"));

const modelsPath = /^\/v1\/models(?:\/([^/]+))?\/?$/;

function describe(model: ListedModel) {
  return { type: "model", id: model.id, display_name: model.id, created_at: "1970-01-01T00:00:00Z" };
}

/**
 * The messages format in the gateway. Its model listing is `GET /v1/models`, told apart from the
 * responses format's by the `anthropic-version` or `x-api-key` header its clients always send.
 */
export const messagesGatewayFormat: GatewayFormat = {
  codec: createLazyCodec(
    { id: "messages", http: messagesHttpBinding, errorToWire: messagesErrorToWire },
    messages,
    (module) => module.messagesCodec,
  ),
  load: messages.load,
  toolCallsCarryState: false,
  passThroughHeaders: ["anthropic-beta"],
  sseComments: true,
  createProvider: ({ modelRules, ...options }) =>
    createLazyProvider(messages, { id: "messages", capabilities: messagesProviderCapabilities }, (module) =>
      module.createMessagesProvider({
        ...options,
        modelFamilies: modelRules?.map((rule) => ({
          name: rule.model,
          pattern: modelGlobPattern(rule.model),
          oneSamplingSetting: rule.oneSamplingSetting ?? false,
        })),
      }),
    ),
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
    listUpstream: (options, signal) =>
      listModelIds(options, signal, {
        path: "/v1/models",
        headers: { "x-api-key": options.apiKey, "anthropic-version": messagesApiVersion },
        first: { limit: "1000" },
        read(page) {
          const { data, has_more, last_id } = page as {
            data?: { id?: unknown }[];
            has_more?: unknown;
            last_id?: unknown;
          };
          const next =
            has_more === true && typeof last_id === "string"
              ? { limit: "1000", after_id: last_id }
              : undefined;
          return { ids: data?.map((model) => model.id), next };
        },
      }),
  },
  owns: {
    path: (url) => /\/v1\/messages(?:\/|$)/.test(url.pathname),
    caller: (headers) => headers.has("x-api-key") || headers.has("anthropic-version"),
  },
  tokenCount: messagesTokenCount,
};
