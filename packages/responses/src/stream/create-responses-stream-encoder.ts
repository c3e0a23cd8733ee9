import {
  type ChatEvent,
  type ChatEventOf,
  type ConversionContext,
  createForeignStreamFieldsLoss,
  createToolProgressLoss,
  type ErrorData,
  type Part,
  pointer,
  reportUnsayableErrorKind,
  type StreamEncoderTransformer,
  type Usage,
} from "@interlingua/core";
import { isResponsesContextOverflow } from "../errors/responses-context-overflow";
import { encodeResponsesErrorEvent } from "../errors/responses-error-event";
import { responsesErrorKindByCode, responsesErrorKindForCode } from "../errors/responses-error-kinds";
import { encodeResponsesAnnotation } from "../items/encode-responses-annotation";
import { encodeResponsesContent } from "../items/encode-responses-content";
import { encodeResponsesParts } from "../items/encode-responses-items";
import { memberName, namespaceOfCall } from "../request/responses-tool-namespace";
import {
  encodeResponsesErrorObject,
  encodeResponsesStatus,
  loseUnsayableFinishReason,
  responsesEchoedSettings,
} from "../response/encode-responses-response";
import { encodeResponsesUsage } from "../response/responses-usage";
import type { WireObject } from "../responses-extensions";
import type { ResponsesStreamEvent } from "../wire/responses-response-schema";
import { asksObfuscation, withObfuscation } from "./responses-obfuscation";

/** An output item that is announced but not yet done. */
interface OpenItem {
  item: WireObject;
  outputIndex: number;
  /** Message items: the content parts done so far, and how many were announced. */
  content: WireObject[];
  contentCount: number;
  /** Message items: the fields of the finished item, from the first part's extensions. */
  doneFields?: WireObject;
  /** Non-message items: the finished item, once its part ended. */
  done?: WireObject;
  /** Message items: content parts announced whose done events are not sent yet. */
  pendingContent: PartState[];
  /** Non-message items: the state of the item's part. */
  part?: PartState;
}

interface PartState {
  kind: string;
  item: OpenItem;
  contentIndex: number;
  text: string;
  sawDelta: boolean;
  annotations: WireObject[];
  /** The content part's done events went out before its part-end (a later part of its item started). */
  wireClosed: boolean;
  summaryIndex: number;
  summaryText: string;
  skipped: boolean;
  /** A hosted call whose progress events the stream carries, so none are made up for it. */
  progressCarried?: boolean;
}

const hostedItemTypes: Record<string, string> = {
  web_search: "web_search_call",
  file_search: "file_search_call",
  computer: "computer_call",
};

/**
 * Canonical events → responses stream events, each with its `sequence_number`: `response.created`
 * and `response.in_progress`, then per output item `output_item.added`, its content-part, delta,
 * annotation, argument, reasoning-summary and hosted-tool progress events, `output_item.done`, and
 * finally `response.completed` (or `response.incomplete`). A canonical `error` becomes an `error`
 * event followed by `response.failed`, never a completed response. Item ids stay consistent across
 * events; a message item closes when a part of another item starts, so consecutive text parts of
 * one message share it. Settings echoed in the lifecycle events come from the decoded stream's
 * extensions, else from `context.request`.
 */
export function createResponsesStreamEncoder(
  context: ConversionContext,
): TransformStream<ChatEvent, ResponsesStreamEvent> {
  return new TransformStream(createResponsesStreamEncoderTransformer(context));
}

/**
 * The transformer behind {@link createResponsesStreamEncoder}, synchronous, so a front can fuse it
 * with the stages around it (`chainTransformers`, `transformReadable`).
 */
export function createResponsesStreamEncoderTransformer(
  context: ConversionContext,
): StreamEncoderTransformer<ResponsesStreamEvent> {
  let sequence = 0;
  /** Whether the terminal event has gone out: nothing is sent after it. */
  let ended = false;
  let base: WireObject | undefined;
  let usage: Usage = {};
  let open: OpenItem | undefined;
  let nextOutputIndex = 0;
  /** Whether a tool call opened, which is how a completed response says it stopped for tools. */
  let callsTools = false;
  /** Whether a refusal part was streamed: a refusal stop without one reads as a plain stop. */
  let refused = false;
  const output: WireObject[] = [];
  const parts = new Map<number, PartState>();
  /** Parts whose item was closed as completed when the next item began, before the part ended. */
  const closedEarly = new Set<PartState>();
  /**
   * A refusal part whose text is not known yet (canonical refusals have no deltas) while a later
   * content part of its message has started: that part's events wait in `queue` until the refusal
   * ends, so every event keeps the order of the content parts.
   */
  let hold: { refusal: PartState; queue: { state: PartState; emit: () => void }[] } | undefined;
  let enqueue: (event: ResponsesStreamEvent) => void = () => {};
  const loseToolProgress = createToolProgressLoss(context, "responses");
  const loseForeignFields = createForeignStreamFieldsLoss(context, "responses");

  const send = (type: string, fields: WireObject) => {
    enqueue({ type, sequence_number: sequence++, ...fields } as ResponsesStreamEvent);
  };

  /** Runs `emit` for a content part now, or after the held refusal ends when it waits for it. */
  const emitFor = (state: PartState, emit: () => void) => {
    if (hold && hold.refusal !== state) hold.queue.push({ state, emit });
    else emit();
  };

  /** Sends a content part's event, numbered when it goes out (after the held refusal, if it waits). */
  const enqueueFor = (state: PartState, event: ResponsesStreamEvent) => {
    if (hold && hold.refusal !== state) {
      hold.queue.push({ state, emit: () => enqueueFor(state, event) });
      return;
    }
    event.sequence_number = sequence++;
    enqueue(event);
  };

  /**
   * Ends the hold: the events that waited for the refusal go out, in order, until one of them
   * belongs to another refusal still open, which then holds the rest.
   */
  const releaseHold = () => {
    const queue = hold?.queue ?? [];
    hold = undefined;
    queue.forEach((entry, position) => {
      if (hold) {
        if (hold.refusal === entry.state) entry.emit();
        else hold.queue.push(entry);
        return;
      }
      entry.emit();
      const { state } = entry;
      const waiting = queue.slice(position + 1).some((later) => later.state !== state);
      if (state.kind === "refusal" && !state.wireClosed && waiting) hold = { refusal: state, queue: [] };
    });
  };

  const responseBase = (): WireObject => {
    if (base) return base;
    base = {
      id: context.generateId("resp"),
      object: "response",
      created_at: Math.floor(context.now() / 1000),
      ...responsesEchoedSettings(context.request),
      model: context.request?.model ?? "",
    };
    return base;
  };

  /**
   * Ends the open item. A message is built from its content parts; a call whose part never ended
   * (the stream failed, or its canonical form had no item here) ends as it stood, incomplete.
   */
  const closeItem = (interrupted = false, cutShort = false) => {
    if (!open) return;
    let item = open.done;
    if (item === undefined && open.item.type === "message") {
      const stopped = interrupted && open.pendingContent.some((state) => !state.skipped);
      if (hold) {
        const { refusal } = hold;
        open.content[refusal.contentIndex] = closeContentEarly(refusal);
        open.pendingContent = open.pendingContent.filter((state) => state !== refusal);
        releaseHold();
      }
      for (const state of open.pendingContent) {
        if (state.skipped) continue;
        open.content[state.contentIndex] = state.wireClosed ? contentOf(state) : closeContentEarly(state);
      }
      open.pendingContent = [];
      item = {
        type: "message",
        ...(open.doneFields ?? { id: open.item.id, status: "completed" }),
        role: open.item.role ?? "assistant",
        content: open.content,
      };
      // The id the added event announced, so every event names the item alike.
      item.id = open.item.id;
      // Cut short as the answer was, as the API says of the item it was writing (an item of this
      // format says its own status).
      if (stopped || (cutShort && open.doneFields === undefined)) item.status = "incomplete";
    } else if (item === undefined && !interrupted && open.part && open.item.type !== "web_search_call") {
      // Another item begins before this one's part ended (another format's calls overlap: a
      // chat-completions stream ends them all at its finish): it is done as far as this stream goes,
      // and if the upstream fails before the part ends, that is reported then.
      item = { ...open.item, status: "completed" };
      if (item.type === "function_call") item.arguments = open.part.text;
      closedEarly.add(open.part);
    } else if (item === undefined) {
      // A web search has no incomplete state (and a failed one needs its action): it stays in progress.
      item = { ...open.item, status: open.item.type === "web_search_call" ? "in_progress" : "incomplete" };
      if (item.type === "function_call" && open.part) item.arguments = open.part.text;
    }
    output.push(item);
    send("response.output_item.done", { output_index: open.outputIndex, item });
    open = undefined;
  };

  const openItem = (item: WireObject) => {
    closeItem();
    open = { item, outputIndex: nextOutputIndex++, content: [], contentCount: 0, pendingContent: [] };
    send("response.output_item.added", { output_index: open.outputIndex, item });
    return open;
  };

  /** A stand-in item for parts that have no place in the stream (never sent). */
  const detachedItem = (): OpenItem => ({
    item: {},
    outputIndex: -1,
    content: [],
    contentCount: 0,
    pendingContent: [],
  });

  const ids = (state: PartState) => ({ item_id: state.item.item.id, output_index: state.item.outputIndex });
  const contentIds = (state: PartState) => ({ ...ids(state), content_index: state.contentIndex });

  const newState = (kind: string, item: OpenItem, contentIndex = 0): PartState => ({
    kind,
    item,
    contentIndex,
    text: "",
    sawDelta: false,
    annotations: [],
    wireClosed: false,
    summaryIndex: -1,
    summaryText: "",
    skipped: false,
  });

  const startPart = (event: ChatEventOf<"part-start">) => {
    if (event.kind === "tool-call" || (event.kind === "hosted-tool-call" && event.name === "computer"))
      callsTools = true;
    const fields = event.extensions?.responses;
    const addedItem = fields?.addedItem as WireObject | undefined;
    if (event.kind === "refusal") refused = true;
    switch (event.kind) {
      case "text":
      case "refusal": {
        const item =
          addedItem || !open || open.item.type !== "message"
            ? openItem(
                addedItem ?? {
                  id: context.generateId("msg"),
                  type: "message",
                  status: "in_progress",
                  content: [],
                  role: "assistant",
                },
              )
            : open;
        for (const earlier of item.pendingContent) {
          if (earlier.skipped || earlier.wireClosed) continue;
          if (earlier.kind === "text") closeContentEarly(earlier);
          else hold ??= { refusal: earlier, queue: [] };
        }
        const state = newState(event.kind, item, item.contentCount);
        parts.set(event.index, state);
        item.pendingContent.push(state);
        if (fields?.emptyContent === true) {
          state.skipped = true;
          return;
        }
        item.contentCount++;
        const part =
          (fields?.addedPart as WireObject | undefined) ??
          (event.kind === "text"
            ? { type: "output_text", annotations: [], logprobs: [], text: "" }
            : { type: "refusal", refusal: "" });
        emitFor(state, () => send("response.content_part.added", { ...contentIds(state), part }));
        return;
      }
      case "tool-call": {
        const namespace = namespaceOfCall(event.name ?? "", context.request);
        const item = openItem(
          addedItem ?? {
            id: context.generateId("fc"),
            type: "function_call",
            status: "in_progress",
            arguments: "",
            call_id: event.id,
            ...(namespace === undefined
              ? { name: event.name }
              : { name: memberName(namespace, event.name ?? ""), namespace }),
          },
        );
        item.part = newState(event.kind, item);
        parts.set(event.index, item.part);
        return;
      }
      case "reasoning": {
        const item = openItem(addedItem ?? { id: context.generateId("rs"), type: "reasoning", summary: [] });
        item.part = newState(event.kind, item);
        parts.set(event.index, item.part);
        return;
      }
      case "hosted-tool-call": {
        const type = hostedItemTypes[event.name ?? ""];
        if (addedItem === undefined && type === undefined) {
          parts.set(event.index, { ...newState(event.kind, detachedItem()), skipped: true });
          return;
        }
        let item = addedItem;
        if (item === undefined) {
          item =
            type === "computer_call"
              ? {
                  type,
                  id: context.generateId("cu"),
                  call_id: event.id,
                  status: "in_progress",
                  pending_safety_checks: [],
                }
              : { type, id: event.id, status: "in_progress" };
          if (type === "file_search_call") item.queries = [];
        }
        const opened = openItem(item);
        const state = newState(event.kind, opened);
        opened.part = state;
        parts.set(event.index, state);
        if (fields?.progressCarried === true) state.progressCarried = true;
        else if (item.type === "web_search_call" || item.type === "file_search_call") {
          send(`response.${item.type}.in_progress`, ids(state));
          send(`response.${item.type}.searching`, ids(state));
        }
        return;
      }
      default:
        parts.set(event.index, { ...newState(event.kind, detachedItem()), skipped: true });
    }
  };

  /** The content item a text or refusal part has streamed so far. */
  const contentOf = (state: PartState): WireObject =>
    state.kind === "text"
      ? { type: "output_text", annotations: state.annotations, logprobs: [], text: state.text }
      : { type: "refusal", refusal: state.text };

  /**
   * Sends a content part's done events from what it streamed, when a later part of the same message
   * starts before this one's part-end (decoded streams end a message's parts together, with the
   * item), or when the stream fails while the part is open. Returns the content item.
   */
  const closeContentEarly = (state: PartState): WireObject => {
    const content = contentOf(state);
    state.wireClosed = true;
    emitFor(state, () => {
      if (state.kind === "text")
        send("response.output_text.done", { ...contentIds(state), text: state.text, logprobs: [] });
      else send("response.refusal.done", { ...contentIds(state), refusal: state.text });
      send("response.content_part.done", { ...contentIds(state), part: content });
    });
    return content;
  };

  const closeSummary = (state: PartState) => {
    if (state.summaryIndex < 0) return;
    const summary = { ...ids(state), summary_index: state.summaryIndex };
    send("response.reasoning_summary_text.done", { ...summary, text: state.summaryText });
    send("response.reasoning_summary_part.done", {
      ...summary,
      part: { type: "summary_text", text: state.summaryText },
    });
    state.summaryIndex = -1;
    state.summaryText = "";
  };

  const openSummary = (state: PartState, summaryIndex: number) => {
    closeSummary(state);
    state.summaryIndex = summaryIndex;
    send("response.reasoning_summary_part.added", {
      ...ids(state),
      summary_index: summaryIndex,
      part: { type: "summary_text", text: "" },
    });
  };

  /** The finished item of a non-message part, with the id its added event announced. */
  const finishedItem = (part: Part, state: PartState, index: number): WireObject | undefined => {
    const [item] = encodeResponsesParts([part], "assistant", "output", context, pointer("", "parts", index));
    if (item && state.item.item.id !== undefined) item.id = state.item.item.id;
    return item;
  };

  const finishContent = (state: PartState, content: WireObject, part: Part) => {
    state.item.content[state.contentIndex] = content;
    state.item.pendingContent = state.item.pendingContent.filter((pending) => pending !== state);
    state.item.doneFields ??= part.extensions?.responses?.item as WireObject | undefined;
  };

  const endPart = (event: ChatEventOf<"part-end">) => {
    const state = parts.get(event.index);
    if (state) closedEarly.delete(state);
    const part = event.part;
    const path = pointer("", "parts", event.index);
    if (!state || state.skipped) {
      if (
        part.type === "hosted-tool-result" &&
        part.tool === "file_search" &&
        open?.done?.type === "file_search_call" &&
        open.done.id === part.callId
      ) {
        open.done.results = part.output;
        return;
      }
      if (!(part.type === "text" && part.extensions?.responses?.emptyContent === true)) {
        if (state?.skipped !== true || part.type !== "text")
          context.lose("dropped", path, `a ${part.type} part has no place in a responses stream`);
      }
      if (part.type === "text" && open)
        open.doneFields ??= part.extensions?.responses?.item as WireObject | undefined;
      return;
    }
    switch (part.type) {
      case "text": {
        const content = encodeResponsesContent(part, "assistant", "output", context, path)!;
        if (!state.wireClosed) {
          state.wireClosed = true;
          emitFor(state, () => {
            if (!state.sawDelta && part.text !== "")
              send("response.output_text.delta", { ...contentIds(state), delta: part.text, logprobs: [] });
            send("response.output_text.done", {
              ...contentIds(state),
              text: part.text,
              logprobs: content.logprobs ?? [],
            });
            send("response.content_part.done", { ...contentIds(state), part: content });
          });
        }
        finishContent(state, content, part);
        return;
      }
      case "refusal": {
        const content = encodeResponsesContent(part, "assistant", "output", context, path)!;
        state.wireClosed = true;
        emitFor(state, () => {
          if (part.text !== "") send("response.refusal.delta", { ...contentIds(state), delta: part.text });
          send("response.refusal.done", { ...contentIds(state), refusal: part.text });
          send("response.content_part.done", { ...contentIds(state), part: content });
        });
        finishContent(state, content, part);
        if (hold?.refusal === state) releaseHold();
        return;
      }
      case "tool-call": {
        const item = finishedItem(part, state, event.index);
        if (!item) return;
        // Deltas that said nothing (a messages call without input streams one empty delta) are
        // followed by the arguments, so the deltas spell what the done events say.
        if (state.text === "" && item.arguments !== "")
          send("response.function_call_arguments.delta", { ...ids(state), delta: item.arguments });
        else if (state.sawDelta && item.arguments !== state.text) {
          // The done events repeat what the deltas said, which may be spelled differently from the
          // part's re-serialised arguments (`{"city": "Paris"}`): a loss only when they mean
          // something else.
          if (!sameJson(item.arguments as string, state.text))
            context.lose("approximated", pointer(path, "arguments"), "the argument text was re-serialised");
          item.arguments = state.text;
        }
        send("response.function_call_arguments.done", {
          ...ids(state),
          name: item.name,
          arguments: item.arguments,
        });
        state.item.done = item;
        return;
      }
      case "reasoning": {
        closeSummary(state);
        if (!state.sawDelta) {
          part.summary?.forEach((text, summaryIndex) => {
            openSummary(state, summaryIndex);
            if (text !== "")
              send("response.reasoning_summary_text.delta", {
                ...ids(state),
                summary_index: summaryIndex,
                delta: text,
              });
            state.summaryText = text;
            closeSummary(state);
          });
        }
        if (part.text !== undefined) {
          if (!state.text && part.text)
            send("response.reasoning_text.delta", { ...ids(state), content_index: 0, delta: part.text });
          send("response.reasoning_text.done", { ...ids(state), content_index: 0, text: part.text });
        }
        state.item.done = finishedItem(part, state, event.index);
        return;
      }
      case "hosted-tool-call": {
        const item = finishedItem(part, state, event.index);
        if (!state.progressCarried && (item?.type === "web_search_call" || item?.type === "file_search_call"))
          send(`response.${item.type}.completed`, ids(state));
        state.item.done = item;
        return;
      }
      case "media":
      case "tool-result":
      case "code":
      case "code-result":
      case "hosted-tool-result":
        context.lose("dropped", path, `a ${part.type} part has no place in a responses stream`);
        return;
      default: {
        const unknown: never = part;
        throw new TypeError(`Unknown part ${JSON.stringify(unknown)}`);
      }
    }
  };

  const delta = (
    event: ChatEventOf<"text-delta" | "tool-arguments-delta" | "reasoning-delta" | "citation-delta">,
  ) => {
    const state = parts.get(event.index);
    if (!state || state.skipped) return;
    switch (event.type) {
      case "text-delta":
        if (state.kind !== "text") return;
        state.sawDelta = true;
        state.text += event.text;
        // The deltas are most of a stream's events: each is built as one literal.
        enqueueFor(state, {
          type: "response.output_text.delta",
          sequence_number: 0,
          item_id: state.item.item.id,
          output_index: state.item.outputIndex,
          content_index: state.contentIndex,
          delta: event.text,
          logprobs: [],
        });
        return;
      case "citation-delta": {
        const annotation = encodeResponsesAnnotation(
          event.citation,
          context,
          pointer("", "parts", event.index, "citations"),
        );
        if (annotation) {
          const annotationIndex = state.annotations.length;
          emitFor(state, () =>
            send("response.output_text.annotation.added", {
              ...contentIds(state),
              annotation_index: annotationIndex,
              annotation,
            }),
          );
          state.annotations.push(annotation);
        }
        return;
      }
      case "tool-arguments-delta":
        if (state.kind !== "tool-call") return;
        state.sawDelta = true;
        state.text += event.text;
        enqueue({
          type: "response.function_call_arguments.delta",
          sequence_number: sequence++,
          item_id: state.item.item.id,
          output_index: state.item.outputIndex,
          delta: event.text,
        });
        return;
      case "reasoning-delta":
        state.sawDelta = true;
        if (event.summaryIndex === undefined) {
          state.text += event.text;
          send("response.reasoning_text.delta", { ...ids(state), content_index: 0, delta: event.text });
          return;
        }
        if (event.summaryIndex !== state.summaryIndex) openSummary(state, event.summaryIndex);
        state.summaryText += event.text;
        enqueue({
          type: "response.reasoning_summary_text.delta",
          sequence_number: sequence++,
          item_id: state.item.item.id,
          output_index: state.item.outputIndex,
          summary_index: event.summaryIndex,
          delta: event.text,
        });
        return;
      default: {
        const unknown: never = event;
        throw new TypeError(`Unknown delta ${JSON.stringify(unknown)}`);
      }
    }
  };

  const finalResponse = (fields: WireObject | undefined, extra: WireObject): WireObject => {
    const { statusRaw, usage: _usageMark, ...rest } = fields ?? {};
    const response: WireObject = { ...responseBase(), ...rest, ...extra, output };
    if (statusRaw !== undefined) response.status = statusRaw;
    return response;
  };

  /** A hosted call's progress event as it came, in this stream's numbering and naming; another format's is lost. */
  const progress = (event: ChatEventOf<"tool-progress">) => {
    const fields = event.extensions.responses;
    const state = parts.get(event.index);
    if (!fields || typeof fields.type !== "string" || !state || state.skipped) {
      loseToolProgress(event);
      return;
    }
    const { type, ...rest } = fields;
    const placed = ids(state);
    if ("item_id" in rest) rest.item_id = placed.item_id;
    if ("output_index" in rest) rest.output_index = placed.output_index;
    send(type, rest);
  };

  const endResponse = (event: ChatEventOf<"response-end">) => {
    const fields = event.extensions?.responses;
    const finalUsage = event.usage ? { ...usage, ...event.usage } : usage;
    const { status, incompleteDetails } = encodeResponsesStatus({
      status: event.status ?? "completed",
      finishReason: event.finishReason,
    });
    closeItem(false, status === "incomplete");
    const hasUsage = Object.keys(finalUsage).some((key) => key !== "extensions");
    const response = finalResponse(fields, {
      status,
      error: null,
      incomplete_details: incompleteDetails,
      usage: hasUsage || fields?.usage !== null ? encodeResponsesUsage(finalUsage) : null,
    });
    // Losses first: in strict mode the stream then fails instead of completing.
    loseUnsayableFinishReason(event.finishReason, event.status, callsTools, context);
    // As for a whole answer: a refusal is said by refusal content, and a matched stop sequence not at all.
    if (event.finishReason.reason === "refusal" && status === "completed" && !refused)
      context.lose("approximated", "/finishReason", "a refusal without refusal content is sent as completed");
    if (event.stopSequence !== undefined)
      context.lose(
        "dropped",
        "/stopSequence",
        "the responses format does not report a matched stop sequence",
      );
    for (const index of (event.candidates ?? []).keys())
      context.lose("unsupported", `/candidates/${index}`, "the responses format streams one candidate");
    ended = true;
    send(status === "incomplete" ? "response.incomplete" : "response.completed", { response });
  };

  /** `upstream`: the upstream's error, whose kind and status are lost where the events cannot say them. */
  const failResponse = (error: ErrorData, upstream = false) => {
    ended = true;
    closeItem(true);
    // Nested as live traffic sends it, or flat where the upstream's own event was.
    const said = encodeResponsesErrorEvent(error, isResponsesContextOverflow(error));
    send("error", said.event);
    const failed = encodeResponsesErrorObject(error);
    if (upstream) {
      for (const [index, state] of parts)
        if (closedEarly.has(state))
          context.lose(
            "approximated",
            pointer("/parts", index),
            "the item was sent as completed when the next one began, and the stream failed before it ended",
          );
      // The client reads the kind from the event's code (or nested type), else the failed response's.
      const known = said.code === undefined || Object.hasOwn(responsesErrorKindByCode, said.code);
      const readBack = responsesErrorKindForCode(known ? said.code : (failed.code as string));
      reportUnsayableErrorKind(error, readBack, "responses", context);
    }
    const response = finalResponse(undefined, {
      status: "failed",
      error: failed,
      incomplete_details: null,
      usage: null,
    });
    send("response.failed", { response });
  };

  return {
    start(controller) {
      // The padding a caller asked for, on each delta event.
      enqueue = asksObfuscation(context)
        ? (event) => controller.enqueue(withObfuscation(event))
        : (event) => controller.enqueue(event);
    },
    transform(event) {
      if (ended) return;
      switch (event.type) {
        case "response-start": {
          loseForeignFields(event);
          const fields = event.extensions?.responses;
          base = {
            id: event.id,
            object: "response",
            created_at: event.created ?? Math.floor(context.now() / 1000),
            ...(fields ?? responsesEchoedSettings(context.request)),
            model: event.model,
          };
          if (event.usage) usage = event.usage;
          const response = {
            ...base,
            status: "in_progress",
            error: null,
            incomplete_details: null,
            output: [],
            usage: null,
          };
          send("response.created", { response });
          send("response.in_progress", { response });
          return;
        }
        case "part-start":
          loseForeignFields(event);
          startPart(event);
          return;
        case "citation-delta":
          loseForeignFields(event);
          delta(event);
          return;
        case "text-delta":
        case "tool-arguments-delta":
        case "reasoning-delta":
          delta(event);
          return;
        case "part-end":
          endPart(event);
          return;
        case "usage":
          loseForeignFields(event);
          usage = { ...usage, ...event.usage };
          return;
        case "response-end":
          loseForeignFields(event);
          endResponse(event);
          return;
        case "error":
          loseForeignFields(event);
          failResponse(event.error, true);
          return;
        case "tool-progress":
          progress(event);
          return;
        case "signature-delta":
        case "keepalive":
          return;
        default: {
          const unknown: never = event;
          throw new TypeError(`Unknown chat event ${JSON.stringify(unknown)}`);
        }
      }
    },
    // The same `error` and `response.failed` as a failed upstream's, numbered on, for the response begun.
    fail(error, controller) {
      if (ended) return;
      enqueue = (event) => controller.enqueue(event);
      failResponse(error);
    },
  };
}

/** The SSE `event:` name of a responses stream event: its `type`. */
export function responsesSseEventName(event: ResponsesStreamEvent): string {
  return event.type;
}

/**
 * Whether `streamed` argument text holds the value that `serialised` (its re-serialisation, keys in
 * the same order) spells compactly.
 */
function sameJson(serialised: string, streamed: string): boolean {
  try {
    return JSON.stringify(JSON.parse(streamed)) === serialised;
  } catch {
    return false;
  }
}
