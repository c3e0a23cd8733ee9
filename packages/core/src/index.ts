// English validation messages for zod/mini, before any schema is used (decision 0010)
import "./validation/english-validation-messages";
// zod/mini objects on the compiled object parser, for the codecs' hot wire schemas (decision 0054)
export {
  compiledLooseObject,
  compiledObject,
  compiledStrictObject,
} from "./validation/compiled-object";
// The canonical model
export { CacheHint } from "./model/cache-hint";
export { Candidate } from "./model/candidate";
export {
  ChatEvent,
  type ChatEventOf,
  type ChatEventType,
  CitationDeltaEvent,
  ErrorEvent,
  KeepaliveEvent,
  PartEndEvent,
  PartStartEvent,
  ReasoningDeltaEvent,
  ResponseEndEvent,
  ResponseStartEvent,
  SignatureDeltaEvent,
  TextDeltaEvent,
  ToolArgumentsDeltaEvent,
  ToolProgressEvent,
  UsageEvent,
} from "./model/chat-event";
export { ChatRequest } from "./model/chat-request";
export { ChatResponse, ResponseStatus } from "./model/chat-response";
export { Citation } from "./model/citation";
export { CodePart } from "./model/code-part";
export { CodeResultPart } from "./model/code-result-part";
export { ErrorData, ErrorKind } from "./model/error-data";
export { Extensions } from "./model/extensions";
export { FinishReason, FinishReasonKind } from "./model/finish-reason";
export { HostedToolCallPart } from "./model/hosted-tool-call-part";
export { HostedToolResultPart } from "./model/hosted-tool-result-part";
export { Instruction } from "./model/instruction";
export { MediaPart, MediaSource } from "./model/media-part";
export { Message } from "./model/message";
export { Modality } from "./model/modality";
export { OpaqueState } from "./model/opaque-state";
export { OutputFormat } from "./model/output-format";
export { Part, type PartType } from "./model/part";
export { ReasoningConfig } from "./model/reasoning-config";
export { ReasoningPart } from "./model/reasoning-part";
export { RefusalPart } from "./model/refusal-part";
export { SafetySetting } from "./model/safety-setting";
export { SpeechConfig } from "./model/speech-config";
export { TextPart } from "./model/text-part";
export { FunctionTool, HostedTool, JsonSchema, Tool } from "./model/tool";
export { ToolCallPart } from "./model/tool-call-part";
export { ToolChoice } from "./model/tool-choice";
export { ToolResultPart } from "./model/tool-result-part";
export { readUserLocation, UserLocation } from "./model/user-location";
export { Usage } from "./model/usage";
// Contracts
export type {
  ChatEventBatch,
  ChatEventBatches,
  ChatProvider,
  ProviderCallOptions,
  ProviderCapabilities,
} from "./contracts/chat-provider";
export type {
  AnyCodec,
  Codec,
  CodecHttpBinding,
  RequestLocation,
  UpstreamRequest,
  UpstreamRequestOptions,
  WireError,
} from "./contracts/codec";
export type {
  ImageAspectRatio,
  ImageBlendInput,
  ImageBytes,
  ImageCallOptions,
  ImageEditInput,
  ImageFollowUpInput,
  ImageFollowUps,
  ImageGenerateInput,
  ImageOperation,
  ImageOutput,
  ImagePanInput,
  ImageProvider,
  ImageProviderCapabilities,
  ImageResult,
  ImageSourceResult,
  ImageSwapFaceInput,
  ImageVaryInput,
  ImageZoomInput,
} from "./contracts/image-provider";
export type { ResponseStore, StoredResponse } from "./contracts/response-store";
export type { TaskStore } from "./contracts/task-store";
// Conversions and losses
export {
  type ConversionContext,
  type ConversionContextOptions,
  createConversionContext,
  pointer,
} from "./conversion/conversion-context";
export { callerParam, dottedParam } from "./conversion/caller-param";
export { Loss } from "./conversion/loss";
export { reasoningOfEffort } from "./conversion/reasoning-of-effort";
export { toStandardBase64, toUrlSafeBase64 } from "./conversion/base64-alphabet";
export { reportUnsayableCreationTime } from "./conversion/report-unsayable-creation-time";
export { reportJoinedTurns } from "./conversion/report-joined-turns";
export { reportUnsayableErrorFields } from "./conversion/report-unsayable-error-fields";
export { reportUnsayableErrorKind } from "./conversion/report-unsayable-error-kind";
export { reportSplitTurns } from "./conversion/report-split-turns";
export { reportUnsayableStatus } from "./conversion/report-unsayable-status";
export { reportForeignAnswerFields } from "./conversion/report-foreign-answer-fields";
export { reportMovedEntries } from "./conversion/report-moved-entries";
export {
  reportUnmappedRequestFields,
  type UnmappedRequestFields,
} from "./conversion/report-unmapped-request-fields";
export { createSourceTrace, type SourceTrace } from "./conversion/source-trace";
export { traceExtensions, traceFields, valueAtPointer } from "./conversion/trace-fields";
// Tool use every backend takes: answered calls, legal function names
export { type ToolNameRule, type ToolNames, toolNamesFor } from "./tool-use/tool-name-rule";
export { missingToolResultText, pairToolResults } from "./tool-use/pair-tool-results";
export { reportStructuredToolResults } from "./tool-use/report-structured-tool-results";
export { reportToolResultNames } from "./tool-use/report-tool-result-names";
export {
  createToolNameRestorer,
  restoreToolNames,
  withLegalToolNames,
} from "./tool-use/with-legal-tool-names";
export { withLegalToolNameCodec } from "./tool-use/with-legal-tool-name-codec";
export { nonEmptyCallId, withMadeUpCallIds } from "./tool-use/with-made-up-call-ids";
// Errors
export { assertOpenAiStyleWire } from "./errors/assert-openai-style-wire";
export { CanonicalError, type CanonicalErrorOptions } from "./errors/canonical-error";
export { errorKindByStatus, errorKindForStatus, statusByErrorKind } from "./errors/error-status";
export { toCanonicalError } from "./errors/to-canonical-error";
// Request bodies
export { checkJsonDepth, maxJsonDepth } from "./http/check-json-depth";
export { decodePathSegment } from "./http/decode-path-segment";
export { bodyText, readLimitedText, requestTooLarge } from "./http/read-limited-text";
// JSON Schema
export {
  jsonSchemaToOpenApiSchema,
  type OpenApiProjectionOptions,
} from "./json-schema/json-schema-to-open-api-schema";
export { jsonSchemaShapeProblem } from "./json-schema/json-schema-shape-problem";
export { noParametersSchema } from "./json-schema/no-parameters-schema";
export { objectInputSchema } from "./json-schema/object-input-schema";
export { OpenApiSchema } from "./json-schema/open-api-schema";
export { openApiSchemaToJsonSchema } from "./json-schema/open-api-schema-to-json-schema";
// Providers
export { type CodecProviderOptions, createCodecProvider } from "./providers/create-codec-provider";
export type {
  AnswerWithoutResponse,
  BodyAnswer,
  FetchWithoutResponse,
} from "./providers/fetch-without-response";
// Server-sent events
export { createSseDecoderStream, createSseDecoderTransformer } from "./sse/create-sse-decoder-stream";
export {
  createJsonEventDecoderTransformer,
  decodeJsonEventStream,
  decodeSseStream,
} from "./sse/decode-sse-stream";
export {
  createJsonSseEncoderStream,
  createJsonSseEncoderTransformer,
  encodeJsonEventStream,
  formatSseMessage,
} from "./sse/encode-sse";
export type { SseMessage } from "./sse/sse-message";
export { StreamParseFailure } from "./sse/stream-parse-failure";
// Security
export { createSecretRedactor, type SecretRedactor } from "./security/create-secret-redactor";
export { obfuscationPadding } from "./security/obfuscation-padding";
export { randomDecimalId, randomHexId } from "./security/random-id";
// Stores
export {
  createMemoryResponseStore,
  defaultResponseStoreLimits,
  type MemoryResponseStoreOptions,
  type ResponseStoreLimits,
} from "./stores/memory-response-store";
export type { KeyValueStorage } from "./stores/key-value-storage";
export {
  createStorageKeyspace,
  type StorageEntry,
  type StorageKeyspace,
  type StorageKeyspaceOptions,
  type StorageLimits,
  storageBytes,
  storageText,
} from "./stores/storage-keyspace";
export { maxStorageKeyLength, storageKeyOf } from "./stores/storage-key";
export {
  createStorageResponseStore,
  type StorageResponseStoreOptions,
} from "./stores/storage-response-store";
export { createStorageTaskStore, type StorageTaskStoreOptions } from "./stores/storage-task-store";
// Streams of canonical events
export { accumulate, createResponseAccumulator, type ResponseAccumulator } from "./stream/accumulate";
export type { StreamEncoderTransformer } from "./stream/stream-encoder-transformer";
export type { StreamTransformer } from "./stream/stream-transformer";
export { chainTransformers } from "./stream/chain-transformers";
export {
  createForeignStreamFieldsLoss,
  type StreamEnvelopeEvent,
  streamStartPath,
} from "./stream/create-foreign-stream-fields-loss";
export { createCallIdChangeLoss } from "./stream/create-call-id-change-loss";
export { createToolProgressLoss } from "./stream/create-tool-progress-loss";
export { assertValidEventSequence, findEventSequenceProblems } from "./stream/check-event-sequence";
export { collect, transformAll } from "./stream/collect";
export { type ChunkReader, decodeEventBatches, eventBatchesOf } from "./stream/event-batches";
export { mergeUsage } from "./stream/merge-usage";
export { readableFrom } from "./stream/readable-from";
export { replay, replayEvents } from "./stream/replay";
export { type TransformReadableOptions, transformReadable } from "./stream/transform-readable";
export { reportUnsplitUsage } from "./usage/report-unsplit-usage";
export {
  type UsageAccounting,
  usageAccounting,
  usageFromWire,
  usageToWire,
  type WireUsageCounts,
} from "./usage/usage-rules";
