// The codec
export {
  createGenerateContentCodec,
  type GenerateContentCodecOptions,
  generateContentCodec,
  generateContentToolNameRule,
} from "./generate-content-codec";
// Errors
export {
  generateContentErrorFromWire,
  parseGenerateContentDuration,
} from "./errors/generate-content-error-from-wire";
export {
  badRequestType,
  generateContentErrorByKind,
  generateContentErrorStatuses,
  retryInfoType,
} from "./errors/generate-content-error-statuses";
export { generateContentErrorToWire } from "./errors/generate-content-error-to-wire";
// HTTP
export {
  buildGenerateContentUpstreamRequest,
  generateContentApiVersion,
  generateContentHttpBinding,
  matchGenerateContentPath,
  readGenerateContentApiKey,
} from "./http/generate-content-http-binding";
// Provider
export {
  createGenerateContentProvider,
  type GenerateContentProviderOptions,
} from "./provider/create-generate-content-provider";
export { generateContentProviderCapabilities } from "./provider/generate-content-provider-capabilities";
// Requests
export { decodeGenerateContentRequest } from "./request/decode-generate-content-request";
export { encodeGenerateContentRequest } from "./request/encode-generate-content-request";
export {
  type FunctionOutputWrapper,
  unwrapFunctionOutput,
  wrapFunctionOutput,
} from "./request/generate-content-function-output";
// Responses
export { decodeGenerateContentResponse } from "./response/decode-generate-content-response";
export { encodeGenerateContentResponse } from "./response/encode-generate-content-response";
export {
  finishReasonFromGenerateContent,
  finishReasonToGenerateContent,
  generateContentFinishReasons,
} from "./response/generate-content-finish-reason";
export { usageFromGenerateContent, usageToGenerateContent } from "./response/generate-content-usage";
// Streams
export {
  createGenerateContentStreamDecoder,
  createGenerateContentStreamDecoderTransformer,
} from "./stream/create-generate-content-stream-decoder";
export {
  createGenerateContentStreamEncoder,
  createGenerateContentStreamEncoderTransformer,
} from "./stream/create-generate-content-stream-encoder";
// Wire schemas
export { GenerateContentErrorBody, GenerateContentErrorDetail } from "./wire/generate-content-error-schema";
export {
  type GeminiThinkingFamilies,
  type GeminiThinkingFamily,
  geminiThinkingFamilies,
  geminiThinkingFamily,
  nearestThinkingLevel,
} from "./request/gemini-thinking-families";
export { generateContentFormat } from "./wire/generate-content-extensions";
export {
  GenerateContentContent,
  GenerateContentFunctionDeclaration,
  GenerateContentGenerationConfig,
  GenerateContentPart,
  GenerateContentRequest,
  GenerateContentTool,
} from "./wire/generate-content-request-schema";
export {
  GenerateContentCandidate,
  GenerateContentResponse,
  GenerateContentUsageMetadata,
} from "./wire/generate-content-response-schema";
export { GenerateContentStreamEvent } from "./wire/generate-content-stream-event-schema";
