// The service

// Image backends
export {
  type ChatImageProviderOptions,
  type ChatImageRequestBuilder,
  type ChatImageRequestInput,
  createChatImageProvider,
} from "./backends/create-chat-image-provider";
export { createGenerateContentImageProvider } from "./backends/create-generate-content-image-provider";
export {
  createProxyImageProvider,
  type ProxyImageProvider,
  type ProxyImageProviderOptions,
} from "./backends/create-proxy-image-provider";
export { createResponsesImageProvider } from "./backends/create-responses-image-provider";
export { describeImageWithChat } from "./backends/describe-image-with-chat";
export { extractResponseImages } from "./backends/extract-response-images";
// The engine
export { buildImageTaskButtons, type ImageTaskButtonContext } from "./engine/build-image-task-buttons";
export {
  accountMatchesFilter,
  accountMatchesUploadFilter,
  chooseAccountMode,
  type ImageTaskAccount,
} from "./engine/image-task-account";
export { createFailReasonRedactor } from "./engine/create-fail-reason-redactor";
export { createInProcessScheduler } from "./engine/create-in-process-scheduler";
export { createQueueScheduler, type ImageTaskQueueOptions } from "./engine/create-queue-scheduler";
export type {
  ImageTaskRunner,
  ImageTaskScheduler,
  ImageTaskSchedulerFactory,
} from "./engine/image-task-scheduler";
export { isTerminalStatus } from "./engine/is-terminal-status";
export {
  customIdBody,
  type ImageTaskButtonAction,
  parseButtonCustomId,
} from "./engine/image-task-button-action";
export type { ImageTaskOperation, StoredImageTask, StoredImageTaskResult } from "./engine/stored-image-task";
export {
  authorizeImageTaskRequest,
  type ImageTaskApiKey,
  type ImageTaskAuthOptions,
  type ImageTaskAuthorization,
  type ImageTaskScope,
} from "./http/authorize-image-task-request";
export {
  createImageTaskService,
  type ImageTaskQuotaCheck,
  type ImageTaskService,
  type ImageTaskServiceOptions,
} from "./http/create-image-task-service";
export {
  createImageTaskRateLimiter,
  type ImageTaskRateLimiter,
  type ImageTaskRateLimitOptions,
} from "./http/image-task-rate-limit";
// Images
export { composeImageGrid } from "./images/compose-image-grid";
export { type FittedImages, fitInlineImages, inlineSize } from "./images/fit-inline-images";
export { upscaleTwice } from "./images/upscale-twice";
export { decodeImageDataUrl, maxImageBytes } from "./images/decode-image-data-url";
export {
  fitMask,
  type OutpaintCanvas,
  preparePanCanvas,
  prepareZoomCanvas,
} from "./images/prepare-outpaint-canvas";
// Notify hooks
export {
  createTaskNotifier,
  type ImageTaskNotifyOptions,
  type TaskNotifier,
} from "./notify/create-task-notifier";
export { isPublicAddress } from "./notify/is-public-address";
export { createPrivateHostAllowList, type PrivateHostAllowList } from "./notify/private-host-allow-list";
export { notifyRetryDelay } from "./notify/notify-retry-delay";
export {
  notifySignatureHeader,
  signNotifyBody,
  type VerifyNotifySignatureOptions,
  verifyNotifySignature,
} from "./notify/sign-notify-body";
// Prompts
export {
  type ChatTranslatorOptions,
  createChatTranslator,
  type ImageTaskTranslator,
} from "./prompts/image-task-translator";
export {
  type ChatShortenerOptions,
  createChatShortener,
  type ImageTaskShortener,
} from "./prompts/image-task-shortener";
export { findBannedWord, type PreparedImagePrompt, prepareImagePrompt } from "./prompts/prepare-image-prompt";
export {
  type ParsedPrompt,
  type PromptParameter,
  parsePromptParameters,
} from "./prompts/parse-prompt-parameters";
// Stores
export { createDirectoryImageBlobStore } from "./stores/directory-image-blob-store";
export type { ImageBlobStore } from "./stores/image-blob-store";
export {
  defaultImageTaskRetention,
  type ImageTaskRetention,
} from "./stores/image-task-retention";
export { createMemoryImageBlobStore } from "./stores/memory-image-blob-store";
export {
  createStorageImageBlobStore,
  type StorageImageBlobStoreOptions,
} from "./stores/storage-image-blob-store";
export { createMemoryTaskStore } from "./stores/memory-task-store";
// Wire schemas
export {
  ImageTaskAccountFilter,
  ImageTaskMode,
  ImageTaskUploadFilter,
} from "./wire/image-task-account-filter";
export { ImageTaskButton } from "./wire/image-task-button";
export { ImageTaskCode, ImageTaskEnvelope } from "./wire/image-task-envelope";
export {
  botTypeInDialect,
  canonicalBotType,
  customIdPrefixByDialect,
  ImageTaskBotType,
  ImageTaskDialect,
} from "./wire/image-task-names";
export { ImageTaskAction, ImageTaskRecord, ImageTaskStatus } from "./wire/image-task-record";
export {
  ImageTaskActionRequest,
  ImageTaskBlendRequest,
  ImageTaskDescribeRequest,
  ImageTaskDimensions,
  ImageTaskImagineRequest,
  ImageTaskListRequest,
  maxListedTaskIds,
  ImageTaskModalRequest,
  ImageTaskChangeRequest,
  ImageTaskAccountCreate,
  ImageTaskAccountUpdate,
  ImageTaskSimpleChangeRequest,
  ImageTaskShortenRequest,
  ImageTaskSwapFaceRequest,
  ImageTaskUploadRequest,
} from "./wire/image-task-request-bodies";
