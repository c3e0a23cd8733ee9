// The codec
export {
  type ChatCompletionsCodec,
  chatCompletionsCodec,
  chatCompletionsToolNameRule,
  createChatCompletionsCodec,
} from "./chat-completions-codec";
export {
  type ChatCompletionsCodecOptions,
  chatCompletionsDialectOf,
  chatCompletionsModelFamiliesOf,
} from "./chat-completions-codec-options";
// Dialects
export {
  type ChatCompletionsDialect,
  type ChatCompletionsDialectName,
  chatCompletionsDialects,
  defaultChatCompletionsDialect,
} from "./chat-completions-dialect";
export type { ChatCompletionsReasoningTags } from "./message/chat-completions-reasoning-tags";
export { chatCompletionsFormatId } from "./chat-completions-extensions";
// Errors
export { chatCompletionsErrorFromWire } from "./errors/chat-completions-error-from-wire";
export { chatCompletionsErrorToWire } from "./errors/chat-completions-error-to-wire";
// HTTP and the upstream provider
export {
  buildChatCompletionsUpstreamRequest,
  chatCompletionsHttpBinding,
  defaultChatCompletionsPath,
} from "./http/chat-completions-http-binding";
export {
  type ChatCompletionsProviderOptions,
  createChatCompletionsProvider,
} from "./provider/create-chat-completions-provider";
export { chatCompletionsProviderCapabilities } from "./provider/chat-completions-provider-capabilities";
// Requests
export {
  type ChatCompletionsModelFamily,
  defaultChatCompletionsModelFamilies,
  findChatCompletionsModelFamily,
} from "./request/chat-completions-model-families";
export { legalizeChatCompletionsRequest } from "./request/legalize-chat-completions-request";
export { decodeChatCompletionsRequest } from "./request/decode-chat-completions-request";
export { encodeChatCompletionsRequest } from "./request/encode-chat-completions-request";
// Responses
export { decodeChatCompletionsResponse } from "./response/decode-chat-completions-response";
export { encodeChatCompletionsResponse } from "./response/encode-chat-completions-response";
// Streams
export {
  createChatCompletionsStreamDecoder,
  createChatCompletionsStreamDecoderTransformer,
} from "./stream/create-chat-completions-stream-decoder";
export {
  createChatCompletionsStreamEncoder,
  createChatCompletionsStreamEncoderTransformer,
} from "./stream/create-chat-completions-stream-encoder";
// Wire schemas
export { ChatCompletionsRequest } from "./wire/chat-completions-request-schema";
export {
  ChatCompletionsChunk,
  ChatCompletionsErrorBody,
  ChatCompletionsResponse,
  ChatCompletionsUsage,
} from "./wire/chat-completions-response-schema";
