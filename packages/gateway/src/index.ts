// The gateway
export {
  type CreateGatewayOptions,
  createGateway,
  type Gateway,
  type GatewayFetchContext,
} from "./gateway/create-gateway";
export { defaultGatewayFormats } from "./gateway/default-gateway-formats";
// Configuration
export { gatewayConfigFromEnvironment } from "./config/gateway-config-from-environment";
export {
  type ConversionReport,
  defaultMaxBodyBytes,
  type FetchHandler,
  type GatewayConfig,
  type GatewayFormatId,
  gatewayConfigSchema,
  gatewayFormatIds,
  parseGatewayConfig,
  RouteConfig,
  ModelRuleConfig,
  VendorProviderConfig,
} from "./config/gateway-config-schema";
// Formats
export type {
  FrontConversationState,
  GatewayFormat,
  GatewayProviderOptions,
  ListedModel,
  ModelListingBinding,
  RunBinding,
} from "./formats/gateway-format";
export { chatCompletionsGatewayFormat } from "./formats/chat-completions-gateway-format";
export { generateContentGatewayFormat } from "./formats/generate-content-gateway-format";
export { interactionsGatewayFormat } from "./formats/interactions-gateway-format";
export { messagesGatewayFormat } from "./formats/messages-gateway-format";
export { openAiModelListing } from "./formats/openai-model-listing";
export { responsesGatewayFormat } from "./formats/responses-gateway-format";
export type { TokenCountBinding, TokenCountUpstreamOptions } from "./formats/token-count-binding";
// Routing, keys and opaque state
export { createKeyVerifier, type KeyVerifier } from "./auth/create-key-verifier";
export { createOpaqueSealer, type OpaqueSealer, opaqueEnvelopePrefix } from "./opaque/create-opaque-sealer";
export { createRouter, type ResolvedRoute, type Router } from "./routing/create-router";
export { isModelGlob, matchModelPattern } from "./routing/match-model-pattern";
// Background runs and kept streams
export type { BackgroundLimits } from "./runs/background-runner";
export type { RunEvent, RunStatus, RunStore, StoredRun } from "./runs/run-store";
// Observability
export {
  type ExchangeBytes,
  type ExchangeError,
  type ExchangeErrorType,
  type ExchangeEvent,
  type ExchangeHook,
  type ExchangeTimings,
  exchangeIdHeader,
} from "./observe/exchange-event";
// Headers
export { lossesHeader, strictHeader } from "./pipeline/handle-chat-request";
export { tokenCountHeader } from "./pipeline/handle-token-count";
