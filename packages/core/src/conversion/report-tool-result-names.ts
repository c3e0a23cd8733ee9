import type { ChatRequest } from "../model/chat-request";
import { type ConversionContext, pointer } from "./conversion-context";

/**
 * Reports, as `dropped` at its `name`, each tool result of `request` whose name its call in the
 * request does not give (a result answering no call there, or naming another function than the
 * call): for an encoder of a format that names a result only by its call id (messages, responses,
 * chat-completions), whose decoder reads the name back from the call.
 */
export function reportToolResultNames(
  request: ChatRequest,
  format: string,
  context: ConversionContext,
): void {
  const callNames = new Map<string, string>();
  for (const message of request.messages)
    for (const part of message.parts) if (part.type === "tool-call") callNames.set(part.id, part.name);
  for (const [index, message] of request.messages.entries())
    for (const [partIndex, part] of message.parts.entries())
      if (part.type === "tool-result" && part.name !== undefined && callNames.get(part.callId) !== part.name)
        context.lose(
          "dropped",
          pointer("/messages", index, "parts", partIndex, "name"),
          `the ${format} format names a tool result only by its call, and no call of the request names it ${part.name}`,
        );
}
