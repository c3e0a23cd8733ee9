import {
  CanonicalError,
  type ChatEvent,
  type ConversionContext,
  createCallIdChangeLoss,
  createForeignStreamFieldsLoss,
  createToolProgressLoss,
  mergeUsage,
  type Part,
  pointer,
  reportUnsayableCreationTime,
  reportUnsayableErrorFields,
  reportUnsayableErrorKind,
  type StreamEncoderTransformer,
  type Usage,
} from "@interlingua/core";
import { messagesErrorFromWire } from "../errors/messages-error-from-wire";
import { messagesErrorToWire } from "../errors/messages-error-to-wire";
import { messagesErrorByKind, messagesErrorTypes } from "../errors/messages-error-types";
import { loseUncountedUsage, toolResultOutputLoss } from "../response/encode-messages-response";
import { encodeMessagesPart } from "../shared/encode-messages-part";
import { messageStartBlocksKey } from "../shared/message-start-blocks";
import { citationToMessages } from "../shared/messages-citation";
import { ownStopReasonKey, stopReasonToMessages } from "../shared/messages-stop-reason";
import { type MessagesCacheCounts, usageToMessages } from "../shared/messages-usage";

type WireEvent = Record<string, unknown> & { type: string };

interface EncodedPart {
  kind: string;
  /** Block index, once `content_block_start` went out. */
  block?: number;
  /** Fields of `part-start` extensions, for the `content_block_start`. */
  startExtra?: Record<string, unknown>;
  /** Waiting for content before starting (text and reasoning: never an empty text block). */
  pending: boolean;
  /** A hosted call of another format: nothing is sent for it. */
  skipped: boolean;
  /** Goes whole into `message_start` content, as it arrived. */
  inMessageStart?: boolean;
  streamedText: string;
  argumentsStreamed: boolean;
  summaryIndex?: number;
}

const ping: WireEvent = { type: "ping" };

/**
 * Canonical events → messages stream events. Block indexes are assigned in the order blocks start,
 * so they need not equal part indexes. Text and reasoning blocks start at their first content (a
 * part that ends empty sends nothing, and keepalives wait for that start so order is kept); a
 * block is started once. Signatures go out just before the block's `content_block_stop`, and only
 * when signed by this format. Reasoning streams live only when its `part-start` marks it as this
 * format's own (`extensions.messages`); other reasoning goes out whole at its `part-end` when it
 * carries a messages signature and is dropped with a loss otherwise, as in a whole response. Parts
 * the `response-start` says arrived inside `message_start` go back into its content. A canonical
 * `error` (or input that ends early) ends the stream with an `error` event and no `message_stop`.
 */
export function createMessagesStreamEncoderTransformer(
  context: ConversionContext,
): StreamEncoderTransformer<WireEvent> {
  const parts = new Map<number, EncodedPart>();
  let nextBlock = 0;
  let pendingStarts = 0;
  let heldPings = 0;
  let ended = false;
  let usage: Usage | undefined;
  let startCache: MessagesCacheCounts = {};
  /** A `message_start` waiting for the parts that arrived inside it, and how many are still to come. */
  let heldStart:
    | { message: Record<string, unknown>; content: unknown[]; toStart: number; toEnd: number }
    | undefined;

  let output!: TransformStreamDefaultController<WireEvent>;
  const loseToolProgress = createToolProgressLoss(context, "messages");
  const loseForeignFields = createForeignStreamFieldsLoss(context, "messages");
  const loseCallIdChange = createCallIdChangeLoss(context, "messages");

  function enqueue(wire: WireEvent): void {
    output.enqueue(wire);
  }

  function releasePings(): void {
    if (pendingStarts > 0 || heldStart) return;
    for (; heldPings > 0; heldPings--) enqueue(ping);
  }

  function settle(part: EncodedPart): void {
    if (!part.pending) return;
    part.pending = false;
    pendingStarts--;
  }

  /** Sends the held `message_start` with the parts that ended so far; streamed blocks count on after them. */
  function releaseStart(): void {
    if (!heldStart) return;
    const { message, content } = heldStart;
    heldStart = undefined;
    nextBlock = content.length;
    enqueue({ type: "message_start", message: { ...message, content } });
    releasePings();
  }

  function startBlock(part: EncodedPart, contentBlock: Record<string, unknown>): void {
    part.block = nextBlock++;
    enqueue({ type: "content_block_start", index: part.block, content_block: contentBlock });
    settle(part);
    releasePings();
  }

  function delta(part: EncodedPart, payload: Record<string, unknown>): void {
    enqueue({ type: "content_block_delta", index: part.block!, delta: payload });
  }

  function stop(part: EncodedPart): void {
    enqueue({ type: "content_block_stop", index: part.block! });
  }

  function startText(part: EncodedPart): void {
    startBlock(part, { ...part.startExtra, type: "text", text: "" });
  }

  function startThinking(part: EncodedPart): void {
    startBlock(part, { ...part.startExtra, type: "thinking", thinking: "", signature: "" });
  }

  /** Whether the error being sent is the front's own failure (`fail`), not the upstream's. */
  let failing = false;

  function encode(event: ChatEvent): void {
    loseCallIdChange(event);
    // Parts inside message_start go out whole, from their part-end.
    if ("index" in event && event.type !== "part-end" && parts.get(event.index)?.inMessageStart) return;
    if (heldStart && (event.type === "response-end" || event.type === "error")) releaseStart();
    switch (event.type) {
      case "response-start": {
        loseForeignFields(event);
        reportUnsayableCreationTime(event.created, "messages", context);
        startCache = {};
        if (event.usage?.cacheReadTokens !== undefined) startCache.cacheRead = event.usage.cacheReadTokens;
        if (event.usage?.cacheWriteTokens !== undefined) startCache.cacheWrite = event.usage.cacheWriteTokens;
        const { [messageStartBlocksKey]: startBlocks, ...extra } = event.extensions?.messages ?? {};
        const message = {
          stop_reason: null,
          stop_sequence: null,
          ...extra,
          id: event.id,
          type: "message",
          role: "assistant",
          model: event.model,
          content: [],
          usage: usageToMessages(event.usage ?? {}, { required: "input-and-output" }),
        };
        if (typeof startBlocks === "number" && startBlocks > 0)
          heldStart = { message, content: [], toStart: startBlocks, toEnd: startBlocks };
        else enqueue({ type: "message_start", message });
        return;
      }
      case "part-start": {
        loseForeignFields(event);
        if (heldStart) {
          if (heldStart.toStart > 0) {
            heldStart.toStart--;
            parts.set(event.index, {
              kind: event.kind,
              pending: false,
              skipped: false,
              inMessageStart: true,
              streamedText: "",
              argumentsStreamed: false,
            });
            return;
          }
          releaseStart();
        }
        const part: EncodedPart = {
          kind: event.kind,
          startExtra: event.extensions?.messages,
          pending: false,
          skipped: false,
          streamedText: "",
          argumentsStreamed: false,
        };
        parts.set(event.index, part);
        if (event.kind === "text" || event.kind === "reasoning") {
          part.pending = true;
          pendingStarts++;
        } else if (event.kind === "tool-call") {
          startBlock(part, {
            ...part.startExtra,
            type: "tool_use",
            id: event.id,
            name: event.name,
            input: {},
          });
        } else if (event.kind === "hosted-tool-call") {
          if (part.startExtra === undefined) part.skipped = true;
          else
            startBlock(part, {
              ...part.startExtra,
              type: "server_tool_use",
              id: event.id,
              name: event.name,
              input: {},
            });
        }
        return;
      }
      case "text-delta": {
        const part = parts.get(event.index);
        if (part?.kind !== "text") return;
        if (part.block === undefined) {
          if (event.text === "") return;
          startText(part);
        }
        part.streamedText += event.text;
        delta(part, { type: "text_delta", text: event.text });
        return;
      }
      case "reasoning-delta": {
        const part = parts.get(event.index);
        // Reasoning not marked as this format's own waits for its part-end: only a messages
        // signature lets it through (as in a whole response), never a thinking block signed "".
        if (part?.kind !== "reasoning" || part.startExtra === undefined) return;
        if (part.block === undefined) startThinking(part);
        let text = event.text;
        if (event.summaryIndex !== undefined) {
          if (part.summaryIndex === undefined)
            context.lose(
              "approximated",
              pointer("/parts", event.index, "summary"),
              "reasoning summary sent as thinking",
            );
          else if (part.summaryIndex !== event.summaryIndex) text = `\n\n${text}`;
          part.summaryIndex = event.summaryIndex;
        }
        delta(part, { type: "thinking_delta", thinking: text });
        return;
      }
      case "signature-delta":
        // Signatures go out at part-end, once their format is known.
        return;
      case "tool-arguments-delta": {
        const part = parts.get(event.index);
        if (!part || part.block === undefined) return;
        part.argumentsStreamed = true;
        delta(part, { type: "input_json_delta", partial_json: event.text });
        return;
      }
      case "citation-delta": {
        loseForeignFields(event);
        const part = parts.get(event.index);
        if (part?.kind !== "text") return;
        const citation = citationToMessages(
          event.citation,
          context,
          pointer("/parts", event.index, "citations"),
        );
        if (!citation) return;
        if (part.block === undefined) startText(part);
        delta(part, { type: "citations_delta", citation });
        return;
      }
      case "part-end": {
        const part = parts.get(event.index);
        if (!part) return;
        if (part.inMessageStart) {
          endStartPart(event.part, event.index);
          return;
        }
        endPart(part, event.part, event.index);
        settle(part);
        releasePings();
        return;
      }
      case "usage":
        loseForeignFields(event);
        usage = mergeUsage(usage, event.usage);
        return;
      case "response-end": {
        loseForeignFields(event);
        heldPings = 0;
        const finalUsage = mergeUsage(usage, event.usage);
        loseUncountedUsage(finalUsage, context);
        const {
          context_management,
          messageDeltaFields,
          [ownStopReasonKey]: ownStopReason,
          ...deltaFields
        } = event.extensions?.messages ?? {};
        const wire: WireEvent = {
          ...(messageDeltaFields as object),
          type: "message_delta",
          delta: {
            ...deltaFields,
            stop_reason: stopReasonToMessages(
              event.finishReason,
              context,
              "/finishReason",
              ownStopReason === true,
            ),
            stop_sequence: event.stopSequence ?? null,
          },
          usage: usageToMessages(finalUsage, { earlier: startCache, required: "output" }),
        };
        if (context_management !== undefined) wire.context_management = context_management;
        for (const index of (event.candidates ?? []).keys())
          context.lose("dropped", `/candidates/${index}`, "the messages format streams one candidate");
        ended = true;
        enqueue(wire);
        enqueue({ type: "message_stop" });
        return;
      }
      case "error": {
        ended = true;
        loseForeignFields(event);
        const error = messagesErrorToWire(CanonicalError.fromData(event.error)).body.error;
        // The front's own failure (`fail`) is not the answer's: what it cannot send is no loss of it.
        if (!failing) {
          // What the client reads back, as the decoder does: kind and code from the type, a param
          // from the message's prefix.
          const status = messagesErrorTypes[error.type]?.status ?? 500;
          const readBack = messagesErrorFromWire(status, { type: "error", error }).toData();
          if (readBack.code === messagesErrorByKind[readBack.kind].type) delete readBack.code;
          reportUnsayableErrorKind(event.error, readBack.kind, "messages", context);
          reportUnsayableErrorFields(event.error, readBack, "messages", context);
        }
        enqueue({ type: "error", error });
        return;
      }
      case "tool-progress":
        loseToolProgress(event);
        return;
      case "keepalive":
        if (pendingStarts > 0 || heldStart) heldPings++;
        else enqueue(ping);
        return;
      default: {
        const unknown: never = event;
        throw new TypeError(`Unknown chat event ${JSON.stringify(unknown)}`);
      }
    }
  }

  function endStartPart(whole: Part, index: number): void {
    if (!heldStart) return;
    const path = pointer("/parts", index);
    if (whole.type === "tool-result") context.lose("unsupported", path, toolResultOutputLoss);
    else {
      const block = encodeMessagesPart(whole, context, path);
      if (block) heldStart.content.push(block);
    }
    if (--heldStart.toEnd === 0) releaseStart();
  }

  function endPart(part: EncodedPart, whole: Part, index: number) {
    const path = pointer("/parts", index);
    switch (whole.type) {
      case "text": {
        if (part.block === undefined) {
          if (whole.text === "") return;
          startText(part);
        }
        if (whole.text.length > part.streamedText.length && whole.text.startsWith(part.streamedText)) {
          delta(part, { type: "text_delta", text: whole.text.slice(part.streamedText.length) });
        }
        if (whole.signature)
          context.lose("dropped", pointer(path, "signature"), "text blocks carry no signature");
        stop(part);
        return;
      }
      case "reasoning": {
        const signature = whole.signature;
        const ours = signature?.format === "messages";
        if (part.block === undefined) {
          if (!ours) {
            // Dropped with the very loss a whole response records.
            encodeMessagesPart(whole, context, path);
            return;
          }
          if (whole.redacted) {
            startBlock(part, { ...part.startExtra, type: "redacted_thinking", data: signature.data });
            stop(part);
            return;
          }
          startThinking(part);
          const text = whole.text ?? whole.summary?.join("\n\n");
          if (text) delta(part, { type: "thinking_delta", thinking: text });
        }
        if (ours) delta(part, { type: "signature_delta", signature: signature.data });
        else if (signature)
          context.lose("dropped", pointer(path, "signature"), `a ${signature.format} signature`);
        stop(part);
        return;
      }
      case "tool-call":
      case "hosted-tool-call": {
        if (part.skipped || part.block === undefined) {
          context.lose("dropped", path, `a hosted call from another format`);
          return;
        }
        if (!part.argumentsStreamed) {
          const value = whole.type === "tool-call" ? (whole.rawArguments ?? whole.arguments) : whole.input;
          const text = typeof value === "string" ? value : JSON.stringify(value ?? {});
          if (text !== "{}") delta(part, { type: "input_json_delta", partial_json: text });
        }
        if (whole.type === "tool-call" && whole.signature)
          context.lose("dropped", pointer(path, "signature"), "tool calls carry no signature");
        stop(part);
        return;
      }
      case "hosted-tool-result":
      case "refusal": {
        const block = encodeMessagesPart(whole, context, path);
        if (!block) return;
        if (block.type === "text") {
          // Never an empty text block: a refusal with no text has nothing to send.
          if (block.text === "") return;
          startText(part);
          delta(part, { type: "text_delta", text: block.text });
        } else startBlock(part, block);
        stop(part);
        return;
      }
      case "tool-result":
        context.lose("unsupported", path, toolResultOutputLoss);
        return;
      case "media":
      case "code":
      case "code-result":
        context.lose("unsupported", path, `${whole.type} output is not supported by the messages format`);
        return;
      default: {
        const unknown: never = whole;
        throw new TypeError(`Unknown part ${JSON.stringify(unknown)}`);
      }
    }
  }

  return {
    start(controller) {
      output = controller;
    },
    transform(event) {
      if (!ended) encode(event);
    },
    flush(controller) {
      if (ended) return;
      controller.enqueue({
        type: "error",
        error: { type: "api_error", message: "The stream ended early, before the response was complete" },
      });
    },
    // The format's `error` event, which may follow any event of a begun stream.
    fail(error, controller) {
      if (ended) return;
      output = controller;
      failing = true;
      encode({ type: "error", error });
    },
  };
}

/** {@link createMessagesStreamEncoderTransformer} as the `TransformStream` of the codec contract. */
export function createMessagesStreamEncoder(
  context: ConversionContext,
): TransformStream<ChatEvent, WireEvent> {
  return new TransformStream(createMessagesStreamEncoderTransformer(context));
}
