// Conformance suites for codecs

// Shared specifications and recordings
export { sharedSpecPath } from "./shared-spec-path";
export { type CodecFixtures, testCodec } from "./test-codec";
