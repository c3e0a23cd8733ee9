import { testCodec } from "@interlingua/core/test";
import {
  readFixtures,
  readRecordedStream,
  readRecording,
  recordedStreamNames,
} from "../test/support/recordings";
import { responsesCodec } from "./responses-codec";

const recordedStreams = await Promise.all(
  recordedStreamNames().map(async (name) => ({ name, events: await readRecordedStream(name) })),
);

testCodec(responsesCodec, {
  requests: readFixtures("requests").map(({ name, value }) => ({ name, wire: value })),
  responses: [
    {
      name: "reasoning-encrypted-content.response.json",
      wire: JSON.parse(readRecording("reasoning-encrypted-content.response.json")),
    },
    ...readFixtures("responses").map(({ name, value }) => ({ name, wire: value })),
  ],
  streams: [
    // Recorded streams carry random `obfuscation` padding (and, in text.sse, encrypted content that
    // changes between events), which is not reproduced: they run in the non-exact mode.
    ...recordedStreams,
    ...readFixtures("streams").map(({ name, value }) => ({ name, events: value as unknown[], exact: true })),
    // Streams the encoder completes (an item done event the upstream never sent).
    ...readFixtures("inexact-streams").map(({ name, value }) => ({ name, events: value as unknown[] })),
  ],
  errors: [
    {
      name: "error-invalid-api-key.401.json",
      status: 401,
      body: JSON.parse(readRecording("error-invalid-api-key.401.json")),
    },
    {
      name: "error-insufficient-quota.json",
      status: 429,
      body: JSON.parse(readRecording("error-insufficient-quota.json")),
    },
  ],
});
