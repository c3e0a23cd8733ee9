import {
  type ConversionContext,
  type Instruction,
  type Message,
  type Part,
  pointer,
  type TextPart,
  type ToolResultPart,
} from "@interlingua/core";
import type { ChatCompletionsDialect } from "../chat-completions-dialect";
import { assignWireFields, chatCompletionsExtensions, type WireObject } from "../chat-completions-extensions";
import { encodeAssistantMessage } from "../message/encode-chat-completions-assistant";
import {
  encodeMediaContentPart,
  encodeTextContentPart,
  loseTextPartExtras,
} from "../message/encode-chat-completions-content";

/** Marks this codec keeps on a message, not wire fields. */
const messageMarks = ["contentForm", "contentAbsent", "legacyFunction", "contentNull", "callIdEmpty"];

/**
 * Canonical instructions and turns as `messages`: instructions and system / developer turns keep
 * their role; a user turn's tool results become `tool` messages before it (the format gives each
 * result its own message); an assistant turn is one assistant message. What a message cannot hold
 * is dropped with a loss.
 */
export function encodeChatCompletionsMessages(
  instructions: readonly Instruction[],
  messages: readonly Message[],
  dialect: ChatCompletionsDialect,
  context: ConversionContext,
): WireObject[] {
  const wire: WireObject[] = [];
  instructions.forEach((instruction, index) => {
    wire.push(
      encodeTextMessage(
        instruction.role,
        instruction.parts,
        instruction,
        context,
        pointer("/instructions", index),
      ),
    );
  });
  messages.forEach((message, index) => {
    const path = pointer("/messages", index);
    const fields = chatCompletionsExtensions(message);
    // Another format's user turn of nothing (a responses item_reference, which points at an item
    // this format cannot name) is not sent as an empty message: it is reported.
    if (message.role === "user" && message.parts.length === 0 && fields === undefined) {
      context.lose("dropped", path, "A user message with no content this format can carry is not sent");
      return;
    }
    switch (message.role) {
      case "assistant": {
        const assistant = encodeAssistantMessage(
          message.parts,
          fields,
          "request",
          dialect,
          context,
          pointer(path, "parts"),
        );
        // One whose every part was dropped (each with its loss) is not sent: the API refuses an
        // assistant message without content or tool calls, so the turn itself is lost too.
        const emptied = Object.entries(assistant).every(([key, value]) => key === "role" || value == null);
        if (message.parts.length > 0 && emptied)
          context.lose("dropped", path, "an assistant turn whose every part was dropped is not sent");
        else wire.push(assistant);
        break;
      }
      case "system":
      case "developer": {
        const texts = textPartsOnly(message.parts, context, path);
        wire.push(encodeTextMessage(message.role, texts, message, context, path));
        break;
      }
      default:
        wire.push(...encodeUserOrToolMessage(message, fields, context, path));
    }
  });
  return wire;
}

/** A system, developer or instruction message: `content` a string, or the text parts it came as. */
function encodeTextMessage(
  role: string,
  parts: readonly TextPart[],
  source: Instruction | Message,
  context: ConversionContext,
  path: string,
): WireObject {
  const fields = chatCompletionsExtensions(source);
  const message = assignWireFields({ role }, fields, messageMarks);
  message.content = encodeTextContent(
    parts,
    fields?.contentForm === "parts",
    context,
    pointer(path, "parts"),
  );
  return message;
}

/** Text parts as a string (one part, not remembered as a list) or a list of text parts. */
function encodeTextContent(
  parts: readonly TextPart[],
  asParts: boolean,
  context: ConversionContext,
  path: string,
): string | WireObject[] {
  const only = parts[0];
  if (!asParts && parts.length === 1 && only && chatCompletionsExtensions(only) === undefined) {
    loseTextPartExtras(only, context, pointer(path, 0));
    return only.text;
  }
  if (parts.length === 0) return "";
  return parts.map((part, index) => encodeTextContentPart(part, context, pointer(path, index)));
}

/** The text parts of a turn that may hold only text; the others are dropped with a loss. */
function textPartsOnly(parts: readonly Part[], context: ConversionContext, path: string): TextPart[] {
  const texts: TextPart[] = [];
  parts.forEach((part, index) => {
    if (part.type === "text") texts.push(part);
    else
      context.lose("dropped", pointer(path, "parts", index), `a system message holds no ${part.type} part`);
  });
  return texts;
}

/** A user or tool turn: each tool result its own `tool` message, then the rest as a user message. */
function encodeUserOrToolMessage(
  message: Message,
  fields: WireObject | undefined,
  context: ConversionContext,
  path: string,
): WireObject[] {
  const wire: WireObject[] = [];
  const content: WireObject[] = [];
  message.parts.forEach((part, index) => {
    const partPath = pointer(path, "parts", index);
    switch (part.type) {
      case "tool-result":
        if (content.length > 0)
          context.lose(
            "approximated",
            partPath,
            "a tool result after other content of its turn was sent before it, as its own tool message",
          );
        wire.push(encodeToolResult(part, fields, context, partPath));
        break;
      case "text":
        content.push(encodeTextContentPart(part, context, partPath));
        break;
      case "media": {
        const encoded = encodeMediaContentPart(part, context, partPath);
        if (encoded) content.push(encoded);
        break;
      }
      default:
        context.lose(
          "dropped",
          partPath,
          `a ${message.role} message of the chat-completions format holds no ${part.type} part`,
        );
    }
  });
  // A user turn whose every part was dropped (each with its loss) sends no empty message: the turn
  // itself is lost too (the messages after it move up one).
  const emptied = message.parts.length > 0 && content.length === 0;
  if (emptied && wire.length === 0)
    context.lose("dropped", path, "a turn whose every part was dropped is not sent");
  if (content.length > 0 || (message.role === "user" && wire.length === 0 && !emptied)) {
    const user = assignWireFields(
      { role: "user" },
      message.role === "user" ? fields : undefined,
      messageMarks,
    );
    const only = content[0];
    const single =
      content.length === 1 &&
      only?.type === "text" &&
      Object.keys(only).length === 2 &&
      fields?.contentForm !== "parts";
    user.content = single ? (only.text as string) : content.length > 0 ? content : "";
    wire.push(user);
  }
  return wire;
}

/** One tool result as a `tool` message (or a legacy `function` message); its content is text only. */
function encodeToolResult(
  part: ToolResultPart,
  fields: WireObject | undefined,
  context: ConversionContext,
  path: string,
): WireObject {
  if (part.isError)
    context.lose(
      "approximated",
      pointer(path, "isError"),
      "the chat-completions format cannot mark a tool result as failed",
    );
  if (part.cache)
    context.lose("dropped", pointer(path, "cache"), "the chat-completions format has no cache breakpoints");
  const texts: TextPart[] = [];
  part.content.forEach((item, index) => {
    if (item.type === "text") texts.push(item);
    else
      context.lose(
        "dropped",
        pointer(path, "content", index),
        "a tool message of the chat-completions format holds only text",
      );
  });
  const partFields = chatCompletionsExtensions(part);
  if (fields?.legacyFunction === true) {
    const message = assignWireFields({ role: "function", name: part.name ?? "" }, fields, messageMarks);
    message.content = fields.contentNull === true ? null : texts.map((text) => text.text).join("");
    return message;
  }
  const message = assignWireFields({ role: "tool" }, fields, messageMarks);
  assignWireFields(message, partFields);
  // A result that came with an empty id (answering a call without one) is sent so again.
  message.tool_call_id = fields?.callIdEmpty === true ? "" : part.callId;
  // As a call's: the format reads an empty id as none, so the result answers the call read so.
  if (part.callId === "")
    context.lose("approximated", pointer(path, "callId"), "an empty tool call id reads as none");
  message.content = encodeTextContent(
    texts,
    fields?.contentForm === "parts",
    context,
    pointer(path, "content"),
  );
  return message;
}
