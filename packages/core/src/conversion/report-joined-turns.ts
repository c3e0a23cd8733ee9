import type { Message } from "../model/message";
import { type ConversionContext, pointer } from "./conversion-context";

/**
 * Reports each canonical message a target sends inside the turn before it, `approximated` at that
 * message (one loss for the whole message): the target's client reads one turn where the caller
 * sent two, and where the second began is lost. `turnOf` gives the wire turn a message is sent as
 * (its role there: a message sent as a turn of its own whatever comes before it gives a key of its
 * own), or undefined for one not sent as a turn (an instruction moved to the format's own field, a
 * message with nothing to send: each reports its own loss). Tool messages in a row are one answer
 * (as `pairToolResults` joins them) and are not reported.
 */
export function reportJoinedTurns(
  messages: readonly Message[],
  turnOf: (message: Message, index: number) => string | undefined,
  context: ConversionContext,
  format: string,
): void {
  let previous: { turn: string; role: Message["role"] } | undefined;
  messages.forEach((message, index) => {
    const turn = turnOf(message, index);
    if (turn === undefined) return;
    if (previous?.turn === turn && !(previous.role === "tool" && message.role === "tool"))
      context.lose(
        "approximated",
        pointer("/messages", index),
        `the ${format} format joins this turn with the ${turn} turn before it`,
      );
    previous = { turn, role: message.role };
  });
}
