import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Message } from "../model/message";
import { createConversionContext } from "./conversion-context";
import { reportJoinedTurns } from "./report-joined-turns";

const turn = (role: Message["role"], text = "x"): Message => ({ role, parts: [{ type: "text", text }] });

/** The wire turn of a format with a user and an assistant side only (tool results sent by the user). */
const userOrAssistant = (message: Message) =>
  message.parts.length === 0 ? undefined : message.role === "assistant" ? "assistant" : "user";

function lossesFor(messages: Message[]): string[] {
  const context = createConversionContext();
  reportJoinedTurns(messages, userOrAssistant, context, "other");
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("reportJoinedTurns", () => {
  it("reports each message sent inside the turn before it, at that message", () => {
    expect(lossesFor([turn("user"), turn("user"), turn("assistant"), turn("assistant")])).toEqual([
      "approximated /messages/1",
      "approximated /messages/3",
    ]);
  });

  it("reports tool results joined with the user's text, not tool messages in a row", () => {
    expect(lossesFor([turn("assistant"), turn("tool"), turn("tool"), turn("user")])).toEqual([
      "approximated /messages/3",
    ]);
  });

  it("skips a message not sent as a turn: the ones around it are joined", () => {
    const empty: Message = { role: "assistant", parts: [] };
    expect(lossesFor([turn("user"), empty, turn("user")])).toEqual(["approximated /messages/2"]);
  });

  it("reports one loss per message whose turn is the one before it, and none for alternating turns", () => {
    const roles = fc.constantFrom<Message["role"]>("user", "assistant", "tool");
    fc.assert(
      fc.property(fc.array(roles, { maxLength: 12 }), (list) => {
        const messages = list.map((role) => turn(role));
        const expected = messages.flatMap((message, index) => {
          const before = messages[index - 1];
          const joined =
            before !== undefined &&
            userOrAssistant(before) === userOrAssistant(message) &&
            !(before.role === "tool" && message.role === "tool");
          return joined ? [`approximated /messages/${index}`] : [];
        });
        expect(lossesFor(messages)).toEqual(expected);
      }),
    );
  });
});
