import {
  type ChatEvent,
  type ConversionContext,
  type ErrorData,
  type Part,
  pointer,
  StreamParseFailure,
  type StreamTransformer,
  statusByErrorKind,
  streamStartPath,
} from "@interlingua/core";
import { decodeResponsesErrorEvent, withoutDerivedErrorFields } from "../errors/responses-error-event";
import { responsesErrorKindByCode } from "../errors/responses-error-kinds";
import { decodeResponsesAnnotation } from "../items/decode-responses-annotation";
import { decodeResponsesItemParts } from "../items/decode-responses-item-parts";
import { decodeResponsesMessageParts } from "../items/decode-responses-items";
import { namespacedToolName } from "../request/responses-tool-namespace";
import {
  callsTool,
  decodeResponsesErrorData,
  decodeResponsesFinishReason,
  decodeResponsesStatus,
} from "../response/decode-responses-response";
import { responsesEchoedFields } from "../response/responses-echoed-fields";
import { decodeResponsesUsage } from "../response/responses-usage";
import { remainingFields, type WireObject } from "../responses-extensions";

/** Response fields the lifecycle events map; the rest travels in extensions. */
const lifecycleFields = [
  "id",
  "model",
  "created_at",
  "output",
  "usage",
  "status",
  "error",
  "incomplete_details",
];

interface ItemState {
  /** The item as `response.output_item.added` announced it. */
  added: WireObject;
  /** Where the stream said `added` (a JSON pointer into the events), for loss paths. */
  source: string;
  /** Canonical index of the item's part (non-message items). */
  partIndex?: number;
  /** Canonical index of each content part (message items). */
  contentParts: Map<number, number>;
  /** Argument or input text streamed so far (calls), for an item whose done event never comes. */
  streamed?: string;
  /** Each content part as announced, with the text streamed into it so far (message items). */
  content?: Map<number, { added: WireObject; text: string; annotations: unknown[] }>;
}

/**
 * The live progress events of hosted tool calls (code interpreter code deltas, partial images,
 * search and MCP progress): carried as canonical `tool-progress` events, so a responses front
 * re-sends them exactly and another front reports them lost.
 */
const progressEventType =
  /^response\.(?:code_interpreter_call|code_interpreter_call_code|file_search_call|web_search_call|image_generation_call|mcp_call|mcp_call_arguments|mcp_list_tools)\.[a-z_]+$/;

/** The field of a call item that its argument or input deltas build up. */
const streamedField: Record<string, string> = { function_call: "arguments", custom_tool_call: "input" };

/**
 * An item still open when the response ends, as it ended: the finished response's own copy of it
 * when that has one, else the announced item with the text its deltas streamed.
 */
function itemAtEnd(state: ItemState, outputIndex: number, response: WireObject): WireObject {
  const output = Array.isArray(response.output) ? (response.output as unknown[]) : [];
  const final = output[outputIndex] as WireObject | undefined;
  if (
    typeof final === "object" &&
    final !== null &&
    final.type === state.added.type &&
    final.id === state.added.id
  )
    return final;
  if (state.content) {
    const content = [...state.content.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, { added, text, annotations }]) =>
        added.type === "output_text" && (text !== "" || annotations.length > 0)
          ? { ...added, text, annotations: [...((added.annotations as unknown[]) ?? []), ...annotations] }
          : added,
      );
    return { ...state.added, content };
  }
  const field = streamedField[state.added.type as string];
  return field && state.streamed !== undefined ? { ...state.added, [field]: state.streamed } : state.added;
}

/** The canonical part kind a non-message output item streams as. */
function partKindOf(item: WireObject): { kind: string; id?: string; name?: string } {
  switch (item.type) {
    case "function_call":
      // A namespace member's call has the member's canonical name, as a whole answer's does.
      return {
        kind: "tool-call",
        id: item.call_id as string,
        name:
          typeof item.namespace === "string"
            ? namespacedToolName(item.namespace, item.name as string)
            : (item.name as string),
      };
    case "reasoning":
      return { kind: "reasoning" };
    case "web_search_call":
      return { kind: "hosted-tool-call", id: item.id as string, name: "web_search" };
    case "file_search_call":
      return { kind: "hosted-tool-call", id: item.id as string, name: "file_search" };
    case "computer_call":
      return { kind: "hosted-tool-call", id: item.call_id as string, name: "computer" };
    default:
      return {
        kind: "hosted-tool-call",
        id: typeof item.id === "string" ? item.id : "",
        name: String(item.type),
      };
  }
}

/**
 * An `error` event's data with the kind of the failed response that follows it, when the event's
 * code is none this format names (an upstream's own code, `RESOURCE_EXHAUSTED`): its kind is then
 * a guess, and the failed response's code says it.
 */
function withFailedKind(error: ErrorData, failed: ErrorData | undefined): ErrorData {
  if (failed === undefined || error.code === undefined || Object.hasOwn(responsesErrorKindByCode, error.code))
    return error;
  return { ...error, kind: failed.kind, status: failed.status };
}

/**
 * Responses stream events → canonical events. Message content parts, function calls, reasoning and
 * hosted-tool calls become parts (a message's parts end when its item is done, carrying the item's
 * final fields); text, argument, summary and reasoning-text deltas become deltas; annotations
 * citation deltas. `response.completed` / `response.incomplete` end the stream; an `error` event
 * followed by `response.failed` ends it with one `error`. Streams without `sequence_number` (older
 * traffic) decode the same; `obfuscation` padding and per-delta `logprobs` are dropped. A stream that
 * stops before its terminal event, or carries unparseable data, ends with an `error` event.
 */
export function createResponsesStreamDecoder(
  context: ConversionContext,
): TransformStream<unknown, ChatEvent> {
  return new TransformStream(createResponsesStreamDecoderTransformer(context));
}

/**
 * The transformer behind {@link createResponsesStreamDecoder}, synchronous, so a provider can chain
 * it onto SSE decoding (`chainTransformers`) and read a body in one stream stage.
 */
export function createResponsesStreamDecoderTransformer(
  context: ConversionContext,
): StreamTransformer<unknown, ChatEvent> {
  const items = new Map<number, ItemState>();
  /** The index of the event being decoded, and the pointer of the node that opens a part in it. */
  let eventIndex = -1;
  let partSource = "";
  context.startSource();
  let nextIndex = 0;
  let started = false;
  let ended = false;
  let sawToolCall = false;
  let pendingError: ErrorData | undefined;

  /** Traces the answer's own fields a response object kept in extensions, at `base` (see {@link responsesEchoedFields}). */
  const traceAnswerFields = (base: string, fields: WireObject) => {
    for (const key of Object.keys(fields))
      if (!responsesEchoedFields.has(key))
        context.trace(
          pointer(base, "extensions", "responses", key),
          pointer("", eventIndex, "response", key),
          true,
        );
  };

  /**
   * Opens a part. The announced item it carries (`addedItem`, from `state`) has its `id` traced to
   * where the stream said it: the upstream's own, lost in another format.
   */
  const startPart = (
    emit: (event: ChatEvent) => void,
    kind: string,
    extensions: WireObject,
    id?: string,
    name?: string,
    state?: ItemState,
  ): number => {
    const index = nextIndex++;
    context.trace(pointer("/parts", index), partSource);
    if (state && extensions.addedItem === state.added && typeof state.added.id === "string")
      context.trace(
        pointer("/parts", index, "extensions", "responses", "addedItem", "id"),
        pointer(state.source, "id"),
      );
    // A namespaced call's namespace and own name, which another format says as one name.
    if (state && extensions.addedItem === state.added && typeof state.added.namespace === "string")
      for (const field of ["namespace", "name"])
        context.trace(
          pointer("/parts", index, "extensions", "responses", "addedItem", field),
          pointer(state.source, field),
        );
    const event: ChatEvent = { type: "part-start", index, kind, extensions: { responses: extensions } };
    if (id !== undefined) event.id = id;
    if (name !== undefined) event.name = name;
    emit(event);
    return index;
  };

  const endPart = (emit: (event: ChatEvent) => void, index: number, part: Part) => {
    if (callsTool(part)) sawToolCall = true;
    emit({ type: "part-end", index, part });
  };

  const finishItem = (emit: (event: ChatEvent) => void, state: ItemState, item: WireObject) => {
    if (item.type === "message") {
      const parts = decodeResponsesMessageParts(item, item.role === "assistant");
      parts.forEach((part, contentIndex) => {
        let index = state.contentParts.get(contentIndex);
        if (index === undefined) {
          const marks: WireObject = { addedItem: state.added };
          if (part.extensions?.responses?.emptyContent === true) marks.emptyContent = true;
          index = startPart(emit, part.type, contentIndex === 0 ? marks : {}, undefined, undefined, state);
        }
        endPart(emit, index, part);
      });
      return;
    }
    const [first, ...more] = decodeResponsesItemParts(item);
    if (first) {
      const { kind, id, name } = partKindOf(item);
      const index = state.partIndex ?? startPart(emit, kind, { addedItem: state.added }, id, name, state);
      endPart(emit, index, first);
    }
    for (const part of more) endPart(emit, startPart(emit, part.type, {}), part);
  };

  const endResponse = (emit: (event: ChatEvent) => void, response: WireObject) => {
    // Items whose done event never came end here, with what is known of them.
    for (const outputIndex of [...items.keys()].sort((a, b) => a - b)) {
      const state = items.get(outputIndex)!;
      items.delete(outputIndex);
      finishItem(emit, state, itemAtEnd(state, outputIndex, response));
    }
    const output = response.output as WireObject[] | undefined;
    if (nextIndex === 0 && output?.length) {
      // A stream that only announces the finished response: replay its items.
      output.forEach((item, position) => {
        const source = pointer("", eventIndex, "response", "output", position);
        finishItem(emit, { added: item, source, contentParts: new Map() }, item);
      });
    }
    const status = decodeResponsesStatus(response.status);
    const finishReason = decodeResponsesFinishReason(response, sawToolCall);
    const rest = remainingFields(response, lifecycleFields) ?? {};
    traceAnswerFields("", rest);
    if (typeof response.status === "string" && response.status !== status) rest.statusRaw = response.status;
    if (response.usage === null) rest.usage = null;
    const end: ChatEvent = { type: "response-end", finishReason, status, extensions: { responses: rest } };
    if (response.usage) end.usage = decodeResponsesUsage(response.usage as WireObject);
    emit(end);
    ended = true;
  };

  const fail = (emit: (event: ChatEvent) => void, error: ErrorData) => {
    emit({ type: "error", error });
    ended = true;
  };

  return {
    transform(chunk, controller) {
      if (ended) return;
      const emit = (event: ChatEvent) => controller.enqueue(event);
      if (StreamParseFailure.isInstance(chunk)) {
        fail(emit, {
          kind: "unavailable",
          status: statusByErrorKind.unavailable,
          message: `The upstream stream carried data that could not be parsed: ${chunk.message}`,
        });
        return;
      }
      const event = chunk as WireObject;
      eventIndex += 1;
      partSource = pointer("", eventIndex, event.type === "response.content_part.added" ? "part" : "item");
      switch (event.type) {
        case "response.created": {
          if (started) return;
          started = true;
          const response = event.response as WireObject;
          for (const [canonical, field] of [
            ["/id", "id"],
            ["/model", "model"],
            ["/created", "created_at"],
          ])
            context.trace(canonical!, pointer("", eventIndex, "response", field!));
          const rest = remainingFields(response, lifecycleFields) ?? {};
          traceAnswerFields(streamStartPath, rest);
          emit({
            type: "response-start",
            id: response.id as string,
            model: response.model as string,
            created: response.created_at as number,
            extensions: { responses: rest },
          });
          return;
        }
        case "response.output_item.added": {
          const item = event.item as WireObject;
          const state: ItemState = {
            added: item,
            source: pointer("", eventIndex, "item"),
            contentParts: new Map(),
          };
          items.set(event.output_index as number, state);
          if (item.type !== "message") {
            const { kind, id, name } = partKindOf(item);
            // A hosted call's progress events come as they were sent (see `progressEventType`).
            const marks =
              kind === "hosted-tool-call" ? { addedItem: item, progressCarried: true } : { addedItem: item };
            state.partIndex = startPart(emit, kind, marks, id, name, state);
          }
          return;
        }
        case "response.content_part.added": {
          const state = items.get(event.output_index as number);
          // Content parts of other items (the `reasoning_text` of open-weight servers' reasoning
          // items) belong to that item's one part, which its own deltas and done event carry.
          if (state?.added.type !== "message") return;
          const part = event.part as WireObject;
          const marks: WireObject = { addedPart: part };
          if (state.contentParts.size === 0) marks.addedItem = state.added;
          const kind = part.type === "refusal" ? "refusal" : "text";
          state.contentParts.set(
            event.content_index as number,
            startPart(emit, kind, marks, undefined, undefined, state),
          );
          state.content ??= new Map();
          state.content.set(event.content_index as number, { added: part, text: "", annotations: [] });
          return;
        }
        case "response.output_text.delta": {
          const state = items.get(event.output_index as number);
          const index = state?.contentParts.get(event.content_index as number);
          if (index === undefined) return;
          const content = state?.content?.get(event.content_index as number);
          if (content) content.text += event.delta as string;
          emit({ type: "text-delta", index, text: event.delta as string });
          return;
        }
        case "response.output_text.annotation.added": {
          const state = items.get(event.output_index as number);
          const index = state?.contentParts.get(event.content_index as number);
          state?.content?.get(event.content_index as number)?.annotations.push(event.annotation);
          if (index !== undefined)
            emit({
              type: "citation-delta",
              index,
              citation: decodeResponsesAnnotation(event.annotation as WireObject),
            });
          return;
        }
        case "response.function_call_arguments.delta": {
          const state = items.get(event.output_index as number);
          if (state?.partIndex === undefined) return;
          state.streamed = (state.streamed ?? "") + (event.delta as string);
          emit({ type: "tool-arguments-delta", index: state.partIndex, text: event.delta as string });
          return;
        }
        case "response.custom_tool_call_input.delta": {
          // The call's part carries the whole item, so the input is kept for its end.
          const state = items.get(event.output_index as number);
          if (state) state.streamed = (state.streamed ?? "") + (event.delta as string);
          return;
        }
        case "response.custom_tool_call_input.done":
        case "response.function_call_arguments.done": {
          const state = items.get(event.output_index as number);
          const whole = event.type === "response.custom_tool_call_input.done" ? event.input : event.arguments;
          if (state && typeof whole === "string") state.streamed = whole;
          return;
        }
        case "response.reasoning_summary_text.delta": {
          const index = items.get(event.output_index as number)?.partIndex;
          if (index !== undefined)
            emit({
              type: "reasoning-delta",
              index,
              text: event.delta as string,
              summaryIndex: event.summary_index as number,
            });
          return;
        }
        case "response.reasoning_text.delta": {
          const index = items.get(event.output_index as number)?.partIndex;
          if (index !== undefined) emit({ type: "reasoning-delta", index, text: event.delta as string });
          return;
        }
        case "response.output_item.done": {
          const outputIndex = event.output_index as number;
          const item = event.item as WireObject;
          const state = items.get(outputIndex) ?? {
            added: item,
            source: pointer("", eventIndex, "item"),
            contentParts: new Map(),
          };
          items.delete(outputIndex);
          finishItem(emit, state, item);
          return;
        }
        case "response.completed":
        case "response.incomplete":
          for (const [canonical, field] of [
            ["/usage", "usage"],
            ["/status", "status"],
            ["/finishReason", "status"],
          ])
            context.trace(canonical!, pointer("", eventIndex, "response", field!));
          endResponse(emit, event.response as WireObject);
          return;
        case "response.failed": {
          const failed = decodeResponsesErrorData((event.response as WireObject).error);
          // Without an error event before it, the failed response's error is the one said.
          if (!pendingError)
            for (const field of ["code", "message"])
              context.trace(pointer("/error", field), pointer("", eventIndex, "response", "error", field));
          fail(
            emit,
            (pendingError && withoutDerivedErrorFields(withFailedKind(pendingError, failed))) ??
              failed ?? {
                kind: "internal",
                status: statusByErrorKind.internal,
                message: "The upstream response failed",
              },
          );
          return;
        }
        case "error":
          pendingError = decodeResponsesErrorEvent(event, pointer("", eventIndex), context);
          return;
        default: {
          const index = items.get(event.output_index as number)?.partIndex;
          if (index !== undefined && typeof event.type === "string" && progressEventType.test(event.type)) {
            const { sequence_number: _sequence, ...fields } = event;
            emit({
              type: "tool-progress",
              index,
              stage: event.type.slice(9),
              extensions: { responses: fields },
            });
            return;
          }
          // in_progress, queued, *.done echoes of deltas: the parts carry it all.
          return;
        }
      }
    },
    flush(controller) {
      if (ended) return;
      controller.enqueue({
        type: "error",
        error: (pendingError && withoutDerivedErrorFields(pendingError)) ?? {
          kind: "unavailable",
          status: statusByErrorKind.unavailable,
          message: "The upstream stream ended early, before response.completed",
        },
      });
    },
  };
}
