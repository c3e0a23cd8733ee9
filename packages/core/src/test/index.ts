// Conformance suites for codecs
export { type CodecFixtures, testCodec } from "./test-codec";
// The loss detector: round trips through every other format, compared leaf by leaf
export {
  type DetectorDocument,
  type DetectorNormalization,
  detectLosses,
  type LossDetectorOptions,
  type LossFinding,
} from "./loss-detector";
export { generatedRunsFromEnvironment } from "./generated-runs-from-environment";
export { type LossWaiver, unwaivedFindings } from "./loss-waivers";
export { joinStreamEvents } from "./join-stream-events";
export { answerWithoutZeroCounts, withoutZeroCounts } from "./without-zero-counts";
export {
  type GeneratedDetectorDocuments,
  type LossDetectorSuiteOptions,
  testLossDetector,
} from "./test-loss-detector";
export { type NamedDetectorDocument, recordedDetectorDocuments } from "./detector-recordings";
// Conformance suites for providers
export { type ChatProviderSuiteOptions, testChatProvider } from "./test-chat-provider";
// Conformance suites for stores
export { storedResponseFixture, testResponseStore } from "./test-response-store";
export { type TaskFixture, taskFixture, testTaskStore } from "./test-task-store";
// A real Redis for the tests of shared stores and queues
export {
  requireTestRedisVariable,
  startTestRedis,
  type TestRedis,
  testRedisIsAvailable,
  testRedisUrlVariable,
} from "./test-redis";
export { disposeTestStorages, type TestStorageDriver, testStorageDrivers } from "./test-storages";
// Arbitraries of the canonical model, for property tests
export {
  chatEventStreamArbitrary,
  chatRequestArbitrary,
  chatResponseArbitrary,
  citationArbitrary,
  errorDataArbitrary,
  finishReasonArbitrary,
  jsonObjectArbitrary,
  jsonValueArbitrary,
  mediaPartArbitrary,
  messageArbitrary,
  partArbitrary,
  textPartArbitrary,
  toolArbitrary,
  toolChoiceArbitrary,
  usageArbitrary,
} from "./arbitraries";
// Vendor spec conformance
export {
  createSpecValidator,
  type SpecFormat,
  type SpecValidator,
  type SpecValidatorOptions,
} from "./spec-validator";
export type { SpecValidationMode } from "./spec-allowance";
export { type JsonSchemaArbitraryOptions, jsonSchemaArbitrary } from "./json-schema-arbitrary";
export { type SpecDocumentKind, specDocumentArbitrary } from "./spec-document-arbitrary";
// Shared specifications and recordings
export { specPath } from "./spec-path";
// Local HTTP servers for tests
export { type LocalServer, serveFetch } from "./serve-fetch";
export { type InteractionsSchemaName, interactionsSchemaProblems } from "./interactions-schema";
// The compiled zod objects give what zod/mini's interpreted objects give (decision 0054)
export { expectCompiledParseParity, mutatedDocumentArbitrary } from "./compiled-parse-parity";
