import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { recordedDetectorDocuments, testLossDetector } from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { responsesCodec } from "@interlingua/responses";
import { messagesCodec } from "../src/messages-codec";
import { messagesDetectorDocuments } from "./support/detector-documents";
import { messagesDetectorNormalization } from "./support/messages-detector-normalization";
import { messagesLossWaivers } from "./support/messages-loss-waivers";

// Every fixture and recording of this format, through every other format and back (issue #15).
testLossDetector({
  codecs: [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec],
  source: messagesCodec,
  documents: [...messagesDetectorDocuments(), ...(await recordedDetectorDocuments("messages"))],
  normalizations: { [messagesCodec.id]: messagesDetectorNormalization },
  // `pnpm fuzz:losses` runs 2,000 of each (LOSS_DETECTOR_RUNS); `pnpm test` a few.
  generated: {
    format: "messages",
    runs: Number(process.env.LOSS_DETECTOR_RUNS ?? 15),
    seed: process.env.LOSS_DETECTOR_RUNS ? undefined : 15,
    timeout: 600_000,
  },
  waivers: messagesLossWaivers,
});
