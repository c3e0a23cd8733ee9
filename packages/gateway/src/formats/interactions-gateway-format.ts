import { CanonicalError } from "@interlingua/core";
import {
  interactionsErrorToWire,
  interactionsHttpBinding,
  interactionsProviderCapabilities,
  matchInteractionsPath,
} from "@interlingua/interactions/http";
import type { ResponsesConversationState } from "@interlingua/responses";
import { handleStoredInteraction } from "../pipeline/handle-stored-interaction";
import { createLazyCodec } from "./create-lazy-codec";
import { createLazyProvider } from "./create-lazy-provider";
import type { GatewayFormat } from "./gateway-format";
import { generateContentGatewayFormat } from "./generate-content-gateway-format";
import { createLazyModule } from "./lazy-module";

/**
 * The interactions codec and provider, with the responses conversation state its front keeps
 * `previous_interaction_id` with, loaded on the format's first use.
 */
const interactions = createLazyModule("interactions format", async () => {
  const [module, responses] = await Promise.all([
    import("@interlingua/interactions"),
    import("@interlingua/responses"),
  ]);
  return { ...module, createResponsesConversationState: responses.createResponsesConversationState };
});

/** The error of a stored conversation not found, named the way this format's callers name it. */
function renamedParam(thrown: unknown): unknown {
  if (CanonicalError.isInstance(thrown) && thrown.param === "previous_response_id")
    return new CanonicalError(
      thrown.kind,
      thrown.message.replace("Previous response", "Previous interaction"),
      {
        param: "previous_interaction_id",
        code: thrown.code,
      },
    );
  return thrown;
}

/**
 * Gemini's Interactions API in the gateway: `POST /{v1beta|v1}/interactions` in front over any
 * backend, with `previous_interaction_id` served from the response store when the backend speaks
 * another format (each caller's key seeing only the interactions it stored, under ids the gateway
 * issues, and `store: false` keeping nothing); those stored interactions can be read, deleted and
 * (refused as finished) cancelled. There, `background: true` runs as a background run that `GET`
 * polls and `cancel` stops, and the events of a stored stream are kept so that `GET` with
 * `stream=true` resumes it after `last_event_id`. As a backend: the stateless `interactions` provider. It shares
 * the generate-content format's model listing and key style (`x-goog-api-key` or `?key=`).
 */
export const interactionsGatewayFormat: GatewayFormat = {
  codec: createLazyCodec(
    { id: "interactions", http: interactionsHttpBinding, errorToWire: interactionsErrorToWire },
    interactions,
    (module) => module.interactionsCodec,
  ),
  load: interactions.load,
  toolCallsCarryState: false,
  passThroughHeaders: [],
  continuationOf(wire) {
    const id = (wire as { previous_interaction_id?: unknown }).previous_interaction_id;
    return typeof id === "string" ? { id, param: "previous_interaction_id" } : undefined;
  },
  createProvider: (options) =>
    createLazyProvider(
      interactions,
      { id: "interactions", capabilities: interactionsProviderCapabilities },
      (module) =>
        module.createInteractionsProvider({
          baseURL: options.baseURL,
          apiKey: options.apiKey,
          headers: options.headers,
          fetch: options.fetch,
        }),
    ),
  models: generateContentGatewayFormat.models,
  owns: {
    path: (url) => /\/(?:v1beta|v1|v1alpha)\/interactions(?:\/|$)/.test(url.pathname),
    caller: (headers) => headers.has("x-goog-api-key"),
  },
  sideEndpoints: [
    {
      match(url) {
        const path = matchInteractionsPath(url.pathname);
        if (path?.kind !== "resource") return undefined;
        return { id: path.id, cancel: String(path.cancel) };
      },
      methods: ["GET", "DELETE", "POST"],
      async handle(call) {
        const cancel = call.params.cancel === "true";
        if (cancel !== (call.method === "POST"))
          throw new CanonicalError("method_not_allowed", `${call.method} is not served on this path.`);
        return handleStoredInteraction(call);
      },
    },
  ],
  runs: {
    background(wire) {
      const body = wire as { background?: unknown; store?: unknown };
      if (body.background !== true) return false;
      // Google's API keeps what a background interaction produces to be polled: `store: false` is refused.
      if (body.store === false)
        throw new CanonicalError(
          "invalid_request",
          "A background interaction is stored to be polled: background requires store to be true.",
          { param: "background" },
        );
      return true;
    },
    eventIdOf(wire) {
      const id = (wire as { event_id?: unknown }).event_id;
      return typeof id === "string" ? id : undefined;
    },
    withoutServed(request) {
      const kept = request.extensions?.interactions;
      if (kept === undefined || !("background" in kept)) return request;
      const { background: _served, ...rest } = kept;
      return { ...request, extensions: { ...request.extensions, interactions: rest } };
    },
  },
  createConversationState(store) {
    // Made on first use: the gateway has loaded the format by then.
    let made: ResponsesConversationState | undefined;
    const state = () => (made ??= interactions.get().createResponsesConversationState({ store }));
    const retrieve = async (id: string, tenant: string) => {
      const record = await store.get(id);
      // Another tenant's exchange reads exactly as an unknown one.
      return record && (record.owner ?? "") === tenant ? record : undefined;
    };
    return {
      issueResponseId: () => state().issueResponseId(),
      // The gateway keeps the conversation itself, so `store` is served here, not sent upstream.
      async expand(request, context, tenant) {
        try {
          const { store: _served, ...expanded } = await state().forTenant(tenant).expand(request, context);
          return expanded;
        } catch (thrown) {
          throw renamedParam(thrown);
        }
      },
      remember: (request, response, tenant) => state().forTenant(tenant).remember(request, response),
      retrieve,
      async forget(id, tenant) {
        return (await retrieve(id, tenant)) !== undefined && store.delete(id);
      },
    };
  },
};
