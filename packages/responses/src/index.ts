// The codec

// Stored conversations
export {
  createResponsesConversationState,
  type ResponsesConversationState,
  type ResponsesConversationStateOptions,
} from "./conversation/create-responses-conversation-state";
// Errors
export { responsesErrorFromWire } from "./errors/responses-error-from-wire";
export { responsesErrorToWire } from "./errors/responses-error-to-wire";
// HTTP and the upstream provider
export { responsesHttpBinding } from "./http/responses-http-binding";
export { createResponsesProvider, type ResponsesProviderOptions } from "./provider/create-responses-provider";
export { responsesProviderCapabilities } from "./provider/responses-provider-capabilities";
// Requests
export { decodeResponsesRequest } from "./request/decode-responses-request";
export { encodeResponsesRequest } from "./request/encode-responses-request";
export {
  defaultResponsesModelFamilies,
  findResponsesModelFamily,
  type ResponsesModelFamily,
  type ResponsesSamplingRules,
  responsesSamplingRules,
} from "./request/responses-model-families";
// Responses
export { decodeResponsesResponse } from "./response/decode-responses-response";
export { encodeResponsesResponse, responsesEchoedSettings } from "./response/encode-responses-response";
export { createResponsesCodec, responsesCodec } from "./responses-codec";
export type { ResponsesCodecOptions } from "./responses-codec-options";
export { responsesFormatId } from "./responses-extensions";
// Streams
export {
  createResponsesStreamDecoder,
  createResponsesStreamDecoderTransformer,
} from "./stream/create-responses-stream-decoder";
export {
  createResponsesStreamEncoder,
  createResponsesStreamEncoderTransformer,
  responsesSseEventName,
} from "./stream/create-responses-stream-encoder";

// Wire schemas
export { ResponsesRequest } from "./wire/responses-request-schema";
export {
  ResponsesErrorBody,
  ResponsesResponse,
  ResponsesStreamEvent,
  ResponsesUsage,
} from "./wire/responses-response-schema";
