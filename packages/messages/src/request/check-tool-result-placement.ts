import { CanonicalError } from "@interlingua/core";
import type { MessagesInputMessage } from "../wire/messages-request";

/**
 * Refuses, as the API does (400 `invalid_request_error`: "Messages following tool_use blocks must
 * begin with a matching number of tool_result blocks"), a user turn (consecutive user messages,
 * which the API joins) with content before one of its `tool_result` blocks. Such a request cannot
 * be sent to any format as it is (a chat-completions tool message goes before the user's text), so
 * it is refused at the caller's own message and block.
 */
export function checkToolResultPlacement(messages: readonly MessagesInputMessage[]): void {
  let other = false;
  messages.forEach((message, index) => {
    if (messages[index - 1]?.role !== message.role) other = false;
    if (typeof message.content === "string") {
      other = true;
      return;
    }
    message.content.forEach((block, position) => {
      if (block.type !== "tool_result") other = true;
      else if (other) {
        const param = `messages.${index}.content.${position}`;
        throw new CanonicalError(
          "invalid_request",
          `${param}: tool_result blocks must come first in a user turn, before any other content`,
          { param },
        );
      }
    });
  });
}
