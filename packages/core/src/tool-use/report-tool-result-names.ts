import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatRequest } from "../model/chat-request";
import type { ToolResultPart } from "../model/tool-result-part";

/**
 * For the request encoder of a format that names a tool result only by the call it answers (the
 * messages, responses and chat-completions formats): reports, as `dropped` at the result's name,
 * each result of `request` whose name is not its call's (it names another function, or answers no
 * call of the request), which such a format cannot say. A result named as its call is not reported:
 * its name goes with the call. `carried` tells a result the format sends with its name after all (a
 * chat-completions legacy `function` message).
 */
export function reportToolResultNames(
  request: ChatRequest,
  format: string,
  context: ConversionContext,
  carried: (part: ToolResultPart) => boolean = () => false,
): void {
  const callNames = new Map<string, string>();
  for (const message of request.messages)
    for (const part of message.parts) if (part.type === "tool-call") callNames.set(part.id, part.name);
  request.messages.forEach((message, messageIndex) => {
    message.parts.forEach((part, partIndex) => {
      if (part.type !== "tool-result" || part.name === undefined || carried(part)) return;
      const callName = callNames.get(part.callId);
      if (callName === part.name) return;
      context.lose(
        "dropped",
        pointer("/messages", messageIndex, "parts", partIndex, "name"),
        callName === undefined
          ? `a ${format} tool result is named by its call, and ${JSON.stringify(part.name)} answers no call of the request`
          : `a ${format} tool result is named by its call, ${JSON.stringify(callName)}, not ${JSON.stringify(part.name)}`,
      );
    });
  });
}
