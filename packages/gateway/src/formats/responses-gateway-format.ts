import { decodePathSegment } from "@interlingua/core";
import type { ResponsesConversationState } from "@interlingua/responses";
import {
  responsesErrorToWire,
  responsesHttpBinding,
  responsesProviderCapabilities,
} from "@interlingua/responses/http";
import { forwardCompaction } from "../pipeline/forward-compaction";
import { handleStoredResponse } from "../pipeline/handle-stored-response";
import { modelGlobPattern } from "../routing/model-glob-pattern";
import { createLazyCodec } from "./create-lazy-codec";
import { createLazyProvider } from "./create-lazy-provider";
import type { GatewayFormat } from "./gateway-format";
import { createLazyModule } from "./lazy-module";
import { openAiModelListing } from "./openai-model-listing";
import { responsesTokenCount } from "./responses-token-count";

/** The responses codec, provider and conversation state, loaded on the format's first use. */
const responses = createLazyModule("responses format", () => import("@interlingua/responses"));

const compactPath = /\/v1\/responses\/compact\/?$/;
/** `/v1/responses/{id}` under any prefix; the names of the format's other endpoints are not ids. */
const storedResponsePath = /\/v1\/responses\/(?!(?:compact|input_tokens)\/?$)([^/]+)\/?$/;

/**
 * The responses format in the gateway: `GET /v1/models` in the list shape its clients read, and
 * `previous_response_id` served from a response store when the backend speaks another format, each
 * caller's key seeing only the conversations it stored, under ids the gateway issues; those stored
 * responses can be read and deleted (`GET`/`DELETE /v1/responses/{id}`), and `POST
 * /v1/responses/compact` goes to a responses backend.
 */
export const responsesGatewayFormat: GatewayFormat = {
  codec: createLazyCodec(
    { id: "responses", http: responsesHttpBinding, errorToWire: responsesErrorToWire },
    responses,
    (module) => module.responsesCodec,
  ),
  load: responses.load,
  toolCallsCarryState: false,
  passThroughHeaders: ["openai-beta"],
  sseComments: true,
  continuationOf(wire) {
    const id = (wire as { previous_response_id?: unknown }).previous_response_id;
    return typeof id === "string" ? { id, param: "previous_response_id" } : undefined;
  },
  createProvider: ({ modelRules, ...options }) =>
    createLazyProvider(
      responses,
      { id: "responses", capabilities: responsesProviderCapabilities },
      (module) =>
        module.createResponsesProvider({
          ...options,
          modelFamilies: modelRules?.map((rule) => ({
            name: rule.model,
            pattern: modelGlobPattern(rule.model),
            reasoning: rule.reasoning ?? false,
            ...(rule.efforts && { efforts: rule.efforts }),
            ...(rule.samplingEfforts && { samplingEfforts: rule.samplingEfforts }),
            ...(rule.defaultEffort && { defaultEffort: rule.defaultEffort }),
          })),
        }),
    ),
  models: openAiModelListing,
  owns: {
    path: (url) => /\/v1\/responses(?:\/|$)/.test(url.pathname),
    caller: (headers) => /^Bearer\s/i.test(headers.get("authorization") ?? ""),
  },
  sideEndpoints: [
    {
      match: (url) => (compactPath.test(url.pathname) ? {} : undefined),
      methods: ["POST"],
      handle: forwardCompaction,
    },
    {
      match(url) {
        const match = storedResponsePath.exec(url.pathname);
        return match?.[1] === undefined ? undefined : { id: decodePathSegment(match[1], "response_id") };
      },
      methods: ["GET", "DELETE"],
      handle: handleStoredResponse,
    },
  ],
  tokenCount: responsesTokenCount,
  createConversationState(store) {
    // Made on first use: the gateway has loaded the format by then.
    let made: ResponsesConversationState | undefined;
    const state = () => (made ??= responses.get().createResponsesConversationState({ store }));
    const retrieve = async (id: string, tenant: string) => {
      const record = await store.get(id);
      // Another tenant's exchange reads exactly as an unknown one.
      return record && (record.owner ?? "") === tenant ? record : undefined;
    };
    return {
      issueResponseId: () => state().issueResponseId(),
      // The gateway keeps the conversation itself, so `store` is served here, not lost upstream.
      async expand(request, context, tenant) {
        const { store: _served, ...expanded } = await state().forTenant(tenant).expand(request, context);
        return expanded;
      },
      remember: (request, response, tenant) => state().forTenant(tenant).remember(request, response),
      retrieve,
      async forget(id, tenant) {
        return (await retrieve(id, tenant)) !== undefined && store.delete(id);
      },
    };
  },
};
