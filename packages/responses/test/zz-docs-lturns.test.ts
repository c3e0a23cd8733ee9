import { it } from "vitest";
import { readFileSync } from "node:fs";
import { detectLosses, unwaivedFindings } from "@interlingua/core/test";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { responsesDetectorNormalization } from "./support/responses-detector-normalization";
import { responsesLossWaivers } from "./support/responses-loss-waivers";

const codecs = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec];
it("docs", async () => {
  const kind = (process.env.S_KIND ?? "request") as "request" | "response" | "stream";
  const docs = JSON.parse(readFileSync(process.env.S_DOC!, "utf8")) as unknown[];
  for (const [i, wire] of docs.entries()) {
    const document = kind === "stream" ? { kind, events: wire as unknown[] } : { kind, wire };
    const findings = await detectLosses({ codecs, source: responsesCodec, document, normalizations: { [responsesCodec.id]: responsesDetectorNormalization } });
    console.log("DOC", i, JSON.stringify(unwaivedFindings(findings, process.env.S_ALL ? [] : responsesLossWaivers).filter((f) => !process.env.S_TO || f.to === process.env.S_TO).map((f) => `${f.kind} ${f.to} ${f.path}: ${f.detail}`), null, 1));
  }
});
