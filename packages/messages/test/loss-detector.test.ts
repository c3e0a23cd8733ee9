import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  generatedRunsFromEnvironment,
  recordedDetectorDocuments,
  testLossDetector,
} from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { responsesCodec } from "@interlingua/responses";
import { messagesCodec } from "../src/messages-codec";
import { messagesDetectorDocuments } from "./support/detector-documents";
import { messagesDetectorNormalization } from "./support/messages-detector-normalization";
import { messagesLossWaivers } from "./support/messages-loss-waivers";
import { messagesRefusedRecordings } from "./support/recordings";

const refused = new Set(messagesRefusedRecordings().map(({ name }) => name));

// Every fixture and recording of this format, through every other format and back (issue #15).
testLossDetector({
  codecs: [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec],
  source: messagesCodec,
  // A recorded request the API refused is one the decoder refuses too (refused-recorded-requests.test.ts).
  documents: [...messagesDetectorDocuments(), ...(await recordedDetectorDocuments("messages"))].filter(
    ({ name, document }) => document.kind !== "request" || !refused.has(name),
  ),
  normalizations: { [messagesCodec.id]: messagesDetectorNormalization },
  // `pnpm fuzz:losses` runs 2,000 of each (LOSS_DETECTOR_RUNS); `pnpm test` a few.
  generated: {
    format: "messages",
    ...generatedRunsFromEnvironment(process.env),
    timeout: 600_000,
  },
  waivers: messagesLossWaivers,
});
