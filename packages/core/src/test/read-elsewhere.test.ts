import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AnyCodec } from "../contracts/codec";
import type { ConversionContext } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import type { Message } from "../model/message";
import { detectLosses } from "./loss-detector";

type Said = { role: "system" | "user"; text: string; note?: string };

/**
 * A format of one list, `{ model, say: [{ role, text }] }`, whose system entries stay turns (as a
 * responses input item does); instructions go out as `rules`. Its decoder ignores `note` (without
 * a loss) when `ignoresNotes`.
 */
function sourceCodec(ignoresNotes: boolean): AnyCodec {
  return {
    id: "a",
    decodeRequest(wire: { model: string; say: Said[] }, context: ConversionContext) {
      context.startSource();
      wire.say.forEach((_, index) => {
        context.trace(`/messages/${index}`, `/say/${index}`);
      });
      return {
        model: wire.model,
        messages: wire.say.map(({ role, text, note }) => ({
          role,
          parts: [{ type: "text", text }],
          ...(note !== undefined && !ignoresNotes && { extensions: { a: { note } } }),
        })),
      } satisfies ChatRequest;
    },
    encodeRequest(request: ChatRequest) {
      const say = request.messages.map((message) => ({
        role: message.role,
        text: (message.parts[0] as { text: string }).text,
        ...(message.extensions?.a !== undefined && { note: message.extensions.a.note }),
      }));
      const rules = request.instructions?.map(
        (instruction) => (instruction.parts[0] as { text: string }).text,
      );
      return { model: request.model, say, ...(rules?.length && { rules: rules.join("\n") }) };
    },
  } as unknown as AnyCodec;
}

/**
 * A format of one list of messages, `{ model, messages: [{ role, text }] }`, whose decoder reads the
 * system messages before the first other one as instructions (as chat-completions does); its
 * encoder sends system text in capitals when `shouts` (a change its client sees).
 */
function targetCodec(shouts: boolean): AnyCodec {
  const text = (role: string, said: string) => (shouts && role === "system" ? said.toUpperCase() : said);
  return {
    id: "b",
    encodeRequest(request: ChatRequest) {
      const turns = [...(request.instructions ?? []), ...request.messages] as Message[];
      return {
        model: request.model,
        messages: turns.map((turn) => ({
          role: turn.role,
          text: text(turn.role, (turn.parts[0] as { text: string }).text),
        })),
      };
    },
    decodeRequest(wire: { model: string; messages: Said[] }) {
      const leading = wire.messages.findIndex((message) => message.role !== "system");
      const cut = leading === -1 ? wire.messages.length : leading;
      const turn = ({ role, text }: Said) => ({ role, parts: [{ type: "text" as const, text }] });
      return {
        model: wire.model,
        instructions: wire.messages.slice(0, cut).map(turn),
        messages: wire.messages.slice(cut).map(turn),
      };
    },
  } as unknown as AnyCodec;
}

const said = fc.record({ role: fc.constantFrom("system", "user"), text: fc.stringMatching(/^[a-z]{1,3}$/) });

describe("entries the target carried but read into another list", () => {
  it("are no finding: the way back alone moved them", async () => {
    const source = sourceCodec(false);
    const wire = {
      model: "m",
      say: [
        { role: "system", text: "be brief" },
        { role: "user", text: "hi" },
      ],
    };
    const codecs = [source, targetCodec(false)];
    expect(await detectLosses({ codecs, source, document: { kind: "request", wire } })).toEqual([]);
  });

  it("stay findings when the target changed them, wherever its decoder read them", async () => {
    // Property: with a target that carries every entry, nothing is found; with one that changes
    // system text, every system entry is found changed, leading or not.
    const source = sourceCodec(false);
    await fc.assert(
      fc.asyncProperty(fc.array(said, { minLength: 1, maxLength: 5 }), async (say) => {
        const document = { kind: "request" as const, wire: { model: "m", say } };
        expect(await detectLosses({ codecs: [source, targetCodec(false)], source, document })).toEqual([]);
        const findings = await detectLosses({ codecs: [source, targetCodec(true)], source, document });
        // At the entry's text, or its role where another entry of the same text came back there.
        say.forEach((entry, index) => {
          if (entry.role === "system")
            expect(findings).toContainEqual(
              expect.objectContaining({ kind: "silent", path: expect.stringMatching(`^/say/${index}/`) }),
            );
        });
      }),
    );
  });

  it("stay findings when what the target did not carry is in the source's own extensions", async () => {
    // `a` keeps a note in its extensions; `b` drops it without a loss: no bookkeeping, a finding.
    const source = sourceCodec(false);
    const wire = {
      model: "m",
      say: [
        { role: "system", text: "be brief", note: "n" },
        { role: "user", text: "hi" },
      ],
    };
    const findings = await detectLosses({
      codecs: [source, targetCodec(false)],
      source,
      document: { kind: "request", wire },
    });
    expect(findings).toContainEqual(expect.objectContaining({ kind: "silent", path: "/say/0/note" }));
  });

  it("stay findings when the source's own reading lost part of them before the target", async () => {
    const source = sourceCodec(true);
    const wire = {
      model: "m",
      say: [
        { role: "system", text: "be brief", note: "n" },
        { role: "user", text: "hi" },
      ],
    };
    const findings = await detectLosses({
      codecs: [source, targetCodec(false)],
      source,
      document: { kind: "request", wire },
    });
    expect(findings).toContainEqual(expect.objectContaining({ kind: "silent", path: "/say/0/note" }));
  });
});
