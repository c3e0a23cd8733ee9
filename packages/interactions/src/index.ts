// The codec
export { type InteractionsCodec, interactionsCodec } from "./interactions-codec";
export { interactionsFormat } from "./interactions-extensions";
// HTTP and the upstream provider
export {
  buildInteractionsUpstreamRequest,
  type InteractionsPath,
  interactionsApiVersion,
  interactionsHttpBinding,
  matchInteractionsPath,
} from "./http/interactions-http-binding";
export {
  createInteractionsProvider,
  type InteractionsProviderOptions,
  statelessInteractionsBody,
} from "./provider/create-interactions-provider";
export { interactionsProviderCapabilities } from "./provider/interactions-provider-capabilities";
// Requests
export { decodeInteractionsRequest } from "./request/decode-interactions-request";
export { encodeInteractionsRequest } from "./request/encode-interactions-request";
// Responses
export { decodeInteractionsResponse } from "./response/decode-interactions-response";
export { encodeInteractionsResponse } from "./response/encode-interactions-response";
// Streams
export {
  createInteractionsStreamDecoder,
  createInteractionsStreamDecoderTransformer,
} from "./stream/create-interactions-stream-decoder";
export {
  createInteractionsStreamEncoder,
  createInteractionsStreamEncoderTransformer,
} from "./stream/create-interactions-stream-encoder";
// Wire schemas
export { InteractionsContent, InteractionsStep, InteractionsUsage } from "./wire/interactions-content-schema";
export { InteractionsRequest } from "./wire/interactions-request-schema";
export { InteractionsResponse, InteractionsStreamEvent } from "./wire/interactions-response-schema";
