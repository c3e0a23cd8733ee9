import type { StreamTransformer } from "@interlingua/core";
import {
  CanonicalError,
  type ChatEvent,
  type Citation,
  type ConversionContext,
  type Part,
  pointer,
  type ReasoningPart,
  StreamParseFailure,
  streamStartPath,
  type ToolCallPart,
  type Usage,
} from "@interlingua/core";
import {
  chatCompletionsFormatId,
  isWireObject,
  remainingFields,
  type WireObject,
} from "../chat-completions-extensions";
import { chatCompletionsErrorEventData } from "../errors/chat-completions-error-event-data";
import { chatCompletionsErrorFromWire } from "../errors/chat-completions-error-from-wire";
import { decodeChatCompletionsArguments } from "../message/chat-completions-arguments";
import {
  type AudioAccumulator,
  accumulatedAudio,
  collectAudioDelta,
  createAudioAccumulator,
  requestedAudioMediaType,
  typeAnswerAudio,
} from "../message/chat-completions-audio";
import { type CallIdentity, createCallIdentities } from "../message/chat-completions-call-ids";
import { decodeChatCompletionsAnnotation } from "../message/chat-completions-citations";
import { decodeReasoningDetails } from "../message/chat-completions-reasoning-details";
import {
  type ChatCompletionsReasoningTags,
  type ContentSegment,
  createReasoningTagScanner,
} from "../message/chat-completions-reasoning-tags";
import {
  decodeChatCompletionsFinishReason,
  isKnownFinishReason,
} from "../response/chat-completions-finish-reason";
import { decodeChatCompletionsUsage } from "../response/chat-completions-usage";
import {
  type ChoiceAccumulator,
  choiceParts,
  collectChoiceDelta,
  createChoiceAccumulator,
} from "./chat-completions-choice-accumulator";

/** The chunk fields a response-start does not keep: its own, and the per-chunk `obfuscation` padding. */
const chunkFields = ["id", "object", "created", "model", "choices", "usage", "obfuscation"];

/** The text-like part open now (at most one; tool calls stay open side by side). */
interface OpenPart {
  index: number;
  kind: "text" | "reasoning" | "refusal";
  text: string;
  /** For reasoning: the field it came in, and `reasoning_details` seen so far. */
  field?: string;
  details?: unknown[];
  /** For text: the citations its `annotations` gave. */
  citations?: Citation[];
  /** For reasoning: read from tags in the content, not from a field. */
  fromTags?: boolean;
}

/** An answer's audio being streamed, side by side with the other parts. */
interface OpenAudio {
  index: number;
  accumulator: AudioAccumulator;
}

/** A tool call being streamed. */
interface OpenCall {
  index: number;
  identity: CallIdentity;
  wireId: string | undefined;
  name: string;
  text: string;
}

/**
 * The stream decoder as a synchronous transformer: chunks of the first choice become canonical
 * parts as their deltas arrive (reasoning from `reasoning_content` or `reasoning`, `content`,
 * `refusal`, `tool_calls` by `index`, ids and names from their first delta; `audio` fragments, given
 * whole as an audio media part at the end), other choices extra
 * candidates given whole at the end; every non-null `usage` is a usage event, on the last chunk or
 * on every one. The stream ends at `data: [DONE]` (or the body's end) once a `finish_reason` came;
 * a stream that stops before one, a mid-stream `{error}` chunk and malformed data end with an
 * `error` event. Tolerated dialects: ids missing or repeated (a new id, the wire's marked), a call
 * sent whole under one `index` after another (a new call), `stop` after tool calls (a tool-call
 * finish), `usage: null` chunks. With `reasoningTags` (the dialect's), content that opens with them
 * is reasoning up to the closing tag, tags cut across chunks anywhere.
 */
export function createChatCompletionsStreamDecoderTransformer(
  context: ConversionContext,
  reasoningTags?: ChatCompletionsReasoningTags,
): StreamTransformer<unknown, ChatEvent> {
  const tagScanner = reasoningTags && createReasoningTagScanner(reasoningTags);
  let identify = createCallIdentities(context);
  /** The index of the chunk being read, and the delta that opens a part in it, for loss paths. */
  let chunkIndex = -1;
  let partSource = "";
  context.startSource();
  /** The next part index, traced to the delta that opens it. */
  const openPart = () => {
    context.trace(pointer("/parts", nextIndex), partSource);
    return nextIndex++;
  };
  let started = false;
  let ended = false;
  let nextIndex = 0;
  let open: OpenPart | undefined;
  const calls = new Map<number, OpenCall>();
  let audio: OpenAudio | undefined;
  const done: Part[] = [];
  let finishWire: unknown;
  let choiceRest: WireObject | undefined;
  /** The first chunk's own fields, and those a later chunk says otherwise (kept for the end). */
  let startFields: WireObject = {};
  const laterFields: WireObject = {};
  let usage: Usage | undefined;
  const logprobs: { content: unknown[]; refusal: unknown[] } = { content: [], refusal: [] };
  let sawLogprobs = false;
  const candidates = new Map<number, ChoiceAccumulator>();
  /** Where each further choice first came, for the losses of formats that stream one. */
  const candidateSources = new Map<number, string>();

  function fail(controller: TransformStreamDefaultController<ChatEvent>, error: CanonicalError) {
    ended = true;
    controller.enqueue({ type: "error", error: error.toData() });
  }

  function closeOpen(controller: TransformStreamDefaultController<ChatEvent>) {
    if (!open) return;
    let part: Part;
    if (open.kind === "reasoning") {
      const reasoning: ReasoningPart = { type: "reasoning" };
      if (open.text !== "" || open.details === undefined) reasoning.text = open.text;
      if (open.details !== undefined)
        reasoning.signature = { format: chatCompletionsFormatId, data: decodeReasoningDetails(open.details) };
      // Reasoning read from content tags came in no field: the encoder picks the dialect's.
      if (!open.fromTags)
        reasoning.extensions = { [chatCompletionsFormatId]: { field: open.field ?? "reasoning" } };
      part = reasoning;
    } else if (open.kind === "text" && open.citations !== undefined)
      part = { type: "text", text: open.text, citations: open.citations };
    else part = { type: open.kind, text: open.text };
    controller.enqueue({ type: "part-end", index: open.index, part });
    done.push(part);
    open = undefined;
  }

  function closeCall(controller: TransformStreamDefaultController<ChatEvent>, call: OpenCall) {
    const decoded = decodeChatCompletionsArguments(call.text);
    const part: ToolCallPart = {
      type: "tool-call",
      id: call.identity.id,
      name: call.name,
      arguments: decoded.arguments,
    };
    if (decoded.rawArguments !== undefined) part.rawArguments = decoded.rawArguments;
    controller.enqueue({ type: "part-end", index: call.index, part });
    done.push(part);
  }

  function ensureOpen(
    controller: TransformStreamDefaultController<ChatEvent>,
    kind: OpenPart["kind"],
    field?: string,
  ): OpenPart {
    if (open?.kind === kind) return open;
    closeOpen(controller);
    open = { index: openPart(), kind, text: "" };
    if (field !== undefined) open.field = field;
    controller.enqueue(
      field === undefined
        ? { type: "part-start", index: open.index, kind }
        : {
            type: "part-start",
            index: open.index,
            kind,
            extensions: { [chatCompletionsFormatId]: { field } },
          },
    );
    return open;
  }

  function readToolCall(
    controller: TransformStreamDefaultController<ChatEvent>,
    delta: WireObject,
    position: number,
  ) {
    const toolIndex = typeof delta.index === "number" ? delta.index : position;
    const fn = isWireObject(delta.function) ? delta.function : {};
    const wireId = typeof delta.id === "string" && delta.id !== "" ? delta.id : undefined;
    let call = calls.get(toolIndex);
    if (call && wireId !== undefined && call.wireId !== wireId) {
      // A whole new call under an index already used (Ollama numbers every call 0).
      closeCall(controller, call);
      calls.delete(toolIndex);
      call = undefined;
    }
    if (!call) {
      if (open) closeOpen(controller);
      const identity = identify(wireId);
      call = {
        index: openPart(),
        identity,
        wireId,
        name: typeof fn.name === "string" ? fn.name : "",
        text: "",
      };
      calls.set(toolIndex, call);
      controller.enqueue({
        type: "part-start",
        index: call.index,
        kind: "tool-call",
        id: identity.id,
        name: call.name,
      });
    }
    if (typeof fn.arguments === "string" && fn.arguments !== "") {
      call.text += fn.arguments;
      controller.enqueue({ type: "tool-arguments-delta", index: call.index, text: fn.arguments });
    }
  }

  function readText(controller: TransformStreamDefaultController<ChatEvent>, text: string) {
    const part = ensureOpen(controller, "text");
    part.text += text;
    controller.enqueue({ type: "text-delta", index: part.index, text });
  }

  /** Content split by the dialect's reasoning tags: reasoning as if it came in a field of its own. */
  function readContentSegments(
    controller: TransformStreamDefaultController<ChatEvent>,
    segments: ContentSegment[],
  ) {
    for (const segment of segments) {
      if (segment.kind === "text") {
        readText(controller, segment.text);
        continue;
      }
      const part = ensureOpen(controller, "reasoning");
      part.fromTags = true;
      part.text += segment.text;
      controller.enqueue({ type: "reasoning-delta", index: part.index, text: segment.text });
    }
  }

  function readDelta(controller: TransformStreamDefaultController<ChatEvent>, delta: WireObject) {
    const reasoningField =
      typeof delta.reasoning_content === "string" && delta.reasoning_content !== ""
        ? "reasoning_content"
        : typeof delta.reasoning === "string" && delta.reasoning !== ""
          ? "reasoning"
          : undefined;
    if (reasoningField !== undefined) {
      const part = ensureOpen(controller, "reasoning", reasoningField);
      const text = delta[reasoningField] as string;
      part.text += text;
      controller.enqueue({ type: "reasoning-delta", index: part.index, text });
    }
    if (Array.isArray(delta.reasoning_details) && delta.reasoning_details.length > 0) {
      const part = ensureOpen(controller, "reasoning", reasoningField ?? "reasoning");
      part.details = [...(part.details ?? []), ...delta.reasoning_details];
    }
    if (typeof delta.content === "string" && delta.content !== "") {
      if (tagScanner) readContentSegments(controller, tagScanner.push(delta.content));
      else readText(controller, delta.content);
    }
    if (Array.isArray(delta.annotations) && delta.annotations.length > 0) {
      // Web search models send the text's citations on a delta of their own, at the end.
      const part = ensureOpen(controller, "text");
      for (const annotation of delta.annotations as unknown[]) {
        if (!isWireObject(annotation)) continue;
        const citation = decodeChatCompletionsAnnotation(annotation);
        part.citations = [...(part.citations ?? []), citation];
        controller.enqueue({ type: "citation-delta", index: part.index, citation });
      }
    }
    if (typeof delta.refusal === "string" && delta.refusal !== "")
      ensureOpen(controller, "refusal").text += delta.refusal;
    if (Array.isArray(delta.tool_calls))
      (delta.tool_calls as unknown[]).forEach((call, position) => {
        if (isWireObject(call)) readToolCall(controller, call, position);
      });
    if (isWireObject(delta.function_call))
      readToolCall(controller, { index: -1, function: delta.function_call }, 0);
    if (isWireObject(delta.audio)) {
      if (!audio) {
        // Traced to the audio its fragments build, for the losses of formats without audio output.
        context.trace(pointer("/parts", nextIndex), pointer(partSource, "audio"));
        audio = { index: nextIndex++, accumulator: createAudioAccumulator() };
        controller.enqueue({ type: "part-start", index: audio.index, kind: "media" });
      }
      collectAudioDelta(audio.accumulator, delta.audio);
    }
  }

  function closeAudio(controller: TransformStreamDefaultController<ChatEvent>) {
    if (!audio) return;
    const part = accumulatedAudio(audio.accumulator, requestedAudioMediaType(context.request));
    controller.enqueue({ type: "part-end", index: audio.index, part });
    done.push(part);
    audio = undefined;
  }

  function finish(controller: TransformStreamDefaultController<ChatEvent>) {
    if (ended) return;
    // Audio models may end with an `expires_at`-only audio delta and no finish_reason (openai-node
    // issue 1206): the audio is complete, so the answer stopped.
    if (finishWire === undefined && audio?.accumulator.fields.expires_at !== undefined) finishWire = "stop";
    if (!started || finishWire === undefined) {
      fail(
        controller,
        new CanonicalError("unavailable", "The upstream stream ended before a finish_reason", {
          code: "stream_incomplete",
        }),
      );
      return;
    }
    if (tagScanner) readContentSegments(controller, tagScanner.end());
    closeOpen(controller);
    for (const call of [...calls.values()].sort((a, b) => a.index - b.index)) closeCall(controller, call);
    calls.clear();
    closeAudio(controller);
    ended = true;
    const finishReason = decodeChatCompletionsFinishReason(finishWire, {
      calledTools: done.some((part) => part.type === "tool-call"),
      refused: done.some((part) => part.type === "refusal" && part.text !== ""),
    });
    const end: ChatEvent = { type: "response-end", finishReason };
    if (usage !== undefined) end.usage = usage;
    if (finishReason.reason === "length") end.status = "incomplete";
    const fields: WireObject = {};
    const rest: WireObject = { ...choiceRest };
    if (!isKnownFinishReason(finishWire)) rest.finish_reason = finishWire;
    if (sawLogprobs) rest.logprobs = logprobs;
    if (Object.keys(rest).length > 0) fields.choice = rest;
    if (Object.keys(laterFields).length > 0) fields.later = laterFields;
    if (Object.keys(fields).length > 0) end.extensions = { [chatCompletionsFormatId]: fields };
    if (candidates.size > 0)
      end.candidates = [...candidates.entries()]
        .sort(([a], [b]) => a - b)
        .map(([index, accumulator]) => {
          const parts = choiceParts(accumulator, identify, reasoningTags);
          typeAnswerAudio(parts, requestedAudioMediaType(context.request));
          return {
            index,
            parts,
            finishReason: decodeChatCompletionsFinishReason(accumulator.finishReason, {
              calledTools: parts.some((part) => part.type === "tool-call"),
              refused: parts.some((part) => part.type === "refusal" && part.text !== ""),
            }),
          };
        });
    end.candidates?.forEach((candidate, position) => {
      const source = candidateSources.get(candidate.index);
      if (source !== undefined) context.trace(pointer("/candidates", position), source);
    });
    controller.enqueue(end);
  }

  return {
    transform(item, controller) {
      if (ended) return;
      chunkIndex += 1;
      if (StreamParseFailure.isInstance(item)) {
        if (item.raw.trim() === "[DONE]") finish(controller);
        else
          fail(
            controller,
            new CanonicalError("unavailable", `The upstream sent a malformed stream event: ${item.message}`),
          );
        return;
      }
      if (!isWireObject(item)) {
        fail(
          controller,
          new CanonicalError("unavailable", "The upstream sent a stream event that is not an object"),
        );
        return;
      }
      if (isWireObject(item.error) || item.object === "error") {
        // The kind is said by the error's code, else its type.
        const said = isWireObject(item.error) ? item.error : item;
        const kindField = typeof said.code === "string" || typeof said.code === "number" ? "code" : "type";
        const at = pointer("", chunkIndex, ...(said === item ? [] : ["error"]));
        context.trace("/error/kind", pointer(at, kindField));
        for (const field of ["code", "param", "message"])
          context.trace(pointer("/error", field), pointer(at, field));
        context.trace("/error/extensions/chat-completions/type", pointer(at, "type"), true);
        ended = true;
        const error = chatCompletionsErrorEventData(chatCompletionsErrorFromWire(0, item), said.type);
        controller.enqueue({ type: "error", error });
        return;
      }
      if (!started) {
        started = true;
        for (const field of ["id", "model", "created"])
          context.trace(pointer("", field), pointer("", chunkIndex, field));
        const start: ChatEvent = {
          type: "response-start",
          id: typeof item.id === "string" ? item.id : context.generateId("chatcmpl"),
          model: typeof item.model === "string" ? item.model : (context.request?.model ?? ""),
        };
        if (typeof item.created === "number") start.created = item.created;
        // Ids made for calls without one derive from the answer's id, the same on every decoding.
        if (typeof item.id === "string" && item.id !== "") identify = createCallIdentities(context, item.id);
        const rest = remainingFields(item, chunkFields);
        startFields = rest ?? {};
        if (rest !== undefined) start.extensions = { [chatCompletionsFormatId]: rest };
        for (const key of Object.keys(rest ?? {}))
          context.trace(
            pointer(streamStartPath, "extensions", chatCompletionsFormatId, key),
            pointer("", chunkIndex, key),
            true,
          );
        controller.enqueue(start);
      } else {
        // A server's field a later chunk says otherwise than the first (llama.cpp's timings in the
        // last one) is the answer's end's, where it came.
        for (const [key, value] of Object.entries(remainingFields(item, chunkFields) ?? {})) {
          if (JSON.stringify(value) === JSON.stringify(startFields[key])) continue;
          laterFields[key] = value;
          context.trace(
            pointer("/extensions", chatCompletionsFormatId, "later", key),
            pointer("", chunkIndex, key),
            true,
          );
        }
      }
      if (Array.isArray(item.choices))
        for (const [position, choice] of (item.choices as unknown[]).entries()) {
          if (!isWireObject(choice)) continue;
          partSource = pointer("", chunkIndex, "choices", position, "delta");
          const index = typeof choice.index === "number" ? choice.index : 0;
          if (index !== 0) {
            const accumulator = candidates.get(index) ?? createChoiceAccumulator();
            candidates.set(index, accumulator);
            if (!candidateSources.has(index))
              candidateSources.set(index, pointer("", chunkIndex, "choices", position));
            collectChoiceDelta(accumulator, choice);
            continue;
          }
          if (isWireObject(choice.delta)) readDelta(controller, choice.delta);
          if (isWireObject(choice.logprobs)) {
            sawLogprobs = true;
            if (Array.isArray(choice.logprobs.content)) logprobs.content.push(...choice.logprobs.content);
            if (Array.isArray(choice.logprobs.refusal)) logprobs.refusal.push(...choice.logprobs.refusal);
          }
          if (typeof choice.finish_reason === "string") {
            finishWire = choice.finish_reason;
            context.trace("/finishReason", pointer("", chunkIndex, "choices", position, "finish_reason"));
            context.trace("/status", pointer("", chunkIndex, "choices", position, "finish_reason"));
            const consumed = ["index", "delta", "finish_reason"];
            if (isWireObject(choice.logprobs)) consumed.push("logprobs");
            choiceRest = remainingFields(choice, consumed);
            // A server's own reason and fields (OpenRouter's native_finish_reason) are where they came.
            const finishing = pointer("", chunkIndex, "choices", position);
            for (const key of [...Object.keys(choiceRest ?? {}), "finish_reason"])
              context.trace(
                pointer("/extensions", chatCompletionsFormatId, "choice", key),
                pointer(finishing, key),
                true,
              );
          }
        }
      if (isWireObject(item.usage)) {
        usage = decodeChatCompletionsUsage(item.usage);
        context.trace("/usage", pointer("", chunkIndex, "usage"));
        context.trace(
          pointer("/usage/extensions", chatCompletionsFormatId),
          pointer("", chunkIndex, "usage"),
          true,
        );
        controller.enqueue({ type: "usage", usage });
      }
    },
    flush(controller) {
      finish(controller);
    },
  };
}

/** The stream decoder (see {@link createChatCompletionsStreamDecoderTransformer}) as a `TransformStream`. */
export function createChatCompletionsStreamDecoder(
  context: ConversionContext,
  reasoningTags?: ChatCompletionsReasoningTags,
): TransformStream<unknown, ChatEvent> {
  return new TransformStream(createChatCompletionsStreamDecoderTransformer(context, reasoningTags));
}
