import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  generatedRunsFromEnvironment,
  recordedDetectorDocuments,
  testLossDetector,
} from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "../src/responses-codec";
import { responsesDetectorDocuments } from "./support/detector-documents";
import { responsesDetectorNormalization } from "./support/responses-detector-normalization";
import { responsesLossWaivers } from "./support/responses-loss-waivers";

// Every fixture and recording of this format, through every other format and back (issue #15).
testLossDetector({
  codecs: [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec],
  source: responsesCodec,
  documents: [...responsesDetectorDocuments(), ...(await recordedDetectorDocuments("responses"))],
  normalizations: { [responsesCodec.id]: responsesDetectorNormalization },
  // `pnpm fuzz:losses` runs 2,000 of each (LOSS_DETECTOR_RUNS); `pnpm test` a few.
  generated: {
    format: "responses",
    ...generatedRunsFromEnvironment(process.env),
    timeout: 600_000,
  },
  waivers: responsesLossWaivers,
});
