import type {
  AnyCodec,
  ChatProvider,
  ChatRequest,
  ChatResponse,
  ConversionContext,
  ResponseStore,
  StoredResponse,
} from "@interlingua/core";
import type { ModelRuleConfig } from "../config/gateway-config-schema";
import type { Front, GatewayRuntime } from "../pipeline/gateway-runtime";
import type { TokenCountBinding } from "./token-count-binding";

/** A model as the gateway lists it: the name callers use and the provider that serves it. */
export interface ListedModel {
  id: string;
  provider: string;
}

/** Options for {@link GatewayFormat.createProvider}. */
export interface GatewayProviderOptions {
  /** Base URL of the upstream, without the version path. */
  baseURL: string;
  /** Key presented upstream. */
  apiKey: string;
  /** Extra headers on every upstream call. */
  headers?: Record<string, string>;
  /** Fetch to call the upstream with. */
  fetch?: typeof fetch;
  /** The provider's own model-family entries (`providers.<name>.modelRules`), checked first. */
  modelRules?: readonly ModelRuleConfig[];
  /** The server's dialect, for a format whose servers differ (chat-completions: `deepseek`, `ollama`, ...). */
  dialect?: string;
  /** Path of the chat endpoint under `baseURL`, for a format whose servers differ (chat-completions). */
  path?: string;
}

/** How a stream body is framed: server-sent events, or one JSON array written element by element. */
export type StreamFraming = "sse" | "json-array";

/** A format's model-listing endpoint, shaped the way its clients expect. */
export interface ModelListingBinding {
  /**
   * Whether this is the format's model listing (any method; the gateway answers 405 to all but GET),
   * and which model it names when it asks for one. Throws an `invalid_request` CanonicalError for a
   * listing URL whose model it cannot read (`%ZZ`); the gateway answers it in this format.
   */
  match(request: Request, url: URL): { model?: string } | undefined;
  /** The listing body. */
  encodeList(models: readonly ListedModel[]): unknown;
  /** The body describing one model. */
  encodeModel(model: ListedModel): unknown;
  /**
   * The model ids an upstream of this format lists (its own model listing, every page), for the
   * gateway's listing of what glob routes serve. Throws when the upstream's listing fails.
   */
  listUpstream?(options: GatewayProviderOptions, signal: AbortSignal): Promise<string[]>;
}

/**
 * Which unknown paths belong to a format, so that a 404 for a path no endpoint serves comes in the
 * shape its clients read.
 */
export interface PathOwnership {
  /** Whether the path lies in this format's API (`/v1/messages…`, `/v1beta/…`). */
  path(url: URL): boolean;
  /** Whether the caller presents its key the way this format's clients do (for paths no format owns). */
  caller(headers: Headers): boolean;
}

/** What a {@link SideEndpoint} is called with: the caller's request, already authenticated. */
export interface SideEndpointCall {
  runtime: GatewayRuntime;
  front: Front;
  request: Request;
  /** The request method, upper case, one of the endpoint's `methods`. */
  method: string;
  /** The path parameters the endpoint's `match` read. */
  params: Record<string, string>;
  /** The caller's tenant (see `KeyVerifier.tenantOf`). */
  tenant: string;
}

/** An endpoint of a format beside chat and model listing (a stored response, a compaction). */
export interface SideEndpoint {
  /**
   * Whether the URL is this endpoint's (any method; the gateway answers 405 to the others), with
   * the path parameters it names. Throws an `invalid_request` CanonicalError for a parameter it
   * cannot read (`%ZZ`).
   */
  match(url: URL): Record<string, string> | undefined;
  /** The methods it answers. */
  readonly methods: readonly string[];
  /** The answer, or a thrown CanonicalError the gateway answers in the front's format. */
  handle(call: SideEndpointCall): Promise<Response>;
}

/**
 * Conversation state a front keeps for itself when its backend speaks another format (the
 * responses format's `previous_response_id`).
 */
export interface FrontConversationState {
  /**
   * The id the gateway gives the answer of an exchange it keeps (unguessable), in place of the
   * upstream's own: callers pass it back to continue.
   */
  issueResponseId(): string;
  /**
   * The request with the stored history it refers to filled in; history stored by another
   * `tenant` is answered as unknown.
   */
  expand(request: ChatRequest, context: ConversionContext, tenant: string): Promise<ChatRequest>;
  /** Keeps an answered exchange for later turns, as `tenant`'s own. */
  remember(request: ChatRequest, response: ChatResponse, tenant: string): Promise<void>;
  /** A stored exchange of `tenant`'s; another tenant's is answered as unknown (undefined). */
  retrieve(id: string, tenant: string): Promise<StoredResponse | undefined>;
  /** Forgets a stored exchange of `tenant`'s; false when unknown or another tenant's. */
  forget(id: string, tenant: string): Promise<boolean>;
}

/**
 * Answers run apart from their caller and streams kept for resuming, for a format whose clients
 * expect them (the interactions format's `background` and `last_event_id`). The gateway runs and
 * records them only over a backend of another format, where it keeps the conversation itself.
 */
export interface RunBinding {
  /**
   * Whether a create request asks to be run in the background. Throws an `invalid_request`
   * CanonicalError for a request the format refuses (`background` without `store`).
   */
  background(wire: unknown): boolean;
  /** The id a client of this format resumes a stream after, read from one of its stream events. */
  eventIdOf(wire: unknown): string | undefined;
  /** The decoded request without the fields the gateway serves itself (`background`), for loss reports. */
  withoutServed(request: ChatRequest): ChatRequest;
}

/**
 * Everything the gateway knows about one wire format, registered by composition: the codec, how to
 * build an upstream provider that speaks it, its model-listing endpoint, and optional front-side
 * conversation state. Shared gateway code reads only these, never a format id.
 */
export interface GatewayFormat {
  /** The format's codec; `codec.id` is the format id used in config. */
  readonly codec: AnyCodec;
  /** Whether the format's tool calls have a field of their own for opaque state (a thought signature). */
  readonly toolCallsCarryState: boolean;
  /** Caller headers that go upstream with a same-format pass-through (feature flags such as betas). */
  readonly passThroughHeaders: readonly string[];
  /**
   * Whether this format's clients skip SSE comment lines, so the gateway may send `: keepalive`
   * while an upstream thinks (some SDKs read only `data:` lines and would choke on one).
   */
  readonly sseComments?: boolean;
  /**
   * The data of a last SSE event that closes a stream body in this format (chat-completions
   * `[DONE]`): not JSON, so not an event of the codec, but sent after the last one of a stream
   * that did not fail (a failed stream ends at the format's error event, without it).
   */
  readonly sseDoneData?: string;
  /**
   * The answer id a request continues from (`previous_response_id`), for formats whose upstream
   * keeps conversations itself: the gateway lets only the tenant that received an id continue it.
   */
  continuationOf?(wire: unknown): { id: string; param: string } | undefined;
  /** How a streamed answer to this request URL is framed; SSE when absent. */
  streamFraming?(url: URL): StreamFraming;
  /** An upstream provider speaking this format. */
  createProvider(options: GatewayProviderOptions): ChatProvider;
  /**
   * Loads what the format leaves to its first use (its codec's conversions and its provider, kept
   * out of a bundle's start-up chunk: see `createLazyModule`); the gateway awaits it before the
   * format serves a request or a backend of it is called. A format with everything at hand has none.
   */
  load?(): Promise<unknown>;
  /** The model-listing endpoint. */
  readonly models: ModelListingBinding;
  /** Which unknown paths are this format's; without it, none are. */
  readonly owns?: PathOwnership;
  /** Endpoints beside chat and model listing, matched in order. */
  readonly sideEndpoints?: readonly SideEndpoint[];
  /** The token-counting endpoint, where the format has one. */
  readonly tokenCount?: TokenCountBinding;
  /** Background runs and resumable streams, where the format has them. */
  readonly runs?: RunBinding;
  /** Front-side conversation state over a store, for formats whose clients expect the server to keep history. */
  createConversationState?(store: ResponseStore): FrontConversationState;
}
