import { describe, expect, it } from "vitest";
import type { Message } from "../model/message";
import type { Part } from "../model/part";
import { createConversionContext } from "./conversion-context";
import { reportSplitTurns } from "./report-split-turns";

const sideOf = (part: Part) =>
  part.type === "tool-call" ? "model" : part.type === "tool-result" ? "caller" : undefined;

function lossesFor(messages: Message[]): string[] {
  const context = createConversionContext();
  reportSplitTurns(messages, sideOf, context, "other");
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("reportSplitTurns", () => {
  const call: Part = { type: "tool-call", id: "c", name: "f", arguments: {} };
  const result: Part = { type: "tool-result", callId: "c", content: [] };
  const text: Part = { type: "text", text: "x" };

  it("reports a turn holding a part of the other side's, at the turn", () => {
    expect(
      lossesFor([
        { role: "user", parts: [call, text] },
        { role: "assistant", parts: [text, result] },
      ]),
    ).toEqual(["approximated /messages/0", "approximated /messages/1"]);
  });

  it("reports nothing for parts of the turn's own side or that follow it", () => {
    expect(
      lossesFor([
        { role: "user", parts: [text] },
        { role: "assistant", parts: [text, call] },
        { role: "tool", parts: [result] },
      ]),
    ).toEqual([]);
  });
});
