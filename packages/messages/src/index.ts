// The codec

// Errors
export { messagesErrorFromWire, parseRetryAfter } from "./errors/messages-error-from-wire";
export { messagesErrorToWire } from "./errors/messages-error-to-wire";
export { messagesErrorByKind, messagesErrorTypes } from "./errors/messages-error-types";
// HTTP
export {
  buildMessagesUpstreamRequest,
  type MessagesAuthStyle,
  messagesApiVersion,
  messagesHttpBinding,
  readMessagesApiKey,
  readMessagesVersionHeaders,
} from "./http/messages-http-binding";
export { createMessagesCodec, type MessagesCodecOptions, messagesCodec } from "./messages-codec";
export {
  defaultMessagesModelFamilies,
  findMessagesModelFamily,
  type MessagesModelFamily,
} from "./request/messages-model-families";
// Provider
export { createMessagesProvider, type MessagesProviderOptions } from "./provider/create-messages-provider";
export { messagesProviderCapabilities } from "./provider/messages-provider-capabilities";
// Requests
export { decodeMessagesRequest } from "./request/decode-messages-request";
export { decodeMessagesTool, decodeMessagesToolChoice } from "./request/decode-messages-tools";
export { defaultMessagesMaxTokens, encodeMessagesRequest } from "./request/encode-messages-request";
export { encodeMessagesTool, encodeMessagesToolChoice } from "./request/encode-messages-tools";
// Responses
export { decodeMessagesResponse } from "./response/decode-messages-response";
export { encodeMessagesResponse } from "./response/encode-messages-response";
// Streams
export {
  createMessagesStreamDecoder,
  createMessagesStreamDecoderTransformer,
} from "./stream/create-messages-stream-decoder";
export {
  createMessagesStreamEncoder,
  createMessagesStreamEncoderTransformer,
} from "./stream/create-messages-stream-encoder";

// Wire schemas
export {
  MessagesCacheControl,
  MessagesCitation,
  MessagesRequestContentBlock,
  messagesImageMediaTypes,
  messagesServerToolResultTypes,
} from "./wire/messages-content-block";
export { MessagesErrorBody, MessagesErrorObject } from "./wire/messages-error";
export {
  MessagesInputMessage,
  MessagesOutputConfig,
  MessagesRequest,
  MessagesThinkingConfig,
} from "./wire/messages-request";
export { MessagesResponse, MessagesResponseContentBlock, MessagesUsage } from "./wire/messages-response";
export { MessagesContentDelta, MessagesStreamEvent } from "./wire/messages-stream-event";
export { MessagesToolChoice, MessagesToolDefinition } from "./wire/messages-tool";
