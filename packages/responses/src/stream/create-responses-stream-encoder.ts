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

/** A stand-in item for parts that have no place in the stream (never sent). */
function detachedItem(): OpenItem {
  return {
    item: {},
    outputIndex: -1,
    content: [],
    contentCount: 0,
    pendingContent: [],
  };
}

function ids(state: PartState) {
  return { item_id: state.item.item.id, output_index: state.item.outputIndex };
}

function contentIds(state: PartState) {
  return { ...ids(state), content_index: state.contentIndex };
}

function newState(kind: string, item: OpenItem, contentIndex = 0): PartState {
  return {
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
  };
}

/** The content item a text or refusal part has streamed so far. */
function contentOf(state: PartState): WireObject {
  return state.kind === "text"
    ? { type: "output_text", annotations: state.annotations, logprobs: [], text: state.text }
    : { type: "refusal", refusal: state.text };
}

/** The state of one responses stream being encoded (see {@link createResponsesStreamEncoderTransformer}), in fields: one object per open stream, not a closure per step. */
class ResponsesStreamEncoder implements StreamEncoderTransformer<ResponsesStreamEvent> {
  private sequence = 0;
  /** Whether the terminal event has gone out: nothing is sent after it. */
  private ended = false;
  private base: WireObject | undefined;
  private usage: Usage = {};
  private open: OpenItem | undefined;
  private nextOutputIndex = 0;
  /** Whether a tool call opened, which is how a completed response says it stopped for tools. */
  private callsTools = false;
  /** Whether a refusal part was streamed: a refusal stop without one reads as a plain stop. */
  private refused = false;
  private readonly output: WireObject[] = [];
  private readonly parts = new Map<number, PartState>();
  /** Parts whose item was closed as completed when the next item began, before the part ended. */
  private readonly closedEarly = new Set<PartState>();
  /**
   * A refusal part whose text is not known yet (canonical refusals have no deltas) while a later
   * content part of its message has started: that part's events wait in `queue` until the refusal
   * ends, so every event keeps the order of the content parts.
   */
  private hold: { refusal: PartState; queue: { state: PartState; emit: () => void }[] } | undefined;
  private enqueue: (event: ResponsesStreamEvent) => void = () => {};
  private readonly loseToolProgress: ReturnType<typeof createToolProgressLoss>;
  private readonly loseForeignFields: ReturnType<typeof createForeignStreamFieldsLoss>;

  constructor(private readonly context: ConversionContext) {
    this.loseToolProgress = createToolProgressLoss(context, "responses");
    this.loseForeignFields = createForeignStreamFieldsLoss(context, "responses");
  }

  private send(type: string, fields: WireObject) {
    this.enqueue({ type, sequence_number: this.sequence++, ...fields } as ResponsesStreamEvent);
  }

  /** Runs `emit` for a content part now, or after the held refusal ends when it waits for it. */
  private emitFor(state: PartState, emit: () => void) {
    if (this.hold && this.hold.refusal !== state) this.hold.queue.push({ state, emit });
    else emit();
  }

  /** Sends a content part's event, numbered when it goes out (after the held refusal, if it waits). */
  private enqueueFor(state: PartState, event: ResponsesStreamEvent) {
    if (this.hold && this.hold.refusal !== state) {
      this.hold.queue.push({ state, emit: () => this.enqueueFor(state, event) });
      return;
    }
    event.sequence_number = this.sequence++;
    this.enqueue(event);
  }

  /**
   * Ends the hold: the events that waited for the refusal go out, in order, until one of them
   * belongs to another refusal still open, which then holds the rest.
   */
  private releaseHold() {
    const queue = this.hold?.queue ?? [];
    this.hold = undefined;
    queue.forEach((entry, position) => {
      if (this.hold) {
        if (this.hold.refusal === entry.state) entry.emit();
        else this.hold.queue.push(entry);
        return;
      }
      entry.emit();
      const { state } = entry;
      const waiting = queue.slice(position + 1).some((later) => later.state !== state);
      if (state.kind === "refusal" && !state.wireClosed && waiting) this.hold = { refusal: state, queue: [] };
    });
  }

  private responseBase(): WireObject {
    if (this.base) return this.base;
    this.base = {
      id: this.context.generateId("resp"),
      object: "response",
      created_at: Math.floor(this.context.now() / 1000),
      ...responsesEchoedSettings(this.context.request),
      model: this.context.request?.model ?? "",
    };
    return this.base;
  }

  /**
   * Ends the open item. A message is built from its content parts; a call whose part never ended
   * (the stream failed, or its canonical form had no item here) ends as it stood, incomplete.
   */
  private closeItem(interrupted = false, cutShort = false) {
    if (!this.open) return;
    let item = this.open.done;
    if (item === undefined && this.open.item.type === "message") {
      const stopped = interrupted && this.open.pendingContent.some((state) => !state.skipped);
      if (this.hold) {
        const { refusal } = this.hold;
        this.open.content[refusal.contentIndex] = this.closeContentEarly(refusal);
        this.open.pendingContent = this.open.pendingContent.filter((state) => state !== refusal);
        this.releaseHold();
      }
      for (const state of this.open.pendingContent) {
        if (state.skipped) continue;
        this.open.content[state.contentIndex] = state.wireClosed
          ? contentOf(state)
          : this.closeContentEarly(state);
      }
      this.open.pendingContent = [];
      item = {
        type: "message",
        ...(this.open.doneFields ?? { id: this.open.item.id, status: "completed" }),
        role: this.open.item.role ?? "assistant",
        content: this.open.content,
      };
      // The id the added event announced, so every event names the item alike.
      item.id = this.open.item.id;
      // Cut short as the answer was, as the API says of the item it was writing (an item of this
      // format says its own status).
      if (stopped || (cutShort && this.open.doneFields === undefined)) item.status = "incomplete";
    } else if (
      item === undefined &&
      !interrupted &&
      this.open.part &&
      this.open.item.type !== "web_search_call"
    ) {
      // Another item begins before this one's part ended (another format's calls overlap: a
      // chat-completions stream ends them all at its finish): it is done as far as this stream goes,
      // and if the upstream fails before the part ends, that is reported then.
      item = { ...this.open.item, status: "completed" };
      if (item.type === "function_call") item.arguments = this.open.part.text;
      this.closedEarly.add(this.open.part);
    } else if (item === undefined) {
      // A web search has no incomplete state (and a failed one needs its action): it stays in progress.
      item = {
        ...this.open.item,
        status: this.open.item.type === "web_search_call" ? "in_progress" : "incomplete",
      };
      if (item.type === "function_call" && this.open.part) item.arguments = this.open.part.text;
    }
    this.output.push(item);
    this.send("response.output_item.done", { output_index: this.open.outputIndex, item });
    this.open = undefined;
  }

  private openItem(item: WireObject) {
    this.closeItem();
    this.open = {
      item,
      outputIndex: this.nextOutputIndex++,
      content: [],
      contentCount: 0,
      pendingContent: [],
    };
    this.send("response.output_item.added", { output_index: this.open.outputIndex, item });
    return this.open;
  }

  private startPart(event: ChatEventOf<"part-start">) {
    if (event.kind === "tool-call" || (event.kind === "hosted-tool-call" && event.name === "computer"))
      this.callsTools = true;
    const fields = event.extensions?.responses;
    const addedItem = fields?.addedItem as WireObject | undefined;
    if (event.kind === "refusal") this.refused = true;
    switch (event.kind) {
      case "text":
      case "refusal": {
        const item =
          addedItem || !this.open || this.open.item.type !== "message"
            ? this.openItem(
                addedItem ?? {
                  id: this.context.generateId("msg"),
                  type: "message",
                  status: "in_progress",
                  content: [],
                  role: "assistant",
                },
              )
            : this.open;
        for (const earlier of item.pendingContent) {
          if (earlier.skipped || earlier.wireClosed) continue;
          if (earlier.kind === "text") this.closeContentEarly(earlier);
          else this.hold ??= { refusal: earlier, queue: [] };
        }
        const state = newState(event.kind, item, item.contentCount);
        this.parts.set(event.index, state);
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
        this.emitFor(state, () => this.send("response.content_part.added", { ...contentIds(state), part }));
        return;
      }
      case "tool-call": {
        const namespace = namespaceOfCall(event.name ?? "", this.context.request);
        const item = this.openItem(
          addedItem ?? {
            id: this.context.generateId("fc"),
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
        this.parts.set(event.index, item.part);
        return;
      }
      case "reasoning": {
        const item = this.openItem(
          addedItem ?? { id: this.context.generateId("rs"), type: "reasoning", summary: [] },
        );
        item.part = newState(event.kind, item);
        this.parts.set(event.index, item.part);
        return;
      }
      case "hosted-tool-call": {
        const type = hostedItemTypes[event.name ?? ""];
        if (addedItem === undefined && type === undefined) {
          this.parts.set(event.index, { ...newState(event.kind, detachedItem()), skipped: true });
          return;
        }
        let item = addedItem;
        if (item === undefined) {
          item =
            type === "computer_call"
              ? {
                  type,
                  id: this.context.generateId("cu"),
                  call_id: event.id,
                  status: "in_progress",
                  pending_safety_checks: [],
                }
              : { type, id: event.id, status: "in_progress" };
          if (type === "file_search_call") item.queries = [];
        }
        const opened = this.openItem(item);
        const state = newState(event.kind, opened);
        opened.part = state;
        this.parts.set(event.index, state);
        if (fields?.progressCarried === true) state.progressCarried = true;
        else if (item.type === "web_search_call" || item.type === "file_search_call") {
          this.send(`response.${item.type}.in_progress`, ids(state));
          this.send(`response.${item.type}.searching`, ids(state));
        }
        return;
      }
      default:
        this.parts.set(event.index, { ...newState(event.kind, detachedItem()), skipped: true });
    }
  }

  /**
   * Sends a content part's done events from what it streamed, when a later part of the same message
   * starts before this one's part-end (decoded streams end a message's parts together, with the
   * item), or when the stream fails while the part is open. Returns the content item.
   */
  private closeContentEarly(state: PartState): WireObject {
    const content = contentOf(state);
    state.wireClosed = true;
    this.emitFor(state, () => {
      if (state.kind === "text")
        this.send("response.output_text.done", { ...contentIds(state), text: state.text, logprobs: [] });
      else this.send("response.refusal.done", { ...contentIds(state), refusal: state.text });
      this.send("response.content_part.done", { ...contentIds(state), part: content });
    });
    return content;
  }

  private closeSummary(state: PartState) {
    if (state.summaryIndex < 0) return;
    const summary = { ...ids(state), summary_index: state.summaryIndex };
    this.send("response.reasoning_summary_text.done", { ...summary, text: state.summaryText });
    this.send("response.reasoning_summary_part.done", {
      ...summary,
      part: { type: "summary_text", text: state.summaryText },
    });
    state.summaryIndex = -1;
    state.summaryText = "";
  }

  private openSummary(state: PartState, summaryIndex: number) {
    this.closeSummary(state);
    state.summaryIndex = summaryIndex;
    this.send("response.reasoning_summary_part.added", {
      ...ids(state),
      summary_index: summaryIndex,
      part: { type: "summary_text", text: "" },
    });
  }

  /** The finished item of a non-message part, with the id its added event announced. */
  private finishedItem(part: Part, state: PartState, index: number): WireObject | undefined {
    const [item] = encodeResponsesParts(
      [part],
      "assistant",
      "output",
      this.context,
      pointer("", "parts", index),
    );
    if (item && state.item.item.id !== undefined) item.id = state.item.item.id;
    return item;
  }

  private finishContent(state: PartState, content: WireObject, part: Part) {
    state.item.content[state.contentIndex] = content;
    state.item.pendingContent = state.item.pendingContent.filter((pending) => pending !== state);
    state.item.doneFields ??= part.extensions?.responses?.item as WireObject | undefined;
  }

  private endPart(event: ChatEventOf<"part-end">) {
    const state = this.parts.get(event.index);
    if (state) this.closedEarly.delete(state);
    const part = event.part;
    const path = pointer("", "parts", event.index);
    if (!state || state.skipped) {
      if (
        part.type === "hosted-tool-result" &&
        part.tool === "file_search" &&
        this.open?.done?.type === "file_search_call" &&
        this.open.done.id === part.callId
      ) {
        this.open.done.results = part.output;
        return;
      }
      if (!(part.type === "text" && part.extensions?.responses?.emptyContent === true)) {
        if (state?.skipped !== true || part.type !== "text")
          this.context.lose("dropped", path, `a ${part.type} part has no place in a responses stream`);
      }
      if (part.type === "text" && this.open)
        this.open.doneFields ??= part.extensions?.responses?.item as WireObject | undefined;
      return;
    }
    switch (part.type) {
      case "text": {
        const content = encodeResponsesContent(part, "assistant", "output", this.context, path)!;
        if (!state.wireClosed) {
          state.wireClosed = true;
          this.emitFor(state, () => {
            if (!state.sawDelta && part.text !== "")
              this.send("response.output_text.delta", {
                ...contentIds(state),
                delta: part.text,
                logprobs: [],
              });
            this.send("response.output_text.done", {
              ...contentIds(state),
              text: part.text,
              logprobs: content.logprobs ?? [],
            });
            this.send("response.content_part.done", { ...contentIds(state), part: content });
          });
        }
        this.finishContent(state, content, part);
        return;
      }
      case "refusal": {
        const content = encodeResponsesContent(part, "assistant", "output", this.context, path)!;
        state.wireClosed = true;
        this.emitFor(state, () => {
          if (part.text !== "")
            this.send("response.refusal.delta", { ...contentIds(state), delta: part.text });
          this.send("response.refusal.done", { ...contentIds(state), refusal: part.text });
          this.send("response.content_part.done", { ...contentIds(state), part: content });
        });
        this.finishContent(state, content, part);
        if (this.hold?.refusal === state) this.releaseHold();
        return;
      }
      case "tool-call": {
        const item = this.finishedItem(part, state, event.index);
        if (!item) return;
        // Deltas that said nothing (a messages call without input streams one empty delta) are
        // followed by the arguments, so the deltas spell what the done events say.
        if (state.text === "" && item.arguments !== "")
          this.send("response.function_call_arguments.delta", { ...ids(state), delta: item.arguments });
        else if (state.sawDelta && item.arguments !== state.text) {
          // The done events repeat what the deltas said, which may be spelled differently from the
          // part's re-serialised arguments (`{"city": "Paris"}`): a loss only when they mean
          // something else.
          if (!sameJson(item.arguments as string, state.text))
            this.context.lose(
              "approximated",
              pointer(path, "arguments"),
              "the argument text was re-serialised",
            );
          item.arguments = state.text;
        }
        this.send("response.function_call_arguments.done", {
          ...ids(state),
          name: item.name,
          arguments: item.arguments,
        });
        state.item.done = item;
        return;
      }
      case "reasoning": {
        this.closeSummary(state);
        if (!state.sawDelta) {
          part.summary?.forEach((text, summaryIndex) => {
            this.openSummary(state, summaryIndex);
            if (text !== "")
              this.send("response.reasoning_summary_text.delta", {
                ...ids(state),
                summary_index: summaryIndex,
                delta: text,
              });
            state.summaryText = text;
            this.closeSummary(state);
          });
        }
        if (part.text !== undefined) {
          if (!state.text && part.text)
            this.send("response.reasoning_text.delta", { ...ids(state), content_index: 0, delta: part.text });
          this.send("response.reasoning_text.done", { ...ids(state), content_index: 0, text: part.text });
        }
        state.item.done = this.finishedItem(part, state, event.index);
        return;
      }
      case "hosted-tool-call": {
        const item = this.finishedItem(part, state, event.index);
        if (!state.progressCarried && (item?.type === "web_search_call" || item?.type === "file_search_call"))
          this.send(`response.${item.type}.completed`, ids(state));
        state.item.done = item;
        return;
      }
      case "media":
      case "tool-result":
      case "code":
      case "code-result":
      case "hosted-tool-result":
        this.context.lose("dropped", path, `a ${part.type} part has no place in a responses stream`);
        return;
      default: {
        const unknown: never = part;
        throw new TypeError(`Unknown part ${JSON.stringify(unknown)}`);
      }
    }
  }

  private delta(
    event: ChatEventOf<"text-delta" | "tool-arguments-delta" | "reasoning-delta" | "citation-delta">,
  ) {
    const state = this.parts.get(event.index);
    if (!state || state.skipped) return;
    switch (event.type) {
      case "text-delta":
        if (state.kind !== "text") return;
        state.sawDelta = true;
        state.text += event.text;
        // The deltas are most of a stream's events: each is built as one literal.
        this.enqueueFor(state, {
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
          this.context,
          pointer("", "parts", event.index, "citations"),
        );
        if (annotation) {
          const annotationIndex = state.annotations.length;
          this.emitFor(state, () =>
            this.send("response.output_text.annotation.added", {
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
        this.enqueue({
          type: "response.function_call_arguments.delta",
          sequence_number: this.sequence++,
          item_id: state.item.item.id,
          output_index: state.item.outputIndex,
          delta: event.text,
        });
        return;
      case "reasoning-delta":
        state.sawDelta = true;
        if (event.summaryIndex === undefined) {
          state.text += event.text;
          this.send("response.reasoning_text.delta", { ...ids(state), content_index: 0, delta: event.text });
          return;
        }
        if (event.summaryIndex !== state.summaryIndex) this.openSummary(state, event.summaryIndex);
        state.summaryText += event.text;
        this.enqueue({
          type: "response.reasoning_summary_text.delta",
          sequence_number: this.sequence++,
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
  }

  private finalResponse(fields: WireObject | undefined, extra: WireObject): WireObject {
    const { statusRaw, usage: _usageMark, ...rest } = fields ?? {};
    const response: WireObject = { ...this.responseBase(), ...rest, ...extra, output: this.output };
    if (statusRaw !== undefined) response.status = statusRaw;
    return response;
  }

  /** A hosted call's progress event as it came, in this stream's numbering and naming; another format's is lost. */
  private progress(event: ChatEventOf<"tool-progress">) {
    const fields = event.extensions.responses;
    const state = this.parts.get(event.index);
    if (!fields || typeof fields.type !== "string" || !state || state.skipped) {
      this.loseToolProgress(event);
      return;
    }
    const { type, ...rest } = fields;
    const placed = ids(state);
    if ("item_id" in rest) rest.item_id = placed.item_id;
    if ("output_index" in rest) rest.output_index = placed.output_index;
    this.send(type, rest);
  }

  private endResponse(event: ChatEventOf<"response-end">) {
    const fields = event.extensions?.responses;
    const finalUsage = event.usage ? { ...this.usage, ...event.usage } : this.usage;
    const { status, incompleteDetails } = encodeResponsesStatus({
      status: event.status ?? "completed",
      finishReason: event.finishReason,
    });
    this.closeItem(false, status === "incomplete");
    const hasUsage = Object.keys(finalUsage).some((key) => key !== "extensions");
    const response = this.finalResponse(fields, {
      status,
      error: null,
      incomplete_details: incompleteDetails,
      usage: hasUsage || fields?.usage !== null ? encodeResponsesUsage(finalUsage) : null,
    });
    // Losses first: in strict mode the stream then fails instead of completing.
    loseUnsayableFinishReason(event.finishReason, event.status, this.callsTools, this.context);
    // As for a whole answer: a refusal is said by refusal content, and a matched stop sequence not at all.
    if (event.finishReason.reason === "refusal" && status === "completed" && !this.refused)
      this.context.lose(
        "approximated",
        "/finishReason",
        "a refusal without refusal content is sent as completed",
      );
    if (event.stopSequence !== undefined)
      this.context.lose(
        "dropped",
        "/stopSequence",
        "the responses format does not report a matched stop sequence",
      );
    for (const index of (event.candidates ?? []).keys())
      this.context.lose("unsupported", `/candidates/${index}`, "the responses format streams one candidate");
    this.ended = true;
    this.send(status === "incomplete" ? "response.incomplete" : "response.completed", { response });
  }

  /** `upstream`: the upstream's error, whose kind and status are lost where the events cannot say them. */
  private failResponse(error: ErrorData, upstream = false) {
    this.ended = true;
    this.closeItem(true);
    // Nested as live traffic sends it, or flat where the upstream's own event was.
    const said = encodeResponsesErrorEvent(error, isResponsesContextOverflow(error));
    this.send("error", said.event);
    const failed = encodeResponsesErrorObject(error);
    if (upstream) {
      for (const [index, state] of this.parts)
        if (this.closedEarly.has(state))
          this.context.lose(
            "approximated",
            pointer("/parts", index),
            "the item was sent as completed when the next one began, and the stream failed before it ended",
          );
      // The client reads the kind from the event's code (or nested type), else the failed response's.
      const known = said.code === undefined || Object.hasOwn(responsesErrorKindByCode, said.code);
      const readBack = responsesErrorKindForCode(known ? said.code : (failed.code as string));
      reportUnsayableErrorKind(error, readBack, "responses", this.context);
    }
    const response = this.finalResponse(undefined, {
      status: "failed",
      error: failed,
      incomplete_details: null,
      usage: null,
    });
    this.send("response.failed", { response });
  }

  start(controller: TransformStreamDefaultController<ResponsesStreamEvent>): void {
    // The padding a caller asked for, on each delta event.
    this.enqueue = asksObfuscation(this.context)
      ? (event) => controller.enqueue(withObfuscation(event))
      : (event) => controller.enqueue(event);
  }

  transform(event: ChatEvent): void {
    if (this.ended) return;
    switch (event.type) {
      case "response-start": {
        this.loseForeignFields(event);
        const fields = event.extensions?.responses;
        this.base = {
          id: event.id,
          object: "response",
          created_at: event.created ?? Math.floor(this.context.now() / 1000),
          ...(fields ?? responsesEchoedSettings(this.context.request)),
          model: event.model,
        };
        if (event.usage) this.usage = event.usage;
        const response = {
          ...this.base,
          status: "in_progress",
          error: null,
          incomplete_details: null,
          output: [],
          usage: null,
        };
        this.send("response.created", { response });
        this.send("response.in_progress", { response });
        return;
      }
      case "part-start":
        this.loseForeignFields(event);
        this.startPart(event);
        return;
      case "citation-delta":
        this.loseForeignFields(event);
        this.delta(event);
        return;
      case "text-delta":
      case "tool-arguments-delta":
      case "reasoning-delta":
        this.delta(event);
        return;
      case "part-end":
        this.endPart(event);
        return;
      case "usage":
        this.loseForeignFields(event);
        this.usage = { ...this.usage, ...event.usage };
        return;
      case "response-end":
        this.loseForeignFields(event);
        this.endResponse(event);
        return;
      case "error":
        this.loseForeignFields(event);
        this.failResponse(event.error, true);
        return;
      case "tool-progress":
        this.progress(event);
        return;
      case "signature-delta":
      case "keepalive":
        return;
      default: {
        const unknown: never = event;
        throw new TypeError(`Unknown chat event ${JSON.stringify(unknown)}`);
      }
    }
  }

  // The same `error` and `response.failed` as a failed upstream's, numbered on, for the response begun.
  fail(error: ErrorData, controller: TransformStreamDefaultController<ResponsesStreamEvent>): void {
    if (this.ended) return;
    this.enqueue = (event) => controller.enqueue(event);
    this.failResponse(error);
  }
}

/**
 * The transformer behind {@link createResponsesStreamEncoder}, synchronous, so a front can fuse it
 * with the stages around it (`chainTransformers`, `transformReadable`).
 */
export function createResponsesStreamEncoderTransformer(
  context: ConversionContext,
): StreamEncoderTransformer<ResponsesStreamEvent> {
  return new ResponsesStreamEncoder(context);
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
