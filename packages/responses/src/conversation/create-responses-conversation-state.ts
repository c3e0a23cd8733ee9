import {
  CanonicalError,
  type ChatProvider,
  type ChatRequest,
  type ChatResponse,
  type ConversionContext,
  type Message,
  pointer,
  type ResponseStore,
  randomHexId,
  type StoredResponse,
} from "@interlingua/core";
import { responsesExtensions, responsesFormatId } from "../responses-extensions";

/** Options for {@link createResponsesConversationState}. */
export interface ResponsesConversationStateOptions {
  /** Where exchanges are kept (`createMemoryResponseStore()` in one process, a shared store across several). */
  store: ResponseStore;
  /** Clock for `createdAt`, epoch milliseconds. Defaults to `Date.now`. */
  now?: () => number;
}

/**
 * `previous_response_id` and `store` for a backend that keeps no state: the front side of a gateway
 * whose clients speak the responses format calls {@link ResponsesConversationState.expand} before
 * sending a request to a backend of another format, and {@link ResponsesConversationState.remember}
 * with the answer. When the backend speaks this format too ({@link ResponsesConversationState.appliesTo}
 * is false), the id passes through untouched and neither is needed.
 */
export interface ResponsesConversationState {
  /**
   * Whether this state serves conversations for requests going to `backend`: false when the
   * backend speaks the responses format itself (its `capabilities.wireFormat`), whose own store
   * keeps the conversation, so `previous_response_id` and `store` go upstream unchanged and
   * neither {@link expand} nor {@link remember} should be called.
   */
  appliesTo(backend: ChatProvider): boolean;
  /**
   * The request with the stored conversation it continues put in front of its messages: the chain
   * of `previousResponseId` links is followed to its start and each exchange's input and output is
   * replayed in order. Earlier instructions are not carried over (the format's rule);
   * `previousResponseId` is removed; tool results get the names of the stored calls they answer.
   * An id with no stored response (unknown, expired or a broken chain) is a `not_found` error
   * naming `previous_response_id`; so is an id stored by another tenant (see {@link forTenant}),
   * with the very same error. Item references, which only a responses backend can resolve, are
   * dropped with a loss recorded in `context`.
   */
  expand(request: ChatRequest, context?: ConversionContext): Promise<ChatRequest>;
  /**
   * Stores an exchange for later turns under `response.id`, unless the request said `store: false`
   * or the response failed. Pass the request as the client sent it (before {@link expand}), so only
   * its new input messages are kept. Give the response an id from {@link issueResponseId} first:
   * an upstream's own ids may be guessable.
   */
  remember(request: ChatRequest, response: ChatResponse): Promise<void>;
  /**
   * The same conversations as one tenant sees them (an opaque id of the caller, such as a digest
   * of its API key): what it remembers is stored as its own, and it can continue only from its own
   * exchanges. This state itself is the tenant without identity (`""`), for single-user setups.
   */
  forTenant(tenant: string): ResponsesConversationState;
  /** A new response id, `resp_` and 128 random bits in hex, for an exchange this state will keep. */
  issueResponseId(): string;
}

/**
 * The messages with each tool result that lacks its tool's name given the name of the call it
 * answers, found earlier in the conversation (a `function_call_output` names only the call id, and
 * the call may be in a stored turn; formats that key results by function name need it). Messages
 * that change are copied; the stored ones are never modified.
 */
function nameToolResults(messages: Message[]): Message[] {
  const names = new Map<string, string>();
  return messages.map((message) => {
    let changed = false;
    const parts = message.parts.map((part) => {
      if (part.type === "tool-call") names.set(part.id, part.name);
      if (part.type !== "tool-result" || part.name !== undefined) return part;
      const name = names.get(part.callId);
      if (name === undefined) return part;
      changed = true;
      return { ...part, name };
    });
    return changed ? { ...message, parts } : message;
  });
}

/** Creates a {@link ResponsesConversationState} over a response store. */
export function createResponsesConversationState(
  options: ResponsesConversationStateOptions,
): ResponsesConversationState {
  const { store } = options;
  const now = options.now ?? Date.now;

  const loadChain = async (firstId: string, tenant: string): Promise<StoredResponse[]> => {
    const chain: StoredResponse[] = [];
    const seen = new Set<string>();
    let id: string | undefined = firstId;
    while (id !== undefined && !seen.has(id)) {
      seen.add(id);
      const record = await store.get(id);
      // Another tenant's exchange is answered exactly as an unknown one, so ids reveal nothing.
      if (!record || (record.owner ?? "") !== tenant) {
        throw new CanonicalError("not_found", `Previous response with id '${id}' not found.`, {
          param: "previous_response_id",
          code: "previous_response_not_found",
        });
      }
      chain.push(record);
      id = record.previousResponseId;
    }
    return chain.reverse();
  };

  const scoped = (tenant: string): ResponsesConversationState => ({
    appliesTo(backend) {
      return backend.capabilities.wireFormat !== responsesFormatId;
    },

    async expand(request, context) {
      const messages = request.messages.filter((message, index) => {
        if (responsesExtensions(message)?.itemReference === undefined) return true;
        context?.lose(
          "dropped",
          pointer("", "messages", index),
          "an item_reference can only be resolved by a responses backend",
        );
        return false;
      });
      const { previousResponseId, ...rest } = request;
      if (previousResponseId === undefined)
        return messages.length === request.messages.length ? request : { ...rest, messages };
      const history: Message[] = [];
      for (const record of await loadChain(previousResponseId, tenant)) {
        history.push(...record.input);
        if (record.response.parts.length > 0)
          history.push({ role: "assistant", parts: record.response.parts });
      }
      return { ...rest, messages: nameToolResults([...history, ...messages]) };
    },

    async remember(request, response) {
      if (request.store === false || response.status === "failed") return;
      const record: StoredResponse = {
        id: response.id,
        input: request.messages,
        response,
        createdAt: now(),
      };
      if (tenant !== "") record.owner = tenant;
      if (request.previousResponseId !== undefined) record.previousResponseId = request.previousResponseId;
      if (request.instructions !== undefined) record.instructions = request.instructions;
      await store.set(record);
    },

    forTenant: scoped,

    issueResponseId() {
      return `resp_${randomHexId()}`;
    },
  });
  return scoped("");
}
