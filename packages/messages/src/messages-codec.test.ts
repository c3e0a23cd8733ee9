import { testCodec } from "@interlingua/core/test";
import { messagesFixtures } from "../test/support/fixtures";
import { messagesRecordings } from "../test/support/recordings";
import { messagesCodec } from "./messages-codec";

const recordings = messagesRecordings();
const own = messagesFixtures();
// Every stream re-encodes to the very same events, except the one cut off inside tool input (the
// encoder closes the open block with a content_block_stop the upstream never sent).
for (const stream of [...recordings.streams, ...own.streams])
  stream.exact = stream.name !== "max-tokens-inside-tool-input.sse";

testCodec(messagesCodec, {
  requests: [...recordings.requests, ...own.requests],
  responses: [...recordings.responses, ...own.responses],
  streams: [...recordings.streams, ...own.streams],
  errors: [...recordings.errors, ...own.errors],
});
