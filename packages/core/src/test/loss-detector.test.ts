import { describe, expect, it } from "vitest";
import type { AnyCodec } from "../contracts/codec";
import type { ConversionContext } from "../conversion/conversion-context";
import { CanonicalError } from "../errors/canonical-error";
import type { ChatRequest } from "../model/chat-request";
import { detectLosses } from "./loss-detector";

/**
 * A request-only format: `{ model, say: [text...], tone?, note? }`. `tone` is `temperature`; `note`
 * is a field of its own, kept in extensions. How the encoder treats what it cannot say is set per test.
 */
function fakeCodec(id: string, encodeLosses: "report" | "silent" | "false"): AnyCodec {
  return {
    id,
    decodeRequest(
      wire: { model: string; say: string[]; tone?: number; note?: string },
      context: ConversionContext,
    ) {
      context.startSource();
      const request: ChatRequest = {
        model: wire.model,
        messages: wire.say.map((text) => ({ role: "user", parts: [{ type: "text", text }] })),
      };
      wire.say.forEach((_, index) => {
        context.trace(`/messages/${index}`, `/say/${index}`);
      });
      if (wire.tone !== undefined) {
        request.temperature = wire.tone;
        context.trace("/temperature", "/tone");
      }
      if (wire.note !== undefined) {
        request.extensions = { [id]: { note: wire.note } };
        context.trace(`/extensions/${id}/note`, "/note", true);
      }
      return request;
    },
    encodeRequest(request: ChatRequest, context: ConversionContext) {
      const wire: Record<string, unknown> = {
        model: request.model,
        say: request.messages.map((message) => (message.parts[0] as { text: string }).text),
      };
      if (request.temperature !== undefined) {
        if (id === "a") wire.tone = request.temperature;
        else if (encodeLosses === "report") context.lose("dropped", "/temperature", "no tone here");
      }
      if (encodeLosses === "false") context.lose("approximated", "/messages/0", "a loss where none is");
      const note = request.extensions?.[id]?.note;
      if (note !== undefined) wire.note = note;
      return wire;
    },
  } as unknown as AnyCodec;
}

const document = { kind: "request" as const, wire: { model: "m", say: ["hi", "there"], tone: 0.5 } };

describe("detectLosses", () => {
  it("accepts a round trip whose every change is a reported loss, at the source's own path", async () => {
    const codecs = [fakeCodec("a", "report"), fakeCodec("b", "report")];
    expect(await detectLosses({ codecs, source: codecs[0]!, document })).toEqual([]);
  });

  it("finds a leaf dropped without a loss", async () => {
    const codecs = [fakeCodec("a", "silent"), fakeCodec("b", "silent")];
    expect(await detectLosses({ codecs, source: codecs[0]!, document })).toEqual([
      { kind: "silent", from: "a", to: "b", path: "/tone", detail: "0.5 came back as undefined" },
    ]);
  });

  it("finds a loss reported where nothing was lost", async () => {
    const codecs = [fakeCodec("a", "false"), fakeCodec("b", "false")];
    const findings = await detectLosses({ codecs, source: codecs[0]!, document });
    expect(findings).toContainEqual(expect.objectContaining({ kind: "false-loss", path: "/say/0" }));
  });

  it("reports foreign fields kept in extensions as dropped at their place in the source", async () => {
    const codecs = [fakeCodec("a", "report"), fakeCodec("b", "report")];
    const wire = { ...document.wire, note: "kept for a" };
    expect(await detectLosses({ codecs, source: codecs[0]!, document: { kind: "request", wire } })).toEqual(
      [],
    );
  });

  it("says which round trip failed", async () => {
    const codecs = [fakeCodec("a", "report"), fakeCodec("b", "report")];
    const broken = { kind: "request" as const, wire: { model: "m", say: "not a list" } };
    const findings = await detectLosses({ codecs, source: codecs[0]!, document: broken });
    expect(findings).toEqual([expect.objectContaining({ kind: "failed", to: "b" })]);
  });

  it("takes the target refusing what the caller sent, naming the field, as the expected outcome", async () => {
    const [a, b] = [fakeCodec("a", "report"), fakeCodec("b", "report")];
    const refusing = (error: Error) =>
      ({
        ...b,
        encodeRequest: () => {
          throw error;
        },
      }) as AnyCodec;
    const refusal = new CanonicalError("invalid_request", "say is too long for b", { param: "say" });
    expect(await detectLosses({ codecs: [a!, refusing(refusal)], source: a!, document })).toEqual([]);
    // A crash, or a refusal that names nothing, is still a failure of the round trip.
    for (const error of [new TypeError("x is undefined"), new CanonicalError("invalid_request", "no")])
      expect(await detectLosses({ codecs: [a!, refusing(error)], source: a!, document })).toEqual([
        expect.objectContaining({ kind: "failed", to: "b" }),
      ]);
  });
});
