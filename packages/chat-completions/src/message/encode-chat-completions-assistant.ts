import { type ConversionContext, type Part, pointer, type ToolCallPart } from "@interlingua/core";
import { answerReasoningField, type ChatCompletionsDialect } from "../chat-completions-dialect";
import {
  assignWireFields,
  chatCompletionsExtensions,
  chatCompletionsFormatId,
  type WireObject,
} from "../chat-completions-extensions";
import { encodeChatCompletionsArguments } from "./chat-completions-arguments";
import { encodeChatCompletionsAudio, isChatCompletionsAudio } from "./chat-completions-audio";
import { encodeChatCompletionsAnnotation } from "./chat-completions-citations";
import { encodeReasoningDetails } from "./chat-completions-reasoning-details";
import type { AssistantMessageMode } from "./decode-chat-completions-assistant";
import { loseTextPartExtras } from "./encode-chat-completions-content";

/** Marks this codec keeps on an assistant message, not wire fields. */
const assistantMarks = ["contentForm", "contentAbsent", "refusalAbsent"];

/**
 * Canonical parts as an assistant message (of a request's history, or of an answer), `rest` being
 * the fields the decoder kept. Text parts are joined into `content` (their citations as
 * `annotations`, spans moved), refusals into `refusal`, calls into `tool_calls`; reasoning goes to
 * the field the dialect names (the one it came in, for this format's own) and is dropped with a
 * loss where the dialect has none; an answer's audio of this format goes back to `audio`. Parts an
 * assistant message cannot hold are dropped with a loss.
 */
export function encodeAssistantMessage(
  parts: readonly Part[],
  rest: WireObject | undefined,
  mode: AssistantMessageMode,
  dialect: ChatCompletionsDialect,
  context: ConversionContext,
  path: string,
): WireObject {
  const message = assignWireFields({ role: "assistant" }, rest, assistantMarks);
  // A refusal before text in a request goes as parts, as the fields would read back after the text.
  const asParts = mode === "request" && (rest?.contentForm === "parts" || refusalBeforeText(parts));
  const contentParts: WireObject[] = [];
  const texts: string[] = [];
  /** Where each text that is not empty came from (an empty one joins as nothing). */
  const textPaths: string[] = [];
  /** Where each text came from: beside another, the joined text stands where the first was. */
  const allTextPaths: string[] = [];
  const refusals: string[] = [];
  const annotations: WireObject[] = [];
  let hasCitations = false;
  let textLength = 0;
  const toolCalls: WireObject[] = [];
  /** The canonical ids of the calls so far (the decoder already made a server's repeated ids unique). */
  const callIds = new Set<string>();
  /** Where each call not yet reported as moved came from. */
  const callPaths: string[] = [];
  const reasoningTexts: string[] = [];
  let reasoningField: string | undefined;
  let reasoningDetails: unknown;

  parts.forEach((part, index) => {
    const partPath = pointer(path, index);
    switch (part.type) {
      case "text": {
        if (asParts) {
          loseTextPartExtras(part, context, partPath);
          contentParts.push(
            assignWireFields({ type: "text", text: part.text }, chatCompletionsExtensions(part)),
          );
          break;
        }
        if (part.cache)
          context.lose(
            "dropped",
            pointer(partPath, "cache"),
            "the chat-completions format has no cache breakpoints",
          );
        if (part.signature)
          context.lose(
            "dropped",
            pointer(partPath, "signature"),
            "the chat-completions format has no signatures on text",
          );
        if (part.citations !== undefined) {
          hasCitations = true;
          if (mode === "request" && part.citations.length > 0)
            context.lose(
              "dropped",
              pointer(partPath, "citations"),
              "the chat-completions format has no citations in requests",
            );
          else
            part.citations.forEach((citation, citationIndex) => {
              const annotation = encodeChatCompletionsAnnotation(
                citation,
                textLength,
                part.text.length,
                context,
                pointer(partPath, "citations", citationIndex),
              );
              if (annotation) annotations.push(annotation);
            });
        }
        // The message says its text before its calls: text after a call moves before it, and the
        // calls it followed after it.
        if (toolCalls.length > 0) {
          context.lose("approximated", partPath, "text after a tool call is sent before the calls");
          for (const callPath of callPaths.splice(0))
            context.lose("approximated", callPath, "a tool call is sent after the text that followed it");
        }
        texts.push(part.text);
        if (part.text !== "") textPaths.push(partPath);
        allTextPaths.push(partPath);
        textLength += part.text.length;
        break;
      }
      case "refusal":
        if (asParts)
          contentParts.push(
            assignWireFields({ type: "refusal", refusal: part.text }, chatCompletionsExtensions(part)),
          );
        else refusals.push(part.text);
        break;
      case "tool-call": {
        const call = encodeToolCall(part, message, context, partPath);
        if (call) {
          // The format's decoder gives a repeated id a new one (servers that repeat ids do so).
          if (callIds.has(part.id))
            context.lose(
              "approximated",
              pointer(partPath, "id"),
              "a repeated tool call id reads back as a new one",
            );
          toolCalls.push(call);
          callPaths.push(partPath);
          callIds.add(part.id);
        }
        break;
      }
      case "reasoning": {
        const field =
          (chatCompletionsExtensions(part)?.field as string | undefined) ??
          (mode === "response" ? answerReasoningField(dialect) : dialect.reasoningField);
        const text = [part.text, ...(part.summary ?? [])].filter((piece) => piece !== undefined).join("\n\n");
        if (part.summary?.length)
          context.lose(
            "approximated",
            pointer(partPath, "summary"),
            "reasoning summaries became reasoning text",
          );
        if (field === "none") {
          if (text !== "")
            context.lose(
              "dropped",
              partPath,
              "the chat-completions dialect in use carries no reasoning text",
            );
        } else {
          reasoningField = field;
          if (text !== "" || part.text !== undefined) reasoningTexts.push(text);
        }
        // Reasoning of nothing (no text, summary or state) still says the model reasoned: no field says that.
        if (text === "" && part.text === undefined && !part.signature)
          context.lose(
            "dropped",
            partPath,
            "reasoning with no text has no place in the chat-completions format",
          );
        if (part.signature) {
          // An answer carries this format's state to any client (one that echoes the message gives
          // it back); a request only to a server whose dialect takes `reasoning_details`.
          if (
            part.signature.format === chatCompletionsFormatId &&
            (mode === "response" || field === "reasoning")
          )
            reasoningDetails = encodeReasoningDetails(part.signature);
          else
            context.lose(
              "dropped",
              // Reasoning that is only its state goes altogether: the loss is the whole part's.
              part.text === undefined && !part.summary?.length ? partPath : pointer(partPath, "signature"),
              "the chat-completions format cannot carry this reasoning state",
            );
        }
        break;
      }
      case "media":
        // An answer's own spoken output goes back in `audio`; other media has no place.
        if (mode === "response" && message.audio === undefined && isChatCompletionsAudio(part)) {
          message.audio = encodeChatCompletionsAudio(part);
          break;
        }
        context.lose(
          "dropped",
          partPath,
          `an assistant message of the chat-completions format holds no ${part.kind} media (only an answer's own audio)`,
        );
        break;
      default:
        context.lose(
          "dropped",
          partPath,
          `an assistant message of the chat-completions format holds no ${part.type} part`,
        );
    }
  });

  // One message has one text, one refusal and one reasoning field: several parts are joined.
  const joined = (count: number, what: string, at: readonly string[] = [path]) => {
    if (count > 1)
      for (const where of at)
        context.lose("approximated", where, `${count} ${what} parts were joined into one`);
  };
  joined(reasoningTexts.length, "reasoning");
  if (!asParts) {
    // Texts are joined with nothing between them: an empty one changes nothing. Each text joined
    // is reported where it is (the message's list of parts is no node of an upstream answer).
    joined(textPaths.length, "text", textPaths);
    // What the count above leaves out: an empty text after the first is gone, a lone non-empty
    // one after it moves into it, and the first changes when a later text is not empty.
    const laterText = texts.slice(1).some((text) => text !== "");
    if (texts.length > 1)
      allTextPaths.forEach((where, index) => {
        if (texts[index] !== "" && textPaths.length > 1) return;
        if (index > 0 && texts[index] === "")
          context.lose("dropped", where, "an empty text part beside other text joins as nothing");
        else if (index > 0 || laterText)
          context.lose("approximated", where, "text parts were joined into one, at the first");
      });
    joined(refusals.length, "refusal");
  }
  if (reasoningField !== undefined && reasoningTexts.length > 0)
    message[reasoningField] = reasoningTexts.join("\n\n");
  if (reasoningDetails !== undefined) message.reasoning_details = reasoningDetails;
  if (asParts) message.content = contentParts;
  else if (texts.length > 0) message.content = texts.join("");
  else if (!("content" in message) && rest?.contentAbsent !== true) message.content = null;
  if (!asParts) {
    if (refusals.length > 0) message.refusal = refusals.join("\n\n");
    else if (mode === "response" && rest?.refusalAbsent !== true) message.refusal = null;
  }
  if (hasCitations && mode === "response") message.annotations = annotations;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  return message;
}

/** Whether a refusal part comes before a text part: the `content` and `refusal` fields read text first. */
function refusalBeforeText(parts: readonly Part[]): boolean {
  const refusal = parts.findIndex((part) => part.type === "refusal");
  return refusal !== -1 && parts.slice(refusal).some((part) => part.type === "text");
}

/**
 * A canonical tool call as a `tool_calls` entry, or undefined for a legacy `function_call`, which is
 * set on `message` instead.
 */
function encodeToolCall(
  part: ToolCallPart,
  message: WireObject,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  const fields = chatCompletionsExtensions(part) ?? {};
  if (part.signature && part.signature.format !== chatCompletionsFormatId)
    context.lose(
      "dropped",
      pointer(path, "signature"),
      "the chat-completions format has no state on tool calls",
    );
  if (part.cache)
    context.lose("dropped", pointer(path, "cache"), "the chat-completions format has no cache breakpoints");
  if (fields.call !== undefined) return fields.call as WireObject;
  const { function: fnRest, wireId, idAbsent, typeAbsent, legacyFunctionCall, ...rest } = fields;
  const fn = assignWireFields(
    {
      name: part.name,
      arguments: encodeChatCompletionsArguments(part.arguments, part.rawArguments, undefined),
    },
    fnRest as WireObject | undefined,
  );
  if (legacyFunctionCall === true) {
    message.function_call = fn;
    return undefined;
  }
  const call: WireObject = {};
  if (idAbsent !== true) call.id = typeof wireId === "string" ? wireId : part.id;
  // The format reads an empty call id as none (servers that omit ids send it so) and gives a new one.
  if (call.id === "")
    context.lose("approximated", pointer(path, "id"), "an empty tool call id reads as none");
  if (typeAbsent !== true) call.type = "function";
  call.function = fn;
  return assignWireFields(call, rest);
}
