import type { Message } from "../model/message";
import type { Part } from "../model/part";
import { type ConversionContext, pointer } from "./conversion-context";

/**
 * Reports each canonical message a target splits because it holds a part of the other side's
 * (a generate-content user turn with a function call, which a format of items or steps reads as the
 * model's), `approximated` at that message: the target's client reads two turns where the caller
 * sent one. `sideOf` gives the side a part is read as, or undefined for one that follows its turn
 * (text, media).
 */
export function reportSplitTurns(
  messages: readonly Message[],
  sideOf: (part: Part) => "model" | "caller" | undefined,
  context: ConversionContext,
  format: string,
): void {
  messages.forEach((message, index) => {
    if (message.role === "system" || message.role === "developer") return;
    const own = message.role === "assistant" ? "model" : "caller";
    if (message.parts.some((part) => (sideOf(part) ?? own) !== own))
      context.lose(
        "approximated",
        pointer("/messages", index),
        `the ${format} format reads part of this turn as the other side's: the turn is split`,
      );
  });
}
