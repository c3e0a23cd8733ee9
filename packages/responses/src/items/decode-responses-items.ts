import type { Message, Part } from "@interlingua/core";
import { remainingFields, type WireObject, withResponsesExtensions } from "../responses-extensions";
import { decodeResponsesContent } from "./decode-responses-content";
import { decodeResponsesItemParts, isResponsesToolOutputItem } from "./decode-responses-item-parts";

/**
 * The content of a message item as parts. The item's own fields (`type`, `id`, `status`, ...) go in
 * `extensions.responses.item` of the first part, later parts of the same item are marked `sameItem`,
 * and `contentString` records string content, so the encoder rebuilds the item exactly.
 */
export function decodeResponsesMessageParts(item: WireObject, consumeRole: boolean): Part[] {
  const role = item.role as string;
  const itemFields = remainingFields(item, consumeRole ? ["role", "content"] : ["content"]) ?? {};
  if (typeof item.content === "string") {
    return [
      {
        type: "text",
        text: item.content,
        extensions: { responses: { item: itemFields, contentString: true } },
      },
    ];
  }
  if ((item.content as WireObject[]).length === 0) {
    return [{ type: "text", text: "", extensions: { responses: { item: itemFields, emptyContent: true } } }];
  }
  return (item.content as WireObject[]).map((content, index) => {
    const part = decodeResponsesContent(content, role);
    const marks = index === 0 ? { item: itemFields } : { sameItem: true };
    const fields = part.extensions?.responses;
    return withResponsesExtensions(part, fields ? { ...fields, ...marks } : marks);
  });
}

/**
 * The `input` item list as canonical messages. User, system and developer messages each stay one
 * message, in place. Consecutive assistant-side items (assistant messages, function, computer and
 * hosted-tool calls, reasoning) form one assistant message, and consecutive tool outputs one `tool`
 * message, with each item's fields on its parts. An `item_reference` becomes a `user` message with
 * no parts whose `extensions.responses.itemReference` holds the item (other formats cannot resolve it).
 */
export function decodeResponsesInput(input: WireObject[]): Message[] {
  const messages: Message[] = [];
  const toolNames = new Map<string, string>();
  let group: Message | undefined;
  const appendToGroup = (role: "assistant" | "tool", parts: Part[]) => {
    if (group?.role !== role) {
      group = { role, parts: [] };
      messages.push(group);
    }
    group.parts.push(...parts);
  };

  for (const item of input) {
    const type = item.type ?? (item.role !== undefined ? "message" : "item_reference");
    if (type === "message") {
      if (item.role === "assistant") {
        appendToGroup("assistant", decodeResponsesMessageParts(item, true));
        continue;
      }
      const role = item.role as Message["role"];
      const parts =
        typeof item.content === "string"
          ? []
          : (item.content as WireObject[]).map((content) => decodeResponsesContent(content, role));
      const itemFields = remainingFields(item, ["role", "content"]) ?? {};
      const message: Message = { role, parts };
      if (typeof item.content === "string") {
        message.parts.push({ type: "text", text: item.content });
        message.extensions = { responses: { item: itemFields, contentString: true } };
      } else {
        message.extensions = { responses: { item: itemFields } };
      }
      messages.push(message);
      group = undefined;
    } else if (type === "item_reference") {
      messages.push({ role: "user", parts: [], extensions: { responses: { itemReference: item } } });
      group = undefined;
    } else {
      appendToGroup(
        isResponsesToolOutputItem(type) ? "tool" : "assistant",
        decodeResponsesItemParts(item, toolNames),
      );
    }
  }
  return messages;
}

/** A response's `output` items as the response's parts (message content, calls, reasoning), in order. */
export function decodeResponsesOutput(output: WireObject[]): Part[] {
  const parts: Part[] = [];
  for (const item of output) {
    if (item.type === "message") parts.push(...decodeResponsesMessageParts(item, item.role === "assistant"));
    else parts.push(...decodeResponsesItemParts(item));
  }
  return parts;
}
