import {
  type ChatEvent,
  type ConversionContext,
  createCallIdChangeLoss,
  createConversionContext,
  createForeignStreamFieldsLoss,
  createToolProgressLoss,
  type ErrorData,
  mergeUsage,
  type Part,
  pointer,
  reportUnsayableErrorFields,
  reportUnsayableErrorKind,
  reportUnsplitUsage,
  type StreamEncoderTransformer,
  type Usage,
} from "@interlingua/core";
import { interactionsFormat, type WireObject } from "../interactions-extensions";
import { encodeInteractionsParts } from "../request/encode-interactions-steps";
import { encodeInteractionsContent } from "../request/interactions-content";
import { decodeInteractionsErrorEntry } from "../response/decode-interactions-response";
import { interactionsErrorCode } from "../response/interactions-error-code";
import { encodeInteractionsStatus, reportInteractionsStatusLoss } from "../response/interactions-status";
import { encodeInteractionsCreated } from "../response/interactions-time";
import { encodeInteractionsUsage, interactionsUsageAccounting } from "../response/interactions-usage";
import type { InteractionsStreamEvent } from "../wire/interactions-response-schema";

/** What the encoder knows of one open canonical part. */
interface PartState {
  kind: string;
  /** The step index it streams as, once its `step.start` is sent. */
  step?: number;
  text: string;
  sawArguments: boolean;
  sawSummary: boolean;
  summaryIndex: number;
  /** Whether thinking text (not a summary) was sent as a summary, which is reported once. */
  sentThinkingText?: boolean;
}

/**
 * Canonical events as the interactions stream, every event with an `event_id` (its position, from
 * 1) a client can resume after: the start as `interaction.created`, text and media parts as
 * `model_output` steps, reasoning as `thought` steps (summary deltas, then its signature when it is
 * this format's), function calls as `function_call` steps with argument deltas, every other part as
 * a whole step at its end, usage as `interaction.status_update`, the end as `interaction.completed`
 * with its status, and a failure as `error`. A hosted tool's live progress has no event here: it is
 * dropped, reported once per call. `fail` ends a begun stream with the `error` event, its event id
 * going on.
 */
export function createInteractionsStreamEncoderTransformer(
  context: ConversionContext,
): StreamEncoderTransformer<InteractionsStreamEvent> {
  const loseToolProgress = createToolProgressLoss(context, interactionsFormat);
  const loseForeignFields = createForeignStreamFieldsLoss(context, interactionsFormat);
  const loseCallIdChange = createCallIdChangeLoss(context, interactionsFormat);
  const parts = new Map<number, PartState>();
  let nextStep = 0;
  /**
   * A model output step whose parts ended, left open, and the kind of its last part: a text or media
   * part after them goes in it (as the whole answer's consecutive content parts share a step) unless
   * marked `newStep`, or text after text (a client joins a step's text deltas into one text).
   */
  let openContentStep: { index: number; last: string } | undefined;
  let nextEventId = 0;
  let id = "";
  let model = "";
  let calledFunction = false;
  let usage: Usage | undefined;
  let ended = false;

  type Controller = TransformStreamDefaultController<InteractionsStreamEvent>;
  const send = (controller: Controller, event: WireObject) =>
    controller.enqueue({ ...event, event_id: String(++nextEventId) } as InteractionsStreamEvent);
  const stopContentStep = (controller: Controller) => {
    if (openContentStep === undefined) return;
    send(controller, { event_type: "step.stop", index: openContentStep.index });
    openContentStep = undefined;
  };
  const startStep = (controller: Controller, state: PartState, step: WireObject) => {
    stopContentStep(controller);
    state.step = nextStep++;
    send(controller, { event_type: "step.start", index: state.step, step });
  };
  const sendError = (controller: Controller, data: ErrorData, errorContext: ConversionContext) => {
    stopContentStep(controller);
    ended = true;
    const error: WireObject = { message: data.message };
    error.code = interactionsErrorCode(data, "/error", errorContext);
    // The client reads the kind from the code alone, and no param (the code's loss is reported above).
    reportUnsayableErrorKind(
      data,
      decodeInteractionsErrorEntry(error).kind,
      interactionsFormat,
      errorContext,
    );
    const { code: _code, ...uncoded } = data;
    reportUnsayableErrorFields(uncoded, {}, interactionsFormat, errorContext);
    send(controller, { event_type: "error", error });
  };
  // The most frequent event, built whole (not copied by `send`): a long stream is mostly deltas.
  const delta = (controller: Controller, state: PartState, data: WireObject) =>
    controller.enqueue({
      event_type: "step.delta",
      index: state.step,
      delta: data,
      event_id: String(++nextEventId),
    } as InteractionsStreamEvent);

  const endPart = (controller: Controller, state: PartState, part: Part, index: number) => {
    const path = pointer("/parts", index);
    switch (part.type) {
      case "text":
        if (part.text.startsWith(state.text) && part.text.length > state.text.length)
          delta(controller, state, { type: "text", text: part.text.slice(state.text.length) });
        {
          const { annotations } = encodeInteractionsContent(part, path, context);
          if (Array.isArray(annotations) && annotations.length > 0)
            delta(controller, state, { type: "text_annotation_delta", annotations });
        }
        break;
      case "media": {
        const content = encodeInteractionsContent(part, path, context);
        delta(controller, state, content);
        break;
      }
      case "reasoning": {
        if (!state.sawSummary) {
          const texts = [...(part.summary ?? []), ...(part.text ? [part.text] : [])];
          if (part.text)
            context.lose("approximated", pointer(path, "text"), "Thinking text is sent as a thought summary");
          for (const text of texts)
            delta(controller, state, { type: "thought_summary", content: { type: "text", text } });
        }
        if (part.signature?.format === interactionsFormat)
          delta(controller, state, { type: "thought_signature", signature: part.signature.data });
        else if (part.signature)
          context.lose(
            "dropped",
            pointer(path, "signature"),
            `A ${part.signature.format} signature cannot be sent to this format`,
          );
        break;
      }
      case "tool-call":
        // Streamed argument text went out as it came; only text never streamed is not sent.
        if (part.rawArguments !== undefined && !state.sawArguments)
          context.lose("dropped", pointer(path, "rawArguments"), "Arguments that did not parse are not sent");
        if (!state.sawArguments)
          delta(controller, state, {
            type: "arguments_delta",
            arguments: JSON.stringify(part.arguments ?? {}),
          });
        if (part.signature)
          context.lose(
            "dropped",
            pointer(path, "signature"),
            `A ${part.signature.format} signature on a call has no field here`,
          );
        break;
      default: {
        const [step] = encodeInteractionsParts([part], "model_output", path, context);
        if (!step) return;
        startStep(controller, state, step);
      }
    }
    if (state.step === undefined) return;
    // A content part's step stays open for the content parts after it.
    if (part.type === "text" || part.type === "media")
      openContentStep = { index: state.step, last: part.type };
    else send(controller, { event_type: "step.stop", index: state.step });
  };

  return {
    transform(event, controller) {
      loseCallIdChange(event);
      switch (event.type) {
        case "response-start": {
          loseForeignFields(event);
          id = event.id;
          model = event.model;
          if (event.usage) usage = mergeUsage(usage, event.usage);
          const interaction: WireObject = { id, model, status: "in_progress", object: "interaction" };
          if (event.created !== undefined)
            interaction.created = encodeInteractionsCreated(event.created, context);
          send(controller, { event_type: "interaction.created", interaction });
          return;
        }
        case "part-start": {
          loseForeignFields(event);
          const state: PartState = {
            kind: event.kind,
            text: "",
            sawArguments: false,
            sawSummary: false,
            summaryIndex: 0,
          };
          parts.set(event.index, state);
          const content = event.kind === "text" || event.kind === "media";
          const joins =
            content &&
            openContentStep !== undefined &&
            event.extensions?.[interactionsFormat]?.newStep !== true &&
            !(event.kind === "text" && openContentStep.last === "text");
          if (joins) {
            state.step = openContentStep!.index;
            openContentStep = undefined;
          } else if (content) startStep(controller, state, { type: "model_output" });
          else if (event.kind === "reasoning") startStep(controller, state, { type: "thought" });
          else if (event.kind === "tool-call") {
            calledFunction = true;
            startStep(controller, state, {
              type: "function_call",
              id: event.id ?? "",
              name: event.name ?? "",
              arguments: {},
            });
          }
          return;
        }
        case "text-delta": {
          const state = parts.get(event.index);
          if (!state || state.step === undefined) return;
          state.text += event.text;
          delta(controller, state, { type: "text", text: event.text });
          return;
        }
        case "reasoning-delta": {
          const state = parts.get(event.index);
          if (!state || state.step === undefined) return;
          // Thinking text (no summary paragraph) has no place but a thought summary: a loss.
          if (event.summaryIndex === undefined && !state.sentThinkingText) {
            state.sentThinkingText = true;
            context.lose(
              "approximated",
              pointer("/parts", event.index, "text"),
              "Thinking text is sent as a thought summary",
            );
          }
          const paragraph = event.summaryIndex ?? 0;
          const text =
            state.sawSummary && paragraph !== state.summaryIndex ? `\n\n${event.text}` : event.text;
          state.sawSummary = true;
          state.summaryIndex = paragraph;
          delta(controller, state, { type: "thought_summary", content: { type: "text", text } });
          return;
        }
        case "tool-arguments-delta": {
          const state = parts.get(event.index);
          if (!state || state.step === undefined) return;
          state.sawArguments = true;
          delta(controller, state, { type: "arguments_delta", arguments: event.text });
          return;
        }
        case "citation-delta":
          // Annotations are sent whole at the part's end, from the authoritative part; their
          // fields of another format go nowhere.
          loseForeignFields(event);
          return;
        case "signature-delta":
          // The whole signature, with the format that made it, is sent at the part's end.
          return;
        case "part-end": {
          const state = parts.get(event.index) ?? {
            kind: event.part.type,
            text: "",
            sawArguments: false,
            sawSummary: false,
            summaryIndex: 0,
          };
          parts.delete(event.index);
          endPart(controller, state, event.part, event.index);
          return;
        }
        case "usage":
          loseForeignFields(event);
          usage = mergeUsage(usage, event.usage);
          send(controller, {
            event_type: "interaction.status_update",
            interaction_id: id,
            status: "in_progress",
            usage: encodeInteractionsUsage(usage),
          });
          return;
        case "response-end": {
          loseForeignFields(event);
          stopContentStep(controller);
          const interaction: WireObject = {
            id,
            model,
            status: encodeInteractionsStatus(event.status ?? "completed", event.finishReason, calledFunction),
            object: "interaction",
          };
          reportInteractionsStatusLoss(
            interaction.status as string,
            event.finishReason,
            calledFunction,
            "/finishReason",
            context,
          );
          if (event.usage) usage = mergeUsage(usage, event.usage);
          if (usage) interaction.usage = encodeInteractionsUsage(usage);
          if (usage?.cacheWriteTokens)
            context.lose(
              "approximated",
              "/usage/cacheWriteTokens",
              "The interactions usage has no cache-write count: those tokens are counted as uncached input tokens",
            );
          if (usage) reportUnsplitUsage(usage, interactionsUsageAccounting, "interactions", context);
          if (event.stopSequence !== undefined)
            context.lose(
              "dropped",
              "/stopSequence",
              "This format does not say which stop sequence ended the output",
            );
          for (const index of (event.candidates ?? []).keys())
            context.lose(
              "unsupported",
              `/candidates/${index}`,
              "An interaction has one output; other candidates are not sent",
            );
          ended = true;
          send(controller, { event_type: "interaction.completed", interaction });
          return;
        }
        case "tool-progress":
          loseToolProgress(event);
          return;
        case "error":
          loseForeignFields(event);
          sendError(controller, event.error, context);
          return;
        case "keepalive":
          return;
      }
    },
    // The `error` event, which may follow any event of a begun stream; the failure is the front's
    // own, so a code it cannot send is not a loss of the answer.
    fail(error, controller) {
      if (ended) return;
      sendError(controller, error, createConversionContext());
    },
  };
}

/** {@link createInteractionsStreamEncoderTransformer} as a stream. */
export function createInteractionsStreamEncoder(
  context: ConversionContext,
): TransformStream<ChatEvent, InteractionsStreamEvent> {
  return new TransformStream(createInteractionsStreamEncoderTransformer(context));
}
