import type { ChatProvider } from "@interlingua/core";
import type { KeyVerifier } from "../auth/create-key-verifier";
import type { ConversionReport } from "../config/gateway-config-schema";
import type {
  FrontConversationState,
  GatewayFormat,
  GatewayProviderOptions,
} from "../formats/gateway-format";
import type { ExchangeObservation } from "../observe/create-exchange-observation";
import type { OpaqueSealer } from "../opaque/create-opaque-sealer";
import type { Router } from "../routing/create-router";
import type { BackgroundRunner } from "../runs/background-runner";
import type { RunStore } from "../runs/run-store";
import type { SecretRedactor } from "./create-secret-redactor";
import type { UpstreamModelCatalog } from "./create-upstream-model-catalog";
import type { UpstreamFetch } from "./upstream-answer";
import type { UpstreamContinuations } from "./upstream-continuations";

/** A configured provider, with what the pipeline needs to call it. */
export interface ProviderTarget {
  /** The `providers` key. */
  name: string;
  /** The provider itself. */
  provider: ChatProvider;
  /** Whether to call it streaming even for whole-answer callers. */
  streamUpstream: boolean;
  /** For providers configured by type: the format and call options, so same-format calls can skip re-encoding. */
  direct?: { format: GatewayFormat; options: GatewayProviderOptions };
}

/** A front the gateway serves: its format and, when the format needs it, its conversation state. */
export interface Front {
  format: GatewayFormat;
  conversation?: FrontConversationState;
}

/** Everything a request handler needs, built once by `createGateway`. */
export interface GatewayRuntime {
  fronts: Front[];
  /** Every known format by id, fronts or not. */
  formats: Map<string, GatewayFormat>;
  keys: KeyVerifier;
  router: Router;
  targets: Map<string, ProviderTarget>;
  sealer: OpaqueSealer;
  redact: SecretRedactor;
  maxBodyBytes: number;
  /** The upstream fetch, with the configured timeouts (and calls without a `Response`, on Node). */
  fetch: UpstreamFetch;
  /** Milliseconds of silence after which an SSE caller gets a `: keepalive` comment. */
  keepaliveMs: number;
  /** Which tenant received each answer id of a same-format upstream that keeps conversations. */
  continuations: UpstreamContinuations;
  /** Runs answered apart from their caller or streamed for resuming: their state and events. */
  runs: RunStore;
  /** This instance's background runs. */
  runner: BackgroundRunner;
  report(report: ConversionReport): void;
  /** What upstreams list as their models, cached, for the listing of what glob routes serve. */
  upstreamModels: UpstreamModelCatalog;
  /** Every exchange's record, its upstream calls, and the `observe` hooks and telemetry. */
  observation: ExchangeObservation;
}
