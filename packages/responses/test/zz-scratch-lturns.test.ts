import fc from "fast-check";
import { it } from "vitest";
import { writeFileSync } from "node:fs";
import { detectLosses, specDocumentArbitrary, unwaivedFindings } from "@interlingua/core/test";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { createConversionContext } from "@interlingua/core";
import { responsesDetectorNormalization } from "./support/responses-detector-normalization";
import { responsesLossWaivers } from "./support/responses-loss-waivers";


const codecs = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec];
const kind = (process.env.S_KIND ?? "request") as "request" | "response";
it("scratch", async () => {
  const accepted = (wire: unknown) => {
    try {
      const c = createConversionContext();
      if (kind === "request") responsesCodec.decodeRequest(structuredClone(wire), c);
      else responsesCodec.decodeResponse(structuredClone(wire), c);
      return true;
    } catch {
      return false;
    }
  };
  const result = await fc.check(
    fc.asyncProperty(((k: "request" | "response") => specDocumentArbitrary("responses", k))(kind), async (wire) => {
      fc.pre(accepted(wire));
      const findings = await detectLosses({ codecs, source: responsesCodec, document: { kind, wire }, normalizations: { [responsesCodec.id]: responsesDetectorNormalization } });
      const left = unwaivedFindings(findings, responsesLossWaivers).filter((f) => !process.env.S_TO || f.to === process.env.S_TO);
      if (left.length > 0) throw new Error(JSON.stringify(left, null, 1));
    }),
    { numRuns: Number(process.env.S_RUNS ?? 2000), maxSkipsPerRun: 1000, seed: Number(process.env.S_SEED), ...(process.env.S_NOSHRINK && { endOnFailure: true }) },
  );
  writeFileSync("/tmp/lturns/out.json", JSON.stringify({ failed: result.failed, counterexample: result.counterexample, error: String(result.errorInstance ?? "") .slice(0, 20000), numRuns: result.numRuns }, null, 1));
}, 900_000);
