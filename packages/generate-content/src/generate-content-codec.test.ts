import { testCodec } from "@interlingua/core/test";
import { generateContentFixtures } from "../test/support/fixtures";
import { generateContentRecordings } from "../test/support/recordings";
import { generateContentCodec } from "./generate-content-codec";

const recordings = generateContentRecordings();
const own = generateContentFixtures();

testCodec(generateContentCodec, {
  requests: [...recordings.requests, ...own.requests],
  responses: [...recordings.responses, ...own.responses],
  streams: [...recordings.streams, ...own.streams],
  errors: [...recordings.errors, ...own.errors],
});
