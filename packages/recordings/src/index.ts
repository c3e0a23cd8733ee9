// The recording format
export {
  defaultRecordingFormats,
  chatCompletionsRecordingFormat,
  interactionsRecordingFormat,
  messagesRecordingFormat,
  responsesRecordingFormat,
} from "./format/default-recording-formats";
export {
  RecordedExchange,
  RecordedHeaders,
  RecordedRequest,
  RecordedResponse,
} from "./format/recorded-exchange";
export {
  findRecordingFormat,
  formatForPath,
  type RecordingFormat,
  type RecordingFormats,
  type WireDocumentKind,
} from "./format/recording-format";
export { isSecretHeader, redactedValue, redactHeaders, redactPath } from "./format/redact-headers";
// Readers
export { type ByteSource, textLines } from "./readers/byte-source";
export {
  detectInputKind,
  type ReadAnyExchangesOptions,
  type RecordingInputKind,
  readExchanges,
  recordingInputKinds,
} from "./readers/read-exchanges";
export type { ReadExchangesOptions } from "./readers/read-exchanges-options";
export { readHarExchanges } from "./readers/read-har-exchanges";
export { readJsonExchanges } from "./readers/read-json-exchanges";
export { readJsonlExchanges } from "./readers/read-jsonl-exchanges";
export { readSseExchanges } from "./readers/read-sse-exchanges";
export { RecordingInputError } from "./readers/recording-input-error";
// Canonical form
export { type CanonicalExchange, decodeExchange, requestLocation } from "./canonical/decode-exchange";
export { type CanonicalExchangeInput, encodeExchange } from "./canonical/encode-exchange";
// Conversion
export {
  type ConvertExchangeOptions,
  convertExchange,
  type ExchangeConversion,
  type ExchangeLoss,
} from "./convert/convert-exchange";
export { convertExchanges } from "./convert/convert-exchanges";
// Replay
export { createReplayProvider, type ReplayProviderOptions } from "./replay/create-replay-provider";
export {
  createReplayFingerprint,
  type ReplayFingerprint,
  type ReplayFingerprintOptions,
  replayFingerprint,
} from "./replay/replay-fingerprint";
// Recording
export { type FetchHandler, type RecordExchangesOptions, recordExchanges } from "./record/record-exchanges";
// Bundled recordings
export { bundledRecordingsPath, readBundledRecordings } from "./bundled/bundled-recordings";
