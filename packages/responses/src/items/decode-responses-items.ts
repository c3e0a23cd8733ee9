import { type Message, type Part, pointer } from "@interlingua/core";

/**
 * Told the source of each canonical node a decoder builds: canonical pointer, source pointer, and
 * whether the node has the source's shape (see `SourceTrace.record`).
 */
export type TraceSource = (canonicalPath: string, sourcePath: string, sameShape?: boolean) => void;

/** The source of each part of an item: its content entry, or the item itself. */
function partSources(item: WireObject, source: string, count: number): string[] {
  const content = Array.isArray(item.content) ? item.content : undefined;
  return Array.from({ length: count }, (_, index) =>
    content && content.length > index ? pointer(source, "content", index) : source,
  );
}

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
 * message, with each item's fields on its parts (an assistant message item right after another
 * marked `newItem` on its first part). An `item_reference` becomes a `user` message with
 * no parts whose `extensions.responses.itemReference` holds the item (other formats cannot resolve it).
 */
export function decodeResponsesInput(input: WireObject[], trace: TraceSource = () => {}): Message[] {
  const messages: Message[] = [];
  const toolNames = new Map<string, string>();
  let group: Message | undefined;
  /** Whether the last item was an assistant message item. */
  let lastWasMessage = false;
  let source = "";
  const traceParts = (message: Message, from: number, item: WireObject) => {
    const at = pointer("/messages", messages.indexOf(message));
    if (from === 0) trace(at, source);
    partSources(item, source, message.parts.length - from).forEach((partSource, index) => {
      trace(pointer(at, "parts", from + index), partSource);
    });
    // The item's own fields, kept on its first part (a message's under `item`), are the item's.
    const kept = pointer(at, "parts", from, "extensions", "responses");
    if (item.type === undefined || item.type === "message") trace(pointer(kept, "item"), source, true);
    else trace(kept, source, true);
    // A function output's list form is its output's.
    if (item.type === "function_call_output" && Array.isArray(item.output))
      trace(pointer(kept, "outputForm"), pointer(source, "output"));
    // Where an assistant message item after another begins: the item's own, lost where the two are one turn.
    if (message.parts[from]?.extensions?.responses?.newItem === true) trace(pointer(kept, "newItem"), source);
  };
  const appendToGroup = (role: "assistant" | "tool", parts: Part[], item: WireObject) => {
    if (group?.role !== role) {
      group = { role, parts: [] };
      messages.push(group);
    }
    const from = group.parts.length;
    group.parts.push(...parts);
    traceParts(group, from, item);
  };

  for (const [index, item] of input.entries()) {
    source = pointer("/input", index);
    const type = item.type ?? (item.role !== undefined ? "message" : "item_reference");
    if (type === "message") {
      if (item.role === "assistant") {
        const parts = decodeResponsesMessageParts(item, true);
        // A message item right after another in the assistant turn is marked where it begins: other
        // formats have one message per turn, and join the two.
        if (group?.role === "assistant" && lastWasMessage && parts[0])
          parts[0] = withResponsesExtensions(parts[0], { ...parts[0].extensions?.responses, newItem: true });
        appendToGroup("assistant", parts, item);
        lastWasMessage = true;
        continue;
      }
      lastWasMessage = false;
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
      traceParts(message, 0, item);
      trace(pointer("/messages", messages.length - 1, "extensions", "responses", "item"), source, true);
      group = undefined;
    } else if (type === "item_reference") {
      messages.push({ role: "user", parts: [], extensions: { responses: { itemReference: item } } });
      trace(pointer("/messages", messages.length - 1), source);
      group = undefined;
    } else {
      appendToGroup(
        isResponsesToolOutputItem(type) ? "tool" : "assistant",
        decodeResponsesItemParts(item, toolNames),
        item,
      );
    }
  }
  return messages;
}

/**
 * A response's `output` items as the response's parts (message content, calls, reasoning), in order;
 * a message item right after another is marked `newItem` on its first part, as in `input`.
 */
export function decodeResponsesOutput(output: WireObject[], trace: TraceSource = () => {}): Part[] {
  const parts: Part[] = [];
  for (const [index, item] of output.entries()) {
    const from = parts.length;
    if (item.type === "message") {
      const itemParts = decodeResponsesMessageParts(item, item.role === "assistant");
      // Other formats read the parts of an answer as one message: where this item began is lost there.
      if (output[index - 1]?.type === "message" && itemParts[0])
        itemParts[0] = withResponsesExtensions(itemParts[0], {
          ...itemParts[0].extensions?.responses,
          newItem: true,
        });
      parts.push(...itemParts);
    } else parts.push(...decodeResponsesItemParts(item));
    const at = pointer("/output", index);
    // An answer's empty message item after another message is one part, which stands for its empty
    // content: the item's own mark (where it begins) is told apart from it. After anything else the
    // part is the whole item (a target that moves it moves the item).
    const emptyMessage =
      item.type === "message" &&
      Array.isArray(item.content) &&
      item.content.length === 0 &&
      output[index - 1]?.type === "message";
    const sources = emptyMessage ? [pointer(at, "content")] : partSources(item, at, parts.length - from);
    sources.forEach((source, offset) => {
      trace(pointer("/parts", from + offset), source);
    });
  }
  return parts;
}
