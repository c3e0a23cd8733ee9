import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";

/**
 * For the request encoder of a format whose tool results are text (the messages, responses and
 * chat-completions formats): reports, as `approximated` at the result's `structured`, each result of
 * `request` the tool gave as structured data, which such a format sends as its JSON text.
 */
export function reportStructuredToolResults(
  request: ChatRequest,
  format: string,
  context: ConversionContext,
): void {
  request.messages.forEach((message, messageIndex) => {
    message.parts.forEach((part, partIndex) => {
      if (part.type !== "tool-result" || part.structured !== true) return;
      context.lose(
        "approximated",
        pointer("/messages", messageIndex, "parts", partIndex, "structured"),
        `a ${format} tool result is text: the object the tool returned is sent as its JSON text`,
      );
    });
  });
}
