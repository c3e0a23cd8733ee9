import {
  type ConversionContext,
  type Instruction,
  type Message,
  type Part,
  pointer,
  type ToolResultPart,
} from "@interlingua/core";
import {
  chatCompletionsExtensions,
  chatCompletionsFormatId,
  isWireObject,
  remainingFields,
  type WireObject,
  withChatCompletionsExtensions,
} from "../chat-completions-extensions";
import { createCallIdentities } from "../message/chat-completions-call-ids";
import { decodeAssistantMessage } from "../message/decode-chat-completions-assistant";
import { decodeTextContent, decodeUserContentPart } from "../message/decode-chat-completions-content";

/** The field of each user content part that holds its inline data. */
const inlineDataFields: Record<string, string> = { image_url: "url", input_audio: "data", file: "file_data" };

/** A request's `messages` as canonical instructions (the leading system / developer turns) and turns. */
export interface DecodedChatCompletionsMessages {
  instructions: Instruction[];
  messages: Message[];
}

/**
 * `messages` as canonical instructions and turns: system and developer messages before the first
 * other turn are instructions (role kept), later ones stay turns; a `tool` message is a tool turn
 * with one tool result (named after the call it answers); the legacy `function` message is one too,
 * answering the latest call of that function. A list `content` is remembered as such
 * (`contentForm`), so a same-format re-encoding gives the list back.
 */
export function decodeChatCompletionsMessages(
  wire: readonly WireObject[],
  context: ConversionContext,
): DecodedChatCompletionsMessages {
  const instructions: Instruction[] = [];
  const messages: Message[] = [];
  const identify = createCallIdentities(context);
  const toolNames = new Map<string, string>();
  const latestCallOf = new Map<string, string>();
  /** The new ids of the latest assistant turn's calls that came without one, not yet answered. */
  let idlessCalls: string[] = [];
  let leading = true;
  /** Traces the turn just added to `list`, and its parts (content entries where the content is a list). */
  const traceTurn = (list: "messages" | "instructions", source: string, message: WireObject) => {
    const turns = list === "messages" ? messages : instructions;
    const at = pointer("", list, turns.length - 1);
    context.trace(at, source);
    // A message's own fields the codec keeps (`name`, an assistant's `audio`) are where they were.
    context.trace(pointer(at, "extensions", chatCompletionsFormatId), source, true);
    const content = Array.isArray(message.content) ? message.content : undefined;
    turns.at(-1)?.parts.forEach((_, index) => {
      context.trace(
        pointer(at, "parts", index),
        content && message.role !== "assistant" ? pointer(source, "content", index) : source,
      );
    });
    // A media part's detail and file name are where the content entry says them.
    if (content && message.role === "user")
      content.forEach((entry, index) => {
        const part = pointer(at, "parts", index);
        const wire = pointer(source, "content", index);
        const said = (field: string, key: string) =>
          isWireObject(entry) && isWireObject(entry[field]) && entry[field][key] !== undefined;
        if (said("image_url", "detail"))
          context.trace(pointer(part, "detail"), pointer(wire, "image_url", "detail"));
        if (said("file", "filename"))
          context.trace(pointer(part, "filename"), pointer(wire, "file", "filename"));
        // Inline data the caller spelled URL-safe is the field that holds it.
        const decoded = turns.at(-1)?.parts[index];
        const dataField = isWireObject(entry) ? inlineDataFields[String(entry.type)] : undefined;
        if (decoded && dataField && chatCompletionsExtensions(decoded)?.urlSafeBase64 === true)
          context.trace(
            pointer(part, "extensions", chatCompletionsFormatId, "urlSafeBase64"),
            pointer(wire, String(entry.type), dataField),
          );
      });
  };
  for (const [wireIndex, message] of wire.entries()) {
    const source = pointer("/messages", wireIndex);
    const before = messages.length;
    const form: WireObject = Array.isArray(message.content) ? { contentForm: "parts" } : {};
    switch (message.role) {
      case "system":
      case "developer": {
        const turn = withChatCompletionsExtensions<Instruction>(
          { role: message.role, parts: decodeTextContent(message.content) },
          { ...remainingFields(message, ["role", "content"]), ...form },
        );
        if (leading) {
          instructions.push(turn);
          traceTurn("instructions", source, message);
        } else messages.push(turn as Message);
        break;
      }
      case "user": {
        leading = false;
        const parts: Part[] =
          typeof message.content === "string"
            ? [{ type: "text", text: message.content }]
            : (message.content as WireObject[]).map(decodeUserContentPart);
        messages.push(
          withChatCompletionsExtensions<Message>(
            { role: "user", parts },
            { ...remainingFields(message, ["role", "content"]), ...form },
          ),
        );
        break;
      }
      case "assistant": {
        leading = false;
        const { parts, rest } = decodeAssistantMessage(message, "request", identify);
        idlessCalls = [];
        for (const part of parts)
          if (part.type === "tool-call") {
            toolNames.set(part.id, part.name);
            latestCallOf.set(part.name, part.id);
            if (chatCompletionsExtensions(part)?.idAbsent === true) idlessCalls.push(part.id);
          }
        messages.push(withChatCompletionsExtensions<Message>({ role: "assistant", parts }, rest));
        break;
      }
      case "tool": {
        leading = false;
        // A result with an empty id answers the next call of the turn that came without one.
        const wireCallId = message.tool_call_id as string;
        const callId = (wireCallId === "" ? idlessCalls.shift() : undefined) ?? wireCallId;
        const result: ToolResultPart = {
          type: "tool-result",
          callId,
          content: decodeTextContent(message.content),
        };
        const name = toolNames.get(callId);
        if (name !== undefined) result.name = name;
        messages.push(
          withChatCompletionsExtensions<Message>(
            { role: "tool", parts: [result] },
            {
              ...remainingFields(message, ["role", "content", "tool_call_id"]),
              ...form,
              ...(callId !== wireCallId && { callIdEmpty: true }),
            },
          ),
        );
        break;
      }
      default: {
        // The legacy `function` role: the result of the latest call of that function.
        leading = false;
        const name = message.name as string;
        const content = message.content;
        const result: ToolResultPart = {
          type: "tool-result",
          callId: latestCallOf.get(name) ?? context.generateId("call"),
          name,
          content: typeof content === "string" ? [{ type: "text", text: content }] : [],
        };
        const marks: WireObject = { legacyFunction: true };
        if (content === null) marks.contentNull = true;
        messages.push({
          role: "tool",
          parts: [result],
          extensions: {
            [chatCompletionsFormatId]: { ...remainingFields(message, ["role", "content", "name"]), ...marks },
          },
        });
      }
    }
    if (messages.length > before) traceTurn("messages", source, message);
  }
  return { instructions, messages };
}
