import {
  type ChatEvent,
  type ChatEventOf,
  type Citation,
  type ConversionContext,
  type ErrorData,
  type Part,
  pointer,
  StreamParseFailure,
} from "@interlingua/core";
import { messagesErrorFromWire } from "../errors/messages-error-from-wire";
import { messagesErrorTypes } from "../errors/messages-error-types";
import { decodeMessagesBlock } from "../shared/decode-messages-block";
import { extraFields, isRecord, messagesExtensions } from "../shared/extra-fields";
import { citationFromMessages } from "../shared/messages-citation";
import { finishReasonFromMessages } from "../shared/messages-stop-reason";
import { type MessagesCacheCounts, usageFromMessages } from "../shared/messages-usage";
import type { MessagesCitation } from "../wire/messages-content-block";
import type { MessagesUsage } from "../wire/messages-response";

type OpenKind = "text" | "reasoning" | "tool-call" | "hosted-tool-call" | "hosted-tool-result";

interface OpenBlock {
  kind: OpenKind;
  /** The `content_block` of `content_block_start`. */
  block: Record<string, unknown>;
  /** Text, thinking, or tool input JSON received so far. */
  text: string;
  signature: string;
  citations?: Citation[];
}

const messageStartKnown = new Set([
  "id",
  "type",
  "role",
  "model",
  "content",
  "usage",
  "stop_reason",
  "stop_sequence",
]);
const messageStartNullImplied = new Set(["stop_reason", "stop_sequence"]);
const deltaKnown = new Set(["stop_reason", "stop_sequence"]);
const messageDeltaKnown = new Set(["type", "delta", "usage", "context_management"]);
const startKnown: Record<string, ReadonlySet<string>> = {
  text: new Set(["type", "text"]),
  thinking: new Set(["type", "thinking", "signature"]),
  redacted_thinking: new Set(["type", "data"]),
  tool_use: new Set(["type", "id", "name", "input"]),
  server_tool_use: new Set(["type", "id", "name", "input"]),
};
const deltaKinds: Record<string, OpenKind[]> = {
  text_delta: ["text"],
  citations_delta: ["text"],
  thinking_delta: ["reasoning"],
  signature_delta: ["reasoning"],
  input_json_delta: ["tool-call", "hosted-tool-call"],
};
const incompleteStopReasons = new Set(["max_tokens", "model_context_window_exceeded"]);

function cacheCounts(usage: MessagesUsage): MessagesCacheCounts {
  const counts: MessagesCacheCounts = {};
  if (typeof usage.cache_read_input_tokens === "number") counts.cacheRead = usage.cache_read_input_tokens;
  if (typeof usage.cache_creation_input_tokens === "number")
    counts.cacheWrite = usage.cache_creation_input_tokens;
  return counts;
}

function parseJsonObject(text: string): { value?: unknown; ok: boolean } {
  if (text === "") return { value: {}, ok: true };
  try {
    return { value: JSON.parse(text), ok: true };
  } catch {
    return { ok: false };
  }
}

/**
 * Messages stream events → canonical events. Content block indexes are the canonical part indexes.
 * Tool input arrives as `tool-arguments-delta` fragments; `part-end` carries the parsed arguments
 * (and `rawArguments` only when they do not parse). `message_delta` (cumulative usage, stop reason)
 * is held until `message_stop`, which ends the stream with `response-end`. A stream cut off
 * mid-block (`max_tokens` inside tool input) closes its open blocks with what arrived. An `error`
 * event, a parse failure, or input that ends before `message_stop` ends with an `error` event.
 */
export function createMessagesStreamDecoder(context: ConversionContext): TransformStream<unknown, ChatEvent> {
  const open = new Map<number, OpenBlock>();
  const ignored = new Set<number>();
  let started = false;
  let finished = false;
  let startCache: MessagesCacheCounts = {};
  let end: ChatEventOf<"response-end"> | undefined;

  return new TransformStream<unknown, ChatEvent>({
    transform(item, controller) {
      if (finished) return;
      const fail = (error: ErrorData) => {
        finished = true;
        controller.enqueue({ type: "error", error });
      };
      const malformed = (message: string) =>
        fail({ kind: "unavailable", status: 502, message: `Malformed upstream stream: ${message}` });

      const closeBlock = (index: number, block: OpenBlock) => {
        open.delete(index);
        controller.enqueue({ type: "part-end", index, part: finishBlock(block, context, index) });
      };
      const closeAll = () => {
        for (const index of [...open.keys()].sort((a, b) => a - b)) closeBlock(index, open.get(index)!);
      };

      if (StreamParseFailure.isInstance(item)) {
        malformed(item.message);
        return;
      }
      if (!isRecord(item) || typeof item.type !== "string") {
        malformed("an event without a type");
        return;
      }
      switch (item.type) {
        case "message_start": {
          const message = item.message;
          if (
            started ||
            !isRecord(message) ||
            typeof message.id !== "string" ||
            typeof message.model !== "string"
          ) {
            malformed("unexpected message_start");
            return;
          }
          started = true;
          const event: ChatEvent = { type: "response-start", id: message.id, model: message.model };
          if (isRecord(message.usage)) {
            event.usage = usageFromMessages(message.usage);
            startCache = cacheCounts(message.usage);
          }
          const extensions = messagesExtensions(
            extraFields(message, messageStartKnown, messageStartNullImplied),
          );
          if (extensions) event.extensions = extensions;
          if (Array.isArray(message.content) && message.content.length > 0)
            context.lose("dropped", "/message/content", "content in message_start is not carried");
          controller.enqueue(event);
          return;
        }
        case "content_block_start": {
          const index = item.index;
          const block = item.content_block;
          if (!started || typeof index !== "number" || !isRecord(block) || typeof block.type !== "string") {
            malformed("unexpected content_block_start");
            return;
          }
          if (open.has(index)) {
            malformed(`a second content_block_start for index ${index}`);
            return;
          }
          startBlock(index, block as Record<string, unknown> & { type: string }, controller);
          return;
        }
        case "content_block_delta": {
          const index = item.index as number;
          const delta = item.delta;
          const block = open.get(index);
          if (!block || !isRecord(delta)) {
            if (!ignored.has(index)) malformed(`a delta for block ${String(index)}, which is not open`);
            return;
          }
          const deltaType = delta.type as string;
          if (!deltaKinds[deltaType]?.includes(block.kind)) {
            context.lose(
              "dropped",
              pointer("/content", index),
              `${String(deltaType)} in a ${block.kind} block`,
            );
            return;
          }
          switch (deltaType) {
            case "text_delta":
              block.text += delta.text as string;
              controller.enqueue({ type: "text-delta", index, text: delta.text as string });
              return;
            case "thinking_delta":
              block.text += delta.thinking as string;
              controller.enqueue({ type: "reasoning-delta", index, text: delta.thinking as string });
              return;
            case "signature_delta":
              block.signature += delta.signature as string;
              controller.enqueue({ type: "signature-delta", index, signature: delta.signature as string });
              return;
            case "input_json_delta":
              block.text += delta.partial_json as string;
              controller.enqueue({ type: "tool-arguments-delta", index, text: delta.partial_json as string });
              return;
            default: {
              const citation = citationFromMessages(delta.citation as MessagesCitation);
              if (block.citations) block.citations.push(citation);
              else block.citations = [citation];
              controller.enqueue({ type: "citation-delta", index, citation });
              return;
            }
          }
        }
        case "content_block_stop": {
          const index = item.index as number;
          const block = open.get(index);
          if (block) closeBlock(index, block);
          else if (!ignored.has(index))
            malformed(`content_block_stop for block ${String(index)}, which is not open`);
          return;
        }
        case "message_delta": {
          const delta = isRecord(item.delta) ? item.delta : {};
          const stopReason = delta.stop_reason as string | null | undefined;
          end = {
            type: "response-end",
            finishReason: finishReasonFromMessages(stopReason),
            status: stopReason && incompleteStopReasons.has(stopReason) ? "incomplete" : "completed",
          };
          if (isRecord(item.usage)) end.usage = usageFromMessages(item.usage, startCache);
          if (typeof delta.stop_sequence === "string") end.stopSequence = delta.stop_sequence;
          const eventExtra = extraFields(item, messageDeltaKnown);
          const extra = {
            ...extraFields(delta, deltaKnown, deltaKnown),
            ...(item.context_management !== undefined && { context_management: item.context_management }),
            ...(eventExtra && { messageDeltaFields: eventExtra }),
          };
          if (Object.keys(extra).length > 0) end.extensions = { messages: extra };
          // Blocks still open here were cut off (no content_block_stop will come): close them.
          closeAll();
          return;
        }
        case "message_stop":
          if (!started) {
            malformed("message_stop before message_start");
            return;
          }
          closeAll();
          finished = true;
          controller.enqueue(end ?? { type: "response-end", finishReason: { reason: "other" } });
          return;
        case "ping":
          controller.enqueue({ type: "keepalive" });
          return;
        case "error": {
          const error = isRecord(item.error) ? item.error : {};
          const status = messagesErrorTypes[error.type as string]?.status ?? 500;
          fail(messagesErrorFromWire(status, item).toData());
          return;
        }
        default:
          context.lose("dropped", "", `unknown stream event ${item.type}`);
      }
    },
    flush(controller) {
      if (finished) return;
      controller.enqueue({
        type: "error",
        error: {
          kind: "unavailable",
          status: 502,
          message: "The upstream stream ended early, before message_stop",
        },
      });
    },
  });

  function startBlock(
    index: number,
    block: Record<string, unknown> & { type: string },
    controller: TransformStreamDefaultController<ChatEvent>,
  ) {
    const enqueue = (event: ChatEvent) => controller.enqueue(event);
    const startExtensions = (known: ReadonlySet<string>) => messagesExtensions(extraFields(block, known));
    switch (block.type) {
      case "text": {
        open.set(index, { kind: "text", block, text: "", signature: "" });
        const extensions = startExtensions(startKnown.text!);
        enqueue({ type: "part-start", index, kind: "text", ...(extensions && { extensions }) });
        if (typeof block.text === "string" && block.text !== "") {
          open.get(index)!.text = block.text;
          enqueue({ type: "text-delta", index, text: block.text });
        }
        return;
      }
      case "thinking":
      case "redacted_thinking": {
        const entry: OpenBlock = { kind: "reasoning", block, text: "", signature: "" };
        open.set(index, entry);
        const extensions = startExtensions(startKnown[block.type]!);
        enqueue({ type: "part-start", index, kind: "reasoning", ...(extensions && { extensions }) });
        if (block.type === "redacted_thinking") return;
        if (typeof block.thinking === "string" && block.thinking !== "") {
          entry.text = block.thinking;
          enqueue({ type: "reasoning-delta", index, text: block.thinking });
        }
        if (typeof block.signature === "string" && block.signature !== "") {
          entry.signature = block.signature;
          enqueue({ type: "signature-delta", index, signature: block.signature });
        }
        return;
      }
      case "tool_use":
      case "server_tool_use": {
        const kind = block.type === "tool_use" ? "tool-call" : "hosted-tool-call";
        const entry: OpenBlock = { kind, block, text: "", signature: "" };
        open.set(index, entry);
        const extra = extraFields(block, startKnown[block.type]!);
        const extensions =
          kind === "hosted-tool-call" ? { messages: extra ?? {} } : messagesExtensions(extra);
        enqueue({
          type: "part-start",
          index,
          kind,
          id: block.id as string,
          name: block.name as string,
          ...(extensions && { extensions }),
        });
        if (isRecord(block.input) && Object.keys(block.input).length > 0) {
          entry.text = JSON.stringify(block.input);
          enqueue({ type: "tool-arguments-delta", index, text: entry.text });
        }
        return;
      }
      default:
        if (block.type.endsWith("_tool_result")) {
          open.set(index, { kind: "hosted-tool-result", block, text: "", signature: "" });
          enqueue({ type: "part-start", index, kind: "hosted-tool-result" });
          return;
        }
        ignored.add(index);
        context.lose(
          "dropped",
          pointer("/content", index),
          `content block type ${block.type} is not carried`,
        );
    }
  }
}

/** The complete part of a block that ended (or was cut off), from what arrived. */
function finishBlock(block: OpenBlock, context: ConversionContext, index: number): Part {
  switch (block.kind) {
    case "text":
      return {
        type: "text",
        text: block.text,
        ...((block.citations || Array.isArray(block.block.citations)) && {
          citations: block.citations ?? [],
        }),
      };
    case "reasoning":
      if (block.block.type === "redacted_thinking") {
        return {
          type: "reasoning",
          redacted: true,
          signature: { format: "messages", data: block.block.data as string },
        };
      }
      return {
        type: "reasoning",
        text: block.text,
        ...(block.signature !== "" && { signature: { format: "messages", data: block.signature } }),
      };
    case "tool-call": {
      const parsed = parseJsonObject(block.text);
      const extensions = messagesExtensions(extraFields(block.block, startKnown.tool_use!));
      return {
        type: "tool-call",
        id: block.block.id as string,
        name: block.block.name as string,
        ...(parsed.ok ? { arguments: parsed.value } : { arguments: undefined, rawArguments: block.text }),
        ...(extensions && { extensions }),
      };
    }
    case "hosted-tool-call": {
      const parsed = parseJsonObject(block.text);
      if (!parsed.ok)
        context.lose(
          "approximated",
          pointer("/content", index, "input"),
          "cut-off server tool input sent as {}",
        );
      return {
        type: "hosted-tool-call",
        id: block.block.id as string,
        tool: block.block.name as string,
        input: parsed.ok ? parsed.value : {},
        extensions: { messages: extraFields(block.block, startKnown.server_tool_use!) ?? {} },
      };
    }
    case "hosted-tool-result":
      return decodeMessagesBlock(block.block as Record<string, unknown> & { type: string }, new Map())!;
    default: {
      const unknown: never = block.kind;
      throw new TypeError(`Unknown block kind ${String(unknown)}`);
    }
  }
}
