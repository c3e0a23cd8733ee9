import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { recordedDetectorDocuments, testLossDetector } from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "../src/responses-codec";
import { responsesDetectorDocuments } from "./support/detector-documents";
import { responsesDetectorNormalization } from "./support/responses-detector-normalization";
import { responsesLossWaivers } from "./support/responses-loss-waivers";

// Every fixture and recording of this format, through every other format and back (issue #15).
testLossDetector({
  codecs: [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec],
  source: responsesCodec,
  documents: [...responsesDetectorDocuments(), ...(await recordedDetectorDocuments("responses"))],
  normalizations: { [responsesCodec.id]: responsesDetectorNormalization },
  waivers: responsesLossWaivers,
});
