import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import type { RecordingFormat, WireDocumentKind } from "./recording-format";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const messagesEventTypes = new Set([
  "message_start",
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
  "message_delta",
  "message_stop",
  "ping",
]);

/** The messages format: `type: "message"` bodies, `message_*` / `content_block_*` events, `type: "error"` errors. */
export const messagesRecordingFormat: RecordingFormat = {
  codec: messagesCodec,
  recognizes(document: unknown, kind: WireDocumentKind): boolean {
    if (!isObject(document)) return false;
    switch (kind) {
      case "request":
        return Array.isArray(document.messages) && "max_tokens" in document;
      case "response":
        return document.type === "message";
      case "event":
        return (
          typeof document.type === "string" &&
          (messagesEventTypes.has(document.type) || isMessagesError(document))
        );
      case "error":
        return isMessagesError(document);
      default: {
        const unknownKind: never = kind;
        return unknownKind;
      }
    }
  },
};

function isMessagesError(document: Record<string, unknown>): boolean {
  return document.type === "error" && isObject(document.error);
}

/** The responses format: `object: "response"` bodies, `response.*` events, `{ error: { type, message } }` errors. */
export const responsesRecordingFormat: RecordingFormat = {
  codec: responsesCodec,
  recognizes(document: unknown, kind: WireDocumentKind): boolean {
    if (!isObject(document)) return false;
    switch (kind) {
      case "request":
        return "input" in document && !("contents" in document) && !("max_tokens" in document);
      case "response":
        return document.object === "response";
      case "event":
        return (
          typeof document.type === "string" &&
          (document.type.startsWith("response.") ||
            (document.type === "error" && "sequence_number" in document))
        );
      case "error":
        return (
          isObject(document.error) &&
          typeof document.error.message === "string" &&
          !("status" in document.error) &&
          document.type !== "error"
        );
      default: {
        const unknownKind: never = kind;
        return unknownKind;
      }
    }
  },
};

/** The generate-content format: `contents` requests, `candidates` / `usageMetadata` bodies and chunks, `{ error: { code, status } }` errors. */
export const generateContentRecordingFormat: RecordingFormat = {
  codec: generateContentCodec,
  recognizes(document: unknown, kind: WireDocumentKind): boolean {
    if (!isObject(document)) return false;
    switch (kind) {
      case "request":
        return Array.isArray(document.contents);
      case "response":
      case "event":
        return "candidates" in document || "usageMetadata" in document || "promptFeedback" in document;
      case "error":
        return isObject(document.error) && typeof document.error.status === "string";
      default: {
        const unknownKind: never = kind;
        return unknownKind;
      }
    }
  },
};

/** Roles only the chat-completions format has in `messages`. */
const chatCompletionsRoles = new Set(["system", "developer", "tool", "function"]);
/** Request fields only the chat-completions format has (a messages request has `max_tokens` too). */
const chatCompletionsFields = [
  "max_completion_tokens",
  "n",
  "response_format",
  "stream_options",
  "logprobs",
  "presence_penalty",
  "frequency_penalty",
  "seed",
  "modalities",
];

/**
 * The chat-completions format: `messages` requests that are not the messages format's (no
 * `max_tokens`, or a role or field only chat completions has), `object: "chat.completion"` bodies
 * and `chat.completion.chunk` events. Its error envelope is the responses format's, read there.
 */
export const chatCompletionsRecordingFormat: RecordingFormat = {
  codec: chatCompletionsCodec,
  recognizes(document: unknown, kind: WireDocumentKind): boolean {
    if (!isObject(document)) return false;
    switch (kind) {
      case "request": {
        if (!Array.isArray(document.messages)) return false;
        if (!("max_tokens" in document)) return true;
        return (
          chatCompletionsFields.some((field) => field in document) ||
          document.messages.some(
            (message) => isObject(message) && chatCompletionsRoles.has(String(message.role)),
          )
        );
      }
      case "response":
        return document.object === "chat.completion";
      case "event":
        return document.object === "chat.completion.chunk";
      case "error":
        return false;
      default: {
        const unknownKind: never = kind;
        return unknownKind;
      }
    }
  },
};

/** Request fields only the interactions format has. */
const interactionsFields = [
  "system_instruction",
  "generation_config",
  "previous_interaction_id",
  "response_modalities",
  "response_mime_type",
  "safety_settings",
  "webhook_config",
];
/** The step and content types of an interactions `input` list (the responses format's are `input_text`, `message`, ...). */
const interactionsInputTypes = new Set([
  "user_input",
  "model_output",
  "thought",
  "function_call",
  "function_result",
  "text",
  "image",
  "audio",
  "video",
  "document",
]);

/**
 * The interactions format: `input` requests with a field or an input item type only it has (a
 * bare `{model, input: "…"}` reads as the responses format's), `Interaction` bodies (a `status`
 * and `steps`, or `object: "interaction"`), and `event_type` events. Its errors are the Gemini
 * API's, read as generate-content's.
 */
export const interactionsRecordingFormat: RecordingFormat = {
  codec: interactionsCodec,
  recognizes(document: unknown, kind: WireDocumentKind): boolean {
    if (!isObject(document)) return false;
    switch (kind) {
      case "request": {
        if (!("input" in document) || "contents" in document || "messages" in document) return false;
        if (interactionsFields.some((field) => field in document)) return true;
        const items = Array.isArray(document.input) ? document.input : [document.input];
        return items.some((item) => isObject(item) && interactionsInputTypes.has(String(item.type)));
      }
      case "response":
        return (
          document.object === "interaction" ||
          (typeof document.status === "string" && Array.isArray(document.steps))
        );
      case "event":
        return typeof document.event_type === "string";
      case "error":
        return false;
      default: {
        const unknownKind: never = kind;
        return unknownKind;
      }
    }
  },
};

/**
 * The five chat formats interlingua ships, in a stable order; chat-completions comes first, since
 * a messages request is told from one only by what chat completions alone has, and interactions
 * before responses, since an interactions request is told from one only by what it alone has.
 */
export const defaultRecordingFormats: readonly RecordingFormat[] = [
  chatCompletionsRecordingFormat,
  messagesRecordingFormat,
  interactionsRecordingFormat,
  responsesRecordingFormat,
  generateContentRecordingFormat,
];
