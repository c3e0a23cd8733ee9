import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  generatedRunsFromEnvironment,
  recordedDetectorDocuments,
  testLossDetector,
} from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { interactionsCodec } from "../src/interactions-codec";
import { interactionsDetectorDocuments } from "./support/detector-documents";
import { interactionsDetectorNormalization } from "./support/interactions-detector-normalization";
import { interactionsDocumentArbitrary } from "./support/interactions-document-arbitrary";
import { interactionsLossWaivers } from "./support/interactions-loss-waivers";

// Every fixture and recording of this format, through every other format and back (issue #15).
testLossDetector({
  codecs: [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec],
  source: interactionsCodec,
  documents: [...interactionsDetectorDocuments(), ...(await recordedDetectorDocuments("interactions"))],
  normalizations: { [interactionsCodec.id]: interactionsDetectorNormalization },
  // `pnpm fuzz:losses` runs 2,000 of each (LOSS_DETECTOR_RUNS); `pnpm test` a few.
  generated: {
    format: "interactions",
    arbitrary: interactionsDocumentArbitrary,
    ...generatedRunsFromEnvironment(process.env),
    timeout: 600_000,
  },
  waivers: interactionsLossWaivers,
});
