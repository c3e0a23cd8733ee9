import { it } from "vitest";
import { readFileSync } from "node:fs";
import { detectLosses } from "@interlingua/core/test";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { createConversionContext, pairToolResults, transformAll } from "@interlingua/core";
import { responsesDetectorNormalization } from "./support/responses-detector-normalization";

const codecs = [messagesCodec, responsesCodec, generateContentCodec, chatCompletionsCodec, interactionsCodec];
it("trip", async () => {
  const kind = (process.env.S_KIND ?? "request") as "request" | "response" | "stream";
  const wire = JSON.parse(readFileSync(process.env.S_DOC!, "utf8"));
  const target = codecs.find((c) => c.id === process.env.S_TO)!;
  const context = createConversionContext();
  if (kind === "request") {
    const canonical = pairToolResults(responsesCodec.decodeRequest(structuredClone(wire), context), context);
    console.log("CANONICAL", JSON.stringify(canonical));
    const out = target.encodeRequest(canonical, context);
    console.log("TARGET", JSON.stringify(out));
    const n = context.losses.length;
    const again = target.decodeRequest(out, context, { model: canonical.model });
    console.log("AGAIN", JSON.stringify(again));
    console.log("BACK", JSON.stringify(responsesCodec.encodeRequest(again, context)));
    console.log("LOSSES", JSON.stringify(context.losses.slice(0, n), null, 1), "BACKLOSSES", JSON.stringify(context.losses.slice(n)));
  } else if (kind === "stream") {
    const events = await transformAll(structuredClone(wire), responsesCodec.createStreamDecoder(context));
    console.log("CANONICAL", JSON.stringify(events));
    const out = await transformAll(events, target.createStreamEncoder(context));
    console.log("TARGET", JSON.stringify(out));
    const n = context.losses.length;
    const again = await transformAll(out, target.createStreamDecoder(context));
    console.log("AGAIN", JSON.stringify(again));
    console.log("BACK", JSON.stringify(await transformAll(again, responsesCodec.createStreamEncoder(context))));
    console.log("LOSSES", JSON.stringify(context.losses.slice(0, n), null, 1), "BACKLOSSES", JSON.stringify(context.losses.slice(n)));
  } else {
    const canonical = responsesCodec.decodeResponse(structuredClone(wire), context);
    console.log("CANONICAL", JSON.stringify(canonical));
    const out = target.encodeResponse(canonical, context);
    console.log("TARGET", JSON.stringify(out));
    const n = context.losses.length;
    const again = target.decodeResponse(out, context);
    console.log("AGAIN", JSON.stringify(again));
    console.log("BACK", JSON.stringify(responsesCodec.encodeResponse(again, context)));
    console.log("LOSSES", JSON.stringify(context.losses.slice(0, n), null, 1), "BACKLOSSES", JSON.stringify(context.losses.slice(n)));
  }
  const findings = await detectLosses({ codecs, source: responsesCodec, document: kind === "stream" ? { kind, events: wire } : { kind, wire }, normalizations: { [responsesCodec.id]: responsesDetectorNormalization } });
  console.log("FINDINGS", JSON.stringify(findings.filter((f) => f.to === target.id), null, 1));
});
