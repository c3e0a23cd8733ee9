import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  generatedRunsFromEnvironment,
  recordedDetectorDocuments,
  testLossDetector,
} from "@interlingua/core/test";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { generateContentCodec } from "../src/generate-content-codec";
import { generateContentDetectorDocuments } from "./support/detector-documents";
import { generateContentDetectorNormalization } from "./support/generate-content-detector-normalization";
import { generateContentDocumentArbitrary } from "./support/generate-content-document-arbitrary";
import { generateContentLossWaivers } from "./support/generate-content-loss-waivers";

// Every fixture and recording of this format, through every other format and back (issue #15).
testLossDetector({
  codecs: [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec],
  source: generateContentCodec,
  documents: [
    ...generateContentDetectorDocuments(),
    ...(await recordedDetectorDocuments("generate-content")),
  ],
  normalizations: { [generateContentCodec.id]: generateContentDetectorNormalization },
  // `pnpm fuzz:losses` runs 2,000 of each (LOSS_DETECTOR_RUNS); `pnpm test` a few.
  generated: {
    format: "generate-content",
    arbitrary: generateContentDocumentArbitrary,
    ...generatedRunsFromEnvironment(process.env),
    timeout: 600_000,
  },
  waivers: generateContentLossWaivers,
});
