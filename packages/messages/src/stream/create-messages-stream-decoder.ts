import {
  type ChatEvent,
  type ChatEventOf,
  type Citation,
  type ConversionContext,
  type ErrorData,
  type Part,
  pointer,
  StreamParseFailure,
  type StreamTransformer,
  streamStartPath,
} from "@interlingua/core";
import { messagesErrorFromWire } from "../errors/messages-error-from-wire";
import { messagesErrorByKind, messagesErrorTypes } from "../errors/messages-error-types";
import { decodeMessagesBlock } from "../shared/decode-messages-block";
import { extraFields, isRecord, messagesExtensions } from "../shared/extra-fields";
import { messageStartBlocksKey } from "../shared/message-start-blocks";
import { citationFromMessages } from "../shared/messages-citation";
import {
  finerStopReason,
  finishReasonFromMessages,
  isUnknownStopReason,
  ownStopReasonKey,
} from "../shared/messages-stop-reason";
import { type MessagesCacheCounts, usageFromMessages } from "../shared/messages-usage";
import type { MessagesCitation } from "../wire/messages-content-block";
import type { MessagesUsage } from "../wire/messages-response";
import { MessagesStreamEvent } from "../wire/messages-stream-event";

type OpenKind = "text" | "reasoning" | "tool-call" | "hosted-tool-call" | "hosted-tool-result";
type WireRecord = Record<string, unknown>;

interface OpenBlock {
  kind: OpenKind;
  /** The `content_block` of `content_block_start`. */
  block: WireRecord;
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
const deltaKinds: Record<string, readonly OpenKind[]> = {
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

/** Fields of each block type that `content_block_start` must carry as strings (`?` when optional). */
const startStringFields: Record<string, readonly string[]> = {
  text: ["text?"],
  thinking: ["thinking?", "signature?"],
  redacted_thinking: ["data"],
  tool_use: ["id", "name"],
  server_tool_use: ["id", "name"],
};

/** What is wrong with a `content_block_start` block for the fields the decoder reads, if anything. */
function startBlockProblem(block: unknown): string | undefined {
  if (!isRecord(block) || typeof block.type !== "string") return undefined;
  for (const field of startStringFields[block.type] ?? []) {
    const optional = field.endsWith("?");
    const name = optional ? field.slice(0, -1) : field;
    const value = block[name];
    if (typeof value !== "string" && !(optional && value === undefined))
      return `content_block_start: content_block.${name}: expected a string`;
  }
  return undefined;
}

/** Fields a whole block (in `message_start` content) must carry as strings, beyond its start fields. */
const wholeStringFields: Record<string, readonly string[]> = {
  text: ["text"],
  thinking: ["thinking", "signature"],
};

/** The field of each delta type that carries its content. */
const deltaField: Record<string, string> = {
  text_delta: "text",
  thinking_delta: "thinking",
  signature_delta: "signature",
  input_json_delta: "partial_json",
  citations_delta: "citation",
};

/**
 * What is wrong with an event the fast checks refused, from the full wire schema: the event type
 * and the offending field (`content_block_delta: delta.text: Invalid input: expected string`).
 */
function describeInvalidEvent(item: WireRecord & { type: string }): string {
  const parsed = MessagesStreamEvent.safeParse(item);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (!issue) return `an unexpected ${item.type} event`;
  const path = issue.path.map(String).join(".");
  return `${item.type}${path ? `: ${path}` : ""}: ${issue.message}`;
}

/** The state of one messages stream being decoded (see {@link createMessagesStreamDecoderTransformer}), in fields: one object per open stream, not a closure per step. */
class MessagesStreamDecoder implements StreamTransformer<unknown, ChatEvent> {
  private readonly open = new Map<number, OpenBlock>();
  private readonly ignored = new Set<number>();
  private started = false;
  private finished = false;
  private startCache: MessagesCacheCounts = {};
  /** How many blocks `message_start` carried: streamed block indexes count on from there. */
  private startBlocks = 0;
  /** Added to wire block indexes: `startBlocks` when the stream counts its blocks from 0 again. */
  private indexOffset: number | undefined;
  /** The stop reason `message_start` already gave, for a stream with no `message_delta`. */
  private startStop: ChatEventOf<"response-end"> | undefined;
  private end: ChatEventOf<"response-end"> | undefined;
  private output!: TransformStreamDefaultController<ChatEvent>;
  /** The index of the wire event being decoded, for loss paths (`/<event>/<field>`). */
  private eventIndex = -1;

  private emit(event: ChatEvent): void {
    this.output.enqueue(event);
  }

  private fail(error: ErrorData): void {
    this.finished = true;
    this.emit({ type: "error", error });
  }

  private malformed(message: string): void {
    this.fail({ kind: "unavailable", status: 502, message: `Malformed upstream stream: ${message}` });
  }

  private closeBlock(index: number, block: OpenBlock): void {
    this.open.delete(index);
    this.emit({ type: "part-end", index, part: finishBlock(block, this.context, index) });
  }

  private closeAll(): void {
    if (this.open.size === 0) return;
    for (const index of [...this.open.keys()].sort((a, b) => a - b))
      this.closeBlock(index, this.open.get(index)!);
  }

  private decodeMessageStart(item: WireRecord & { type: string }): void {
    if (this.started) {
      this.malformed("a second message_start");
      return;
    }
    const message = item.message;
    if (
      !isRecord(message) ||
      typeof message.id !== "string" ||
      typeof message.model !== "string" ||
      (message.usage !== undefined && !isRecord(message.usage))
    ) {
      this.malformed(describeInvalidEvent(item));
      return;
    }
    this.started = true;
    const event: ChatEvent = { type: "response-start", id: message.id, model: message.model };
    if (isRecord(message.usage)) {
      event.usage = usageFromMessages(message.usage);
      this.startCache = cacheCounts(message.usage);
    }
    const content = Array.isArray(message.content) ? message.content : [];
    const problem = content.map(startContentProblem).find((found) => found !== undefined);
    if (problem) {
      this.malformed(`message_start: ${problem}`);
      return;
    }
    const startParts: Part[] = [];
    const at = pointer("", this.eventIndex, "message");
    for (const field of ["id", "model", "usage"]) this.context.trace(pointer("", field), pointer(at, field));
    this.context.trace(
      pointer(streamStartPath, "usage", "extensions", "messages"),
      pointer(at, "usage"),
      true,
    );
    content.forEach((block: WireRecord & { type: string }, index) => {
      const part = decodeMessagesBlock(block, new Map());
      if (part) {
        startParts[index] = part;
        this.context.trace(pointer("/parts", index), pointer(at, "content", index));
        this.traceBlockFields(index, block, pointer(at, "content", index));
      } else
        this.context.loseAtSource(
          "dropped",
          pointer(at, "content", index),
          `content block type ${block.type} is not carried`,
        );
    });
    this.startBlocks = content.length;
    let fields = extraFields(message, messageStartKnown, messageStartNullImplied);
    for (const key of ["stop_reason", "stop_sequence"])
      if (typeof message[key] === "string") fields = { ...fields, [key]: message[key] };
    for (const key of Object.keys(fields ?? {}))
      this.context.trace(pointer(streamStartPath, "extensions", "messages", key), pointer(at, key), true);
    const carried = startParts.filter(Boolean).length;
    if (carried > 0) fields = { ...fields, [messageStartBlocksKey]: carried };
    const extensions = messagesExtensions(fields);
    if (extensions) event.extensions = extensions;
    if (typeof message.stop_reason === "string") {
      this.startStop = endOf(message.stop_reason);
      if (typeof message.stop_sequence === "string") this.startStop.stopSequence = message.stop_sequence;
    }
    this.emit(event);
    // Blocks the message already holds (programmatic tool calls) come first, each whole.
    startParts.forEach((part, index) => {
      this.emit(partStartOf(index, part));
      this.emit({ type: "part-end", index, part });
    });
  }

  /** The part index of a streamed block's wire index. */
  private partIndex(wireIndex: number): number {
    // Wire indexes count on after the message_start blocks (as in message.content); a stream whose
    // first block reuses one of their indexes counts from 0 again, after them.
    this.indexOffset ??= wireIndex < this.startBlocks ? this.startBlocks : 0;
    return wireIndex + (this.indexOffset as number);
  }

  private decodeBlockStart(item: WireRecord & { type: string }): void {
    if (!this.started) {
      this.malformed("content_block_start before message_start");
      return;
    }
    const index = item.index;
    const block = item.content_block;
    if (!Number.isInteger(index) || !isRecord(block) || typeof block.type !== "string") {
      this.malformed(describeInvalidEvent(item));
      return;
    }
    const problem = startBlockProblem(block);
    if (problem) {
      this.malformed(problem);
      return;
    }
    const at = this.partIndex(index as number);
    if (this.open.has(at) || at < this.startBlocks) {
      this.malformed(`a second content_block_start for index ${index}`);
      return;
    }
    this.context.trace(pointer("/parts", at), pointer("", this.eventIndex, "content_block"));
    this.traceBlockFields(at, block, pointer("", this.eventIndex, "content_block"));
    this.startBlock(at, block as WireRecord & { type: string });
  }

  /**
   * Traces the fields of a block the part keeps in `extensions.messages` (a tool call's `caller`)
   * to the block's own, so another format's loss of one points there.
   */
  private traceBlockFields(index: number, block: WireRecord, at: string): void {
    const known = startKnown[String(block.type)];
    if (known === undefined) return;
    for (const key of Object.keys(extraFields(block, known) ?? {}))
      this.context.trace(pointer("/parts", index, "extensions", "messages", key), pointer(at, key), true);
  }

  private decodeBlockDelta(item: WireRecord & { type: string }): void {
    const delta = item.delta;
    if (!Number.isInteger(item.index) || !isRecord(delta) || typeof delta.type !== "string") {
      this.malformed(describeInvalidEvent(item));
      return;
    }
    const index = this.partIndex(item.index as number);
    const block = this.open.get(index);
    if (!block) {
      if (!this.ignored.has(index)) this.malformed(`a delta for block ${index}, which is not open`);
      return;
    }
    const deltaType = delta.type;
    if (!(Object.hasOwn(deltaKinds, deltaType) && deltaKinds[deltaType]?.includes(block.kind))) {
      this.context.loseAtSource(
        "dropped",
        pointer("", this.eventIndex, "delta"),
        `${deltaType} in a ${block.kind} block`,
      );
      return;
    }
    const value = delta[deltaField[deltaType]!];
    if (deltaType === "citations_delta" ? !isRecord(value) : typeof value !== "string") {
      this.malformed(describeInvalidEvent(item));
      return;
    }
    switch (deltaType) {
      case "text_delta":
        block.text += value as string;
        this.emit({ type: "text-delta", index: index, text: value as string });
        return;
      case "thinking_delta":
        block.text += value as string;
        this.emit({ type: "reasoning-delta", index: index, text: value as string });
        return;
      case "signature_delta":
        block.signature += value as string;
        this.emit({ type: "signature-delta", index: index, signature: value as string });
        return;
      case "input_json_delta":
        block.text += value as string;
        this.emit({ type: "tool-arguments-delta", index: index, text: value as string });
        return;
      default: {
        const citation = citationFromMessages(value as MessagesCitation);
        if (block.citations) block.citations.push(citation);
        else block.citations = [citation];
        this.emit({ type: "citation-delta", index: index, citation });
        return;
      }
    }
  }

  private decodeBlockStop(item: WireRecord & { type: string }): void {
    if (!Number.isInteger(item.index)) {
      this.malformed(describeInvalidEvent(item));
      return;
    }
    const index = this.partIndex(item.index as number);
    const block = this.open.get(index);
    if (block) this.closeBlock(index, block);
    else if (!this.ignored.has(index))
      this.malformed(`content_block_stop for block ${index}, which is not open`);
  }

  private decodeMessageDelta(item: WireRecord & { type: string }): void {
    const delta = isRecord(item.delta) ? item.delta : {};
    const stopReason = delta.stop_reason;
    if (
      (stopReason != null && typeof stopReason !== "string") ||
      (delta.stop_sequence != null && typeof delta.stop_sequence !== "string") ||
      (item.usage !== undefined && !isRecord(item.usage))
    ) {
      this.malformed(describeInvalidEvent(item));
      return;
    }
    this.end = endOf(stopReason);
    this.context.trace("/finishReason", pointer("", this.eventIndex, "delta", "stop_reason"));
    this.context.trace("/stopSequence", pointer("", this.eventIndex, "delta", "stop_sequence"));
    if (isRecord(item.usage)) {
      this.context.trace("/usage", pointer("", this.eventIndex, "usage"));
      this.context.trace("/usage/extensions/messages", pointer("", this.eventIndex, "usage"), true);
    }
    const finer = finerStopReason(stopReason);
    for (const key of [
      ...Object.keys(extraFields(delta, deltaKnown, deltaKnown) ?? {}),
      ...(finer ? ["stop_reason"] : []),
    ])
      this.context.trace(
        pointer("/extensions/messages", key),
        pointer("", this.eventIndex, "delta", key),
        true,
      );
    if (item.context_management !== undefined)
      this.context.trace(
        "/extensions/messages/context_management",
        pointer("", this.eventIndex, "context_management"),
        true,
      );
    if (isRecord(item.usage)) this.end.usage = usageFromMessages(item.usage, this.startCache);
    if (typeof delta.stop_sequence === "string") this.end.stopSequence = delta.stop_sequence;
    const eventExtra = extraFields(item, messageDeltaKnown);
    const extra = {
      ...extraFields(delta, deltaKnown, deltaKnown),
      ...(finer && { stop_reason: finer }),
      ...(item.context_management !== undefined && { context_management: item.context_management }),
      ...(eventExtra && { messageDeltaFields: eventExtra }),
      ...(isUnknownStopReason(stopReason) && { [ownStopReasonKey]: true }),
    };
    if (Object.keys(extra).length > 0) this.end.extensions = { messages: extra };
    // Blocks still open here were cut off (no content_block_stop will come): close them.
    this.closeAll();
  }

  private decode(item: unknown): void {
    this.eventIndex += 1;
    if (StreamParseFailure.isInstance(item)) {
      this.malformed(item.message);
      return;
    }
    if (!isRecord(item) || typeof item.type !== "string") {
      this.malformed("an event without a type");
      return;
    }
    const event = item as WireRecord & { type: string };
    switch (event.type) {
      case "content_block_delta":
        this.decodeBlockDelta(event);
        return;
      case "ping":
        this.emit({ type: "keepalive" });
        return;
      case "content_block_start":
        this.decodeBlockStart(event);
        return;
      case "content_block_stop":
        this.decodeBlockStop(event);
        return;
      case "message_start":
        this.decodeMessageStart(event);
        return;
      case "message_delta":
        this.decodeMessageDelta(event);
        return;
      case "message_stop":
        if (!this.started) {
          this.malformed("message_stop before message_start");
          return;
        }
        this.closeAll();
        this.finished = true;
        this.emit(this.end ?? this.startStop ?? { type: "response-end", finishReason: { reason: "other" } });
        return;
      case "error": {
        const error = isRecord(event.error) ? event.error : {};
        const status = messagesErrorTypes[error.type as string]?.status ?? 500;
        const data = messagesErrorFromWire(status, event).toData();
        // The type its kind is sent as says no more than the kind: no code for another format.
        if (data.code === messagesErrorByKind[data.kind].type) delete data.code;
        // The kind is said by the error's type, as is a code; a param by its message's prefix.
        this.context.trace("/error/kind", pointer("", this.eventIndex, "error", "type"));
        this.context.trace("/error/code", pointer("", this.eventIndex, "error", "type"));
        this.context.trace("/error/param", pointer("", this.eventIndex, "error", "message"));
        this.fail(data);
        return;
      }
      default:
        this.context.loseAtSource(
          "dropped",
          pointer("", this.eventIndex),
          `unknown stream event ${event.type}`,
        );
    }
  }

  private startBlock(index: number, block: WireRecord & { type: string }): void {
    switch (block.type) {
      case "text": {
        const entry: OpenBlock = { kind: "text", block, text: "", signature: "" };
        this.open.set(index, entry);
        const extensions = messagesExtensions(extraFields(block, startKnown.text!));
        this.emit({ type: "part-start", index, kind: "text", ...(extensions && { extensions }) });
        if (typeof block.text === "string" && block.text !== "") {
          entry.text = block.text;
          this.emit({ type: "text-delta", index, text: block.text });
        }
        return;
      }
      case "thinking":
      case "redacted_thinking": {
        const entry: OpenBlock = { kind: "reasoning", block, text: "", signature: "" };
        this.open.set(index, entry);
        // Always `extensions.messages`: it marks the block as signed by this format, so an encoder
        // back to it can stream the thinking before the signature arrives.
        const extensions = { messages: extraFields(block, startKnown[block.type]!) ?? {} };
        this.emit({ type: "part-start", index, kind: "reasoning", extensions });
        if (block.type === "redacted_thinking") return;
        if (typeof block.thinking === "string" && block.thinking !== "") {
          entry.text = block.thinking;
          this.emit({ type: "reasoning-delta", index, text: block.thinking });
        }
        if (typeof block.signature === "string" && block.signature !== "") {
          entry.signature = block.signature;
          this.emit({ type: "signature-delta", index, signature: block.signature });
        }
        return;
      }
      case "tool_use":
      case "server_tool_use": {
        const kind = block.type === "tool_use" ? "tool-call" : "hosted-tool-call";
        const entry: OpenBlock = { kind, block, text: "", signature: "" };
        this.open.set(index, entry);
        const extra = extraFields(block, startKnown[block.type]!);
        const extensions =
          kind === "hosted-tool-call" ? { messages: extra ?? {} } : messagesExtensions(extra);
        this.emit({
          type: "part-start",
          index,
          kind,
          id: block.id as string,
          name: block.name as string,
          ...(extensions && { extensions }),
        });
        if (isRecord(block.input) && Object.keys(block.input).length > 0) {
          entry.text = JSON.stringify(block.input);
          this.emit({ type: "tool-arguments-delta", index, text: entry.text });
        }
        return;
      }
      default:
        if (block.type.endsWith("_tool_result")) {
          this.open.set(index, { kind: "hosted-tool-result", block, text: "", signature: "" });
          this.emit({ type: "part-start", index, kind: "hosted-tool-result" });
          return;
        }
        this.ignored.add(index);
        this.context.loseAtSource(
          "dropped",
          pointer("", this.eventIndex, "content_block"),
          `content block type ${block.type} is not carried`,
        );
    }
  }

  constructor(private readonly context: ConversionContext) {
    context.startSource();
  }

  start(controller: TransformStreamDefaultController<ChatEvent>): void {
    this.output = controller;
  }

  transform(item: unknown): void {
    if (!this.finished) this.decode(item);
  }

  flush(): void {
    if (this.finished) return;
    this.emit({
      type: "error",
      error: {
        kind: "unavailable",
        status: 502,
        message: "The upstream stream ended early, before message_stop",
      },
    });
  }
}

/**
 * Messages stream events → canonical events. Content block indexes are the canonical part indexes.
 * Blocks `message_start` already holds (programmatic tool calls) come first, each as a whole part
 * (`part-start` then `part-end`), their count in `response-start` extensions so an encoder back to
 * this format puts them back; the streamed blocks' indexes count on after them, and a stream with no
 * `message_delta` ends with the stop reason `message_start` gave. Thinking blocks open with
 * `extensions.messages`, marking them as signed by this format.
 * Tool input arrives as `tool-arguments-delta` fragments; `part-end` carries the parsed arguments
 * (and `rawArguments` only when they do not parse). `message_delta` (cumulative usage, stop reason)
 * is held until `message_stop`, which ends the stream with `response-end`. A stream cut off
 * mid-block (`max_tokens` inside tool input) closes its open blocks with what arrived. An `error`
 * event, a parse failure, or input that ends before `message_stop` ends with an `error` event.
 *
 * Events come from a trusted upstream, so each is checked only for the fields the decoder reads
 * (a few `typeof` tests); when one fails, the full wire schema names the offending field in the
 * `error` event that ends the stream.
 */
export function createMessagesStreamDecoderTransformer(
  context: ConversionContext,
): StreamTransformer<unknown, ChatEvent> {
  return new MessagesStreamDecoder(context);
}

/** The `response-end` of a stop reason. */
function endOf(stopReason: string | null | undefined): ChatEventOf<"response-end"> {
  return {
    type: "response-end",
    finishReason: finishReasonFromMessages(stopReason),
    status: stopReason && incompleteStopReasons.has(stopReason) ? "incomplete" : "completed",
  };
}

/** What is wrong with a block of `message_start` content for the fields the decoder reads, if anything. */
function startContentProblem(block: unknown, index: number): string | undefined {
  if (!isRecord(block) || typeof block.type !== "string") return `content.${index}: expected a typed block`;
  const problem = startBlockProblem(block);
  if (problem) return problem.replace("content_block_start: content_block", `content.${index}`);
  const field = wholeStringFields[block.type]?.find((name) => typeof block[name] !== "string");
  return field === undefined ? undefined : `content.${index}.${field}: expected a string`;
}

/** The `part-start` of a part that arrives whole, as a streamed block of it would open. */
function partStartOf(index: number, part: Part): ChatEventOf<"part-start"> {
  switch (part.type) {
    case "tool-call":
      return {
        type: "part-start",
        index,
        kind: part.type,
        id: part.id,
        name: part.name,
        ...(part.extensions && { extensions: part.extensions }),
      };
    case "hosted-tool-call":
      return {
        type: "part-start",
        index,
        kind: part.type,
        id: part.id,
        name: part.tool,
        extensions: part.extensions,
      };
    case "reasoning":
      return {
        type: "part-start",
        index,
        kind: part.type,
        extensions: { messages: part.extensions?.messages ?? {} },
      };
    default:
      return { type: "part-start", index, kind: part.type };
  }
}

/**
 * {@link createMessagesStreamDecoderTransformer} as the `TransformStream` of the codec contract.
 */
export function createMessagesStreamDecoder(context: ConversionContext): TransformStream<unknown, ChatEvent> {
  return new TransformStream(createMessagesStreamDecoderTransformer(context));
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
        context.lose("approximated", pointer("/parts", index), "cut-off server tool input sent as {}");
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
