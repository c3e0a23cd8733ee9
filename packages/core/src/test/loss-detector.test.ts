import fc from "fast-check";
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

  it("takes a target's clear refusal of a request, naming the field, as the expected outcome", async () => {
    const refusing = (thrown: () => Error): AnyCodec => ({
      ...fakeCodec("b", "report"),
      encodeRequest() {
        throw thrown();
      },
    });
    const clear = () => new CanonicalError("invalid_request", "b needs a tone", { param: "tone" });
    const source = fakeCodec("a", "report");
    expect(await detectLosses({ codecs: [source, refusing(clear)], source, document })).toEqual([]);
    const unnamed = () => new CanonicalError("invalid_request", "b refuses");
    const crash = () => new TypeError("cannot read tone");
    for (const thrown of [unnamed, crash])
      expect(await detectLosses({ codecs: [source, refusing(thrown)], source, document })).toEqual([
        expect.objectContaining({ kind: "failed", to: "b" }),
      ]);
  });

  it("takes the source's refusal of what the way back's own dropped losses emptied, and no other", async () => {
    // The target reads every message back as one the source cannot take (a foreign hosted call).
    const base = fakeCodec("b", "report");
    const target = {
      ...base,
      decodeRequest(wire: unknown, context: ConversionContext) {
        const request = base.decodeRequest(wire as never, context) as ChatRequest;
        return {
          ...request,
          messages: request.messages.map((m) => ({ ...m, parts: [{ type: "text", text: "foreign" }] })),
        };
      },
    } as unknown as AnyCodec;
    // The source drops (reporting it, or not, or at another field) each foreign message, and refuses
    // a request left with none, naming `say`.
    const refusingSource = (report: "at the message" | "elsewhere" | "not"): AnyCodec => {
      const own = fakeCodec("a", "report");
      return {
        ...own,
        encodeRequest(request: ChatRequest, context: ConversionContext) {
          const kept = request.messages.filter((message, index) => {
            const foreign = (message.parts[0] as { text: string }).text === "foreign";
            if (foreign && report === "at the message")
              context.lose("dropped", `/messages/${index}`, "foreign");
            if (foreign && report === "elsewhere") context.lose("dropped", "/temperature", "foreign");
            return !foreign;
          });
          if (kept.length === 0)
            throw new CanonicalError("invalid_request", "a needs a say", { param: "say" });
          return own.encodeRequest({ ...request, messages: kept }, context);
        },
      } as unknown as AnyCodec;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
        fc.constantFrom("at the message", "elsewhere", "not") as fc.Arbitrary<
          "at the message" | "elsewhere" | "not"
        >,
        async (say, report) => {
          const source = refusingSource(report);
          const findings = await detectLosses({
            codecs: [source, target],
            source,
            document: { kind: "request", wire: { model: "m", say } },
          });
          if (report === "at the message") expect(findings).toEqual([]);
          else expect(findings).toEqual([expect.objectContaining({ kind: "failed", to: "b" })]);
        },
      ),
      { numRuns: 30 },
    );
  });

  it("says which round trip failed", async () => {
    const codecs = [fakeCodec("a", "report"), fakeCodec("b", "report")];
    const broken = { kind: "request" as const, wire: { model: "m", say: "not a list" } };
    const findings = await detectLosses({ codecs, source: codecs[0]!, document: broken });
    expect(findings).toEqual([expect.objectContaining({ kind: "failed", to: "b" })]);
  });

  it("places a loss where the normalisation moved the node it names", async () => {
    const codecs = [fakeCodec("a", "report"), fakeCodec("b", "report")];
    // The comparison reads `tone` as `warmth`: the loss at `/tone` must land there.
    const normalize = (body: unknown) => {
      const { tone, ...rest } = body as Record<string, unknown>;
      return tone === undefined ? rest : { ...rest, warmth: tone };
    };
    const placeBodyLoss = (path: string) => path.replace(/^\/tone/, "/warmth");
    const moved = await detectLosses({
      codecs,
      source: codecs[0]!,
      document,
      normalizations: { a: { normalize } },
    });
    expect(moved).toEqual([expect.objectContaining({ kind: "silent", path: "/warmth" })]);
    const placed = await detectLosses({
      codecs,
      source: codecs[0]!,
      document,
      normalizations: { a: { normalize, placeBodyLoss } },
    });
    expect(placed).toEqual([]);
  });

  it("takes a target's clear refusal of a request as the expected outcome, and any other throw as a failure", async () => {
    const source = fakeCodec("a", "report");
    const refusing = (thrown: Error, step: "encodeRequest" | "decodeRequest") => ({
      ...fakeCodec("b", "report"),
      [step]: () => {
        throw thrown;
      },
    });
    const refusal = new CanonicalError("invalid_request", "b takes no tone", { param: "tone" });
    const clear = refusing(refusal, "encodeRequest") as AnyCodec;
    expect(await detectLosses({ codecs: [source, clear], source, document })).toEqual([]);
    // A refusal that names no field, a crash, and a backend refusing what was sent are failures.
    for (const codec of [
      refusing(new CanonicalError("invalid_request", "no"), "encodeRequest"),
      refusing(new TypeError("x is undefined"), "encodeRequest"),
      refusing(refusal, "decodeRequest"),
    ] as AnyCodec[])
      expect(await detectLosses({ codecs: [source, codec], source, document })).toEqual([
        expect.objectContaining({ kind: "failed", to: "b" }),
      ]);
  });

  it("places losses where the normalisation moved what they point at", async () => {
    // The first said text is left out of the comparison (an echo), so the rest move up by one.
    const normalizations = {
      a: {
        normalize: (value: unknown) => {
          const wire = value as { say: string[] };
          return { ...wire, say: wire.say.slice(1) };
        },
        placeBodyLoss: (path: string) => {
          const match = /^\/say\/(\d+)(.*)$/.exec(path);
          if (!match) return path;
          return match[1] === "0" ? null : `/say/${Number(match[1]) - 1}${match[2]}`;
        },
      },
    };
    const codecs = [fakeCodec("a", "false"), fakeCodec("b", "false")];
    const wire = { model: "m", say: ["echo", "hi"] };
    const findings = await detectLosses({
      codecs,
      source: codecs[0]!,
      document: { kind: "request", wire },
      normalizations,
    });
    // The false loss at /messages/0 points at the echo, which is not compared: no finding.
    expect(findings).toEqual([]);
    const shifted = { model: "m", say: ["echo", "hi", "there"] };
    const lossy = [fakeCodec("a", "report"), fakeCodec("b", "report")];
    // A loss at /say/1 is placed at /say/0 of the compared body, which came back whole.
    const withLoss: AnyCodec = {
      ...lossy[1]!,
      encodeRequest(request: ChatRequest, context: ConversionContext) {
        context.lose("approximated", "/messages/1", "a loss where none is");
        return lossy[1]!.encodeRequest(request, context);
      },
    } as AnyCodec;
    expect(
      await detectLosses({
        codecs: [lossy[0]!, withLoss],
        source: lossy[0]!,
        document: { kind: "request", wire: shifted },
        normalizations,
      }),
    ).toEqual([expect.objectContaining({ kind: "false-loss", path: "/say/1" })]);
  });

  it("lines up the entries after one a loss says moved, and only then", async () => {
    // `b` sends the first said text last (as a tool sent as a setting comes back last).
    const moving = (report: boolean): AnyCodec => {
      const plain = fakeCodec("b", "report");
      return {
        ...plain,
        encodeRequest(request: ChatRequest, context: ConversionContext) {
          const [first, ...rest] = request.messages;
          if (report) context.lose("approximated", "/messages/0", "said last");
          return plain.encodeRequest({ ...request, messages: [...rest, first!] }, context);
        },
      } as AnyCodec;
    };
    const source = fakeCodec("a", "report");
    const wire = { model: "m", say: ["first", "second", "third"] };
    const moved = { kind: "request" as const, wire };
    expect(await detectLosses({ codecs: [source, moving(true)], source, document: moved })).toEqual([]);
    expect(await detectLosses({ codecs: [source, moving(false)], source, document: moved })).toEqual([
      expect.objectContaining({ kind: "silent", path: "/say/0" }),
      expect.objectContaining({ kind: "silent", path: "/say/1" }),
      expect.objectContaining({ kind: "silent", path: "/say/2" }),
    ]);
  });

  it("places a loss of the way back on the node it is about after the way there dropped an earlier one", async () => {
    // `b` cannot say the first text (a loss at it); its reading of "z" is one `a` cannot send back,
    // which `a` reports at the index "z" has in what `b` read: one less than in the caller's.
    const plain = fakeCodec("a", "report");
    const a = {
      ...plain,
      encodeRequest(request: ChatRequest, context: ConversionContext) {
        const messages = request.messages.filter((message, index) => {
          if (message.extensions?.b === undefined) return true;
          context.lose("dropped", `/messages/${index}`, "a cannot send what b marked");
          return false;
        });
        return plain.encodeRequest({ ...request, messages }, context);
      },
    } as AnyCodec;
    const lossy = fakeCodec("b", "report");
    const b = {
      ...lossy,
      encodeRequest(request: ChatRequest, context: ConversionContext) {
        context.lose("dropped", "/messages/0", "b cannot say the first");
        return lossy.encodeRequest({ ...request, messages: request.messages.slice(1) }, context);
      },
      decodeRequest(wire: unknown, context: ConversionContext) {
        const request = lossy.decodeRequest(wire as never, context) as ChatRequest;
        for (const message of request.messages)
          if ((message.parts[0] as { text: string }).text === "z")
            message.extensions = { b: { marked: true } };
        return request;
      },
    } as AnyCodec;
    const wire = { model: "m", say: ["x", "y", "z"] };
    expect(await detectLosses({ codecs: [a, b], source: a, document: { kind: "request", wire } })).toEqual(
      [],
    );
  });

  describe("a loss the way back hides", () => {
    // `a` sends its default tone, 0.5, when the request has none, so a tone of 0.5 comes back
    // through a target that dropped it.
    const plain = fakeCodec("a", "report");
    const withDefaultTone = {
      ...plain,
      encodeRequest(request: ChatRequest, context: ConversionContext) {
        const wire = plain.encodeRequest(request, context) as Record<string, unknown>;
        wire.tone ??= 0.5;
        return wire;
      },
    } as AnyCodec;

    it("is a loss when the target really did not carry the value", async () => {
      // `b` drops the tone, reporting it: its client never saw it, though the way back restores it.
      const codecs = [withDefaultTone, fakeCodec("b", "report")];
      expect(await detectLosses({ codecs, source: withDefaultTone, document })).toEqual([]);
    });

    it("is still a false loss when the target carried the value one to one", async () => {
      // `b` sends the tone as it is, and reports it lost all the same.
      const carrying = fakeCodec("b", "silent");
      const b = {
        ...carrying,
        encodeRequest(request: ChatRequest, context: ConversionContext) {
          const wire = carrying.encodeRequest(request, context) as Record<string, unknown>;
          wire.tone = request.temperature;
          context.lose("approximated", "/temperature", "a loss where none is");
          return wire;
        },
      } as AnyCodec;
      expect(await detectLosses({ codecs: [withDefaultTone, b], source: withDefaultTone, document })).toEqual(
        [expect.objectContaining({ kind: "false-loss", to: "b", path: "/tone" })],
      );
    });
  });
});
