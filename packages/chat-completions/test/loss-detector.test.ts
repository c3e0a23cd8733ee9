import {
  generatedRunsFromEnvironment,
  recordedDetectorDocuments,
  testLossDetector,
} from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { chatCompletionsCodec } from "../src/chat-completions-codec";
import { chatCompletionsDetectorNormalization } from "./support/chat-completions-detector-normalization";
import { chatCompletionsLossWaivers } from "./support/chat-completions-loss-waivers";
import { chatCompletionsDetectorDocuments } from "./support/detector-documents";

// Every fixture and recording of this format, through every other format (as the gateway sends to
// it) and back (issue #15).
testLossDetector({
  codecs: [messagesCodec, responsesCodec, generateContentCodec, interactionsCodec, chatCompletionsCodec],
  source: chatCompletionsCodec,
  documents: [
    ...chatCompletionsDetectorDocuments(),
    ...(await recordedDetectorDocuments("chat-completions")),
  ],
  normalizations: { [chatCompletionsCodec.id]: chatCompletionsDetectorNormalization },
  // `pnpm fuzz:losses` runs 2,000 of each (LOSS_DETECTOR_RUNS); `pnpm test` a few.
  generated: {
    format: "chat-completions",
    ...generatedRunsFromEnvironment(process.env),
    timeout: 600_000,
  },
  waivers: chatCompletionsLossWaivers,
});
