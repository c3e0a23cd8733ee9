import {
  CanonicalError,
  type ChatEvent,
  type ConversionContext,
  type Part,
  pointer,
  StreamParseFailure,
  type StreamTransformer,
  type Usage,
} from "@interlingua/core";
import {
  isWireObject,
  remainingFields,
  type WireObject,
  withInteractionsExtension,
} from "../interactions-extensions";
import { decodeInteractionsStep } from "../request/decode-interactions-step";
import { citationOfAnnotation, decodeInteractionsContent } from "../request/interactions-content";
import { traceInteractionsParts } from "../request/trace-interactions-parts";
import { decodeInteractionsErrorEntry } from "../response/decode-interactions-response";
import { decodeInteractionsStatus } from "../response/interactions-status";
import { secondsOfInteractionsTime } from "../response/interactions-time";
import { decodeInteractionsUsage } from "../response/interactions-usage";

/** What the decoder knows of one open step. */
interface StepState {
  step: WireObject;
  /** Where the step started in the source events (`/<event index>/step`). */
  source: string;
  /** Canonical index of the step's open part (text, reasoning or function call), if any. */
  open?: number;
  text: string;
  /** Where the open text part began in the source events. */
  textSource: string;
  annotations: WireObject[];
  summary: string;
  signature?: string;
  /** Where the first of the step's annotations, summary and signature came from in the source events. */
  fieldSources: { annotations?: string; summary?: string; signature?: string };
  arguments: string;
  /**
   * Whether the step is a model output right after another, until its first part starts: that part
   * is marked `newStep` (as the whole answer's), traced to the step, so a re-encoding keeps the two
   * steps apart and another format, which joins them, reports it.
   */
  newStep?: boolean;
  /** Whether the open text part is marked `newStep`. */
  openNewStep?: boolean;
}

/**
 * The interactions stream as canonical events: `interaction.created` starts the response,
 * `step.start` / `step.delta` / `step.stop` become parts (text and thought summaries streamed as
 * deltas, function arguments as argument deltas, a thought signature as a signature sealed for this
 * format, hosted tool steps whole at their stop), `interaction.status_update` and step usage become
 * usage events, and `interaction.completed` ends the response with its status as the finish
 * reason. An `error` event, a malformed event or a stream that stops before its end is an `error`.
 * Event ids are the upstream's resume tokens and are not carried.
 */
export function createInteractionsStreamDecoderTransformer(
  context: ConversionContext,
): StreamTransformer<unknown, ChatEvent> {
  const steps = new Map<number, StepState>();
  let nextPart = 0;
  let started = false;
  let ended = false;
  let calledFunction = false;
  let usage: Usage | undefined;
  /** The type of the step started last. */
  let previousStepType: unknown;
  let id = "";
  let model = "";
  /** The index of the wire event being decoded, for loss paths (`/<event>/<field>`). */
  let eventIndex = -1;
  context.startSource();
  const trace = (part: Part, index: number, source: string) =>
    traceInteractionsParts(context, [part], [source], "/parts", index);

  type Controller = TransformStreamDefaultController<ChatEvent>;
  const emit = (controller: Controller, event: ChatEvent) => controller.enqueue(event);
  const fail = (controller: Controller, error: CanonicalError) => {
    if (ended) return;
    ended = true;
    emit(controller, { type: "error", error: error.toData() });
  };
  const start = (controller: Controller) => {
    if (started) return;
    started = true;
    emit(controller, { type: "response-start", id, model });
  };
  /** Points a part's citations, summary and signature at the deltas that carried them. */
  const traceFieldSources = (index: number, state: StepState) => {
    const { annotations, summary, signature } = state.fieldSources;
    if (annotations) {
      context.trace(`/parts/${index}/citations`, annotations);
      context.trace(
        `/parts/${index}/extensions/interactions/annotations`,
        `${annotations}/annotations`,
        true,
      );
    }
    if (summary) context.trace(`/parts/${index}/summary`, summary);
    if (signature) context.trace(`/parts/${index}/signature`, signature);
  };
  /** Whether the step's next part is the first of a model output step after another (and so marked). */
  const takeNewStep = (state: StepState): boolean => {
    if (state.newStep !== true) return false;
    state.newStep = false;
    return true;
  };
  /** Marks a part `newStep` (see {@link StepState.newStep}), traced to the step `state` began. */
  const markNewStep = (part: Part, index: number, state: StepState) => {
    withInteractionsExtension(part, { newStep: true });
    context.trace(`/parts/${index}/extensions/interactions/newStep`, state.source);
  };
  const whole = (controller: Controller, part: Part, source: string, step?: StepState) => {
    const index = nextPart++;
    const newStep = step !== undefined && takeNewStep(step);
    trace(part, index, source);
    if (newStep) markNewStep(part, index, step);
    const begin: ChatEvent = { type: "part-start", index, kind: part.type };
    if (newStep) begin.extensions = { interactions: { newStep: true } };
    if (part.type === "tool-call" || part.type === "hosted-tool-call") begin.id = part.id;
    if (part.type === "tool-call") begin.name = part.name;
    if (part.type === "hosted-tool-call") begin.name = part.tool;
    if (part.type === "tool-call") calledFunction = true;
    emit(controller, begin);
    emit(controller, { type: "part-end", index, part });
  };
  const closeText = (controller: Controller, state: StepState) => {
    if (state.open === undefined) return;
    const content: WireObject = { type: "text", text: state.text };
    if (state.annotations.length > 0) content.annotations = state.annotations;
    const part = decodeInteractionsContent(content, state.textSource, context);
    if (part) {
      trace(part, state.open, state.textSource);
      if (state.openNewStep) markNewStep(part, state.open, state);
      traceFieldSources(state.open, state);
      emit(controller, { type: "part-end", index: state.open, part });
    }
    state.open = undefined;
    state.openNewStep = false;
    state.text = "";
    state.annotations = [];
  };
  const stopStep = (controller: Controller, index: number) => {
    const state = steps.get(index);
    if (!state) return;
    steps.delete(index);
    const type = state.step.type;
    if (type === "model_output" || type === "user_input") return closeText(controller, state);
    if (type === "thought" && state.open !== undefined) {
      const step: WireObject = { ...state.step, type: "thought" };
      if (state.summary !== "") step.summary = [{ type: "text", text: state.summary }];
      if (state.signature !== undefined) step.signature = state.signature;
      const [part] = decodeInteractionsStep(step, state.source, context).parts;
      if (part) {
        trace(part, state.open, state.source);
        traceFieldSources(state.open, state);
        emit(controller, { type: "part-end", index: state.open, part });
      }
      return;
    }
    if (type === "function_call" && state.open !== undefined) {
      let args: unknown = state.step.arguments ?? {};
      let raw: string | undefined;
      if (state.arguments !== "") {
        try {
          args = JSON.parse(state.arguments);
        } catch {
          raw = state.arguments;
          args = {};
        }
      }
      const [part] = decodeInteractionsStep({ ...state.step, arguments: args }, state.source, context).parts;
      if (part?.type === "tool-call") {
        if (raw !== undefined) part.rawArguments = raw;
        trace(part, state.open, state.source);
        emit(controller, { type: "part-end", index: state.open, part });
      }
      return;
    }
    for (const part of decodeInteractionsStep(state.step, state.source, context).parts)
      whole(controller, part, state.source);
  };

  /** Where a delta came from: the given place, else the current event's `delta`. */
  const at = (source: string | undefined) => source ?? `/${eventIndex}/delta`;
  const onDelta = (controller: Controller, state: StepState, delta: WireObject, source?: string) => {
    switch (delta.type) {
      case "text":
        if (state.open === undefined) {
          state.open = nextPart++;
          state.textSource = at(source);
          context.trace(`/parts/${state.open}`, at(source));
          const begin: ChatEvent = { type: "part-start", index: state.open, kind: "text" };
          state.openNewStep = takeNewStep(state);
          if (state.openNewStep) {
            begin.extensions = { interactions: { newStep: true } };
            context.trace(`/parts/${state.open}/extensions/interactions/newStep`, state.source);
          }
          emit(controller, begin);
        }
        {
          const text = typeof delta.text === "string" ? delta.text : String(delta.text ?? "");
          state.text += text;
          emit(controller, { type: "text-delta", index: state.open, text });
        }
        return;
      case "text_annotation_delta":
        if (state.open === undefined || !Array.isArray(delta.annotations)) return;
        // The delta carries only the annotations: citations lost are the whole delta lost.
        state.fieldSources.annotations ??= at(source);
        for (const annotation of delta.annotations as WireObject[]) {
          state.annotations.push(annotation);
          const citation = citationOfAnnotation(annotation);
          if (citation) emit(controller, { type: "citation-delta", index: state.open, citation });
        }
        return;
      case "thought_summary": {
        const text =
          isWireObject(delta.content) && typeof delta.content.text === "string" ? delta.content.text : "";
        state.summary += text;
        state.fieldSources.summary ??= at(source);
        if (state.open !== undefined && text !== "")
          emit(controller, { type: "reasoning-delta", index: state.open, text, summaryIndex: 0 });
        return;
      }
      case "thought_signature":
        if (typeof delta.signature === "string") {
          state.signature = (state.signature ?? "") + delta.signature;
          state.fieldSources.signature ??= at(source);
          if (state.open !== undefined)
            emit(controller, { type: "signature-delta", index: state.open, signature: delta.signature });
        }
        return;
      case "arguments_delta": {
        const text = typeof delta.arguments === "string" ? delta.arguments : String(delta.arguments ?? "");
        state.arguments += text;
        if (state.open !== undefined)
          emit(controller, { type: "tool-arguments-delta", index: state.open, text });
        return;
      }
    }
    if (state.step.type === "model_output" || state.step.type === "user_input") {
      closeText(controller, state);
      const part = decodeInteractionsContent(delta, at(source), context);
      if (part) whole(controller, part, at(source), state);
      return;
    }
    // A hosted tool's delta carries fields of its step (arguments, result): merge them in.
    Object.assign(state.step, remainingFields(delta, ["type"]));
  };

  const onStepStart = (controller: Controller, index: number, step: WireObject) => {
    const source = `/${eventIndex}/step`;
    const state: StepState = {
      step: { ...step },
      source,
      text: "",
      textSource: source,
      annotations: [],
      summary: "",
      arguments: "",
      fieldSources: {},
    };
    steps.set(index, state);
    if (step.type === "model_output" && previousStepType === "model_output") state.newStep = true;
    previousStepType = step.type;
    if (step.type === "thought") {
      state.open = nextPart++;
      context.trace(`/parts/${state.open}`, source);
      emit(controller, { type: "part-start", index: state.open, kind: "reasoning" });
      if (Array.isArray(step.summary))
        for (const content of step.summary as WireObject[])
          onDelta(controller, state, { type: "thought_summary", content }, source);
      if (typeof step.signature === "string")
        onDelta(controller, state, { type: "thought_signature", signature: step.signature }, source);
      delete state.step.summary;
      delete state.step.signature;
    } else if (step.type === "function_call") {
      state.open = nextPart++;
      context.trace(`/parts/${state.open}`, source);
      calledFunction = true;
      emit(controller, {
        type: "part-start",
        index: state.open,
        kind: "tool-call",
        id: String(step.id ?? ""),
        name: String(step.name ?? ""),
      });
    } else if ((step.type === "model_output" || step.type === "user_input") && Array.isArray(step.content)) {
      (step.content as WireObject[]).forEach((content, at) => {
        onDelta(controller, state, content, `${source}/content/${at}`);
      });
      state.step.content = [];
    }
  };

  const finishResponse = (controller: Controller, interaction: WireObject) => {
    for (const index of [...steps.keys()]) stopStep(controller, index);
    if (isWireObject(interaction.usage)) {
      context.trace("/usage", `/${eventIndex}/interaction/usage`);
      usage = decodeInteractionsUsage(interaction.usage, {
        context,
        source: `/${eventIndex}/interaction/usage`,
      });
    }
    context.trace("/finishReason", `/${eventIndex}/interaction/status`);
    context.trace("/status", `/${eventIndex}/interaction/status`);
    const { status, finishReason } = decodeInteractionsStatus(String(interaction.status), calledFunction);
    const end: ChatEvent = { type: "response-end", finishReason, status };
    if (usage) end.usage = usage;
    // Completed though it called a function: finer than a tool-calls stop (see the whole answer's).
    if (interaction.status === "completed" && calledFunction) {
      end.extensions = { interactions: { status: "completed" } };
      context.trace("/extensions/interactions/status", `/${eventIndex}/interaction/status`, true);
    }
    ended = true;
    emit(controller, end);
  };

  return {
    transform(item, controller) {
      eventIndex++;
      if (ended) return;
      if (StreamParseFailure.isInstance(item)) {
        if (item.raw.trim() === "[DONE]") return;
        fail(
          controller,
          new CanonicalError("unavailable", `The upstream sent a malformed stream event: ${item.message}`),
        );
        return;
      }
      if (!isWireObject(item) || typeof item.event_type !== "string") {
        fail(
          controller,
          new CanonicalError("unavailable", "The upstream sent a stream event without an event_type"),
        );
        return;
      }
      switch (item.event_type) {
        case "interaction.created": {
          const interaction = isWireObject(item.interaction) ? item.interaction : {};
          id = String(interaction.id ?? "");
          model = typeof interaction.model === "string" ? interaction.model : "";
          for (const field of ["id", "model", "created"])
            context.trace(`/${field}`, `/${eventIndex}/interaction/${field}`);
          started = true;
          const event: ChatEvent = { type: "response-start", id, model };
          const created = secondsOfInteractionsTime(interaction.created);
          if (created !== undefined) event.created = created;
          emit(controller, event);
          return;
        }
        case "interaction.status_update":
          start(controller);
          if (isWireObject(item.usage)) {
            usage = decodeInteractionsUsage(item.usage);
            context.trace("/usage", `/${eventIndex}/usage`);
            emit(controller, { type: "usage", usage });
          }
          return;
        case "step.start":
          start(controller);
          if (isWireObject(item.step)) onStepStart(controller, Number(item.index), item.step);
          return;
        case "step.delta": {
          start(controller);
          const state = steps.get(Number(item.index));
          if (state && isWireObject(item.delta)) onDelta(controller, state, item.delta);
          return;
        }
        case "step.stop":
          start(controller);
          stopStep(controller, Number(item.index));
          if (isWireObject(item.usage)) {
            usage = decodeInteractionsUsage(item.usage);
            context.trace("/usage", `/${eventIndex}/usage`);
            emit(controller, { type: "usage", usage });
          }
          return;
        case "interaction.completed":
          start(controller);
          finishResponse(controller, isWireObject(item.interaction) ? item.interaction : {});
          return;
        case "error": {
          ended = true;
          const entry = isWireObject(item.error) ? item.error : undefined;
          // The kind is said by the error's code.
          context.trace("/error/kind", pointer("", eventIndex, "error", "code"));
          context.trace("/error/code", pointer("", eventIndex, "error", "code"));
          context.trace("/error/message", pointer("", eventIndex, "error", "message"));
          emit(controller, { type: "error", error: decodeInteractionsErrorEntry(entry) });
          return;
        }
        default:
          context.loseAtSource(
            "dropped",
            `/${eventIndex}`,
            `A ${item.event_type} stream event is not known to this codec`,
          );
      }
    },
    flush(controller) {
      if (!ended)
        fail(
          controller,
          new CanonicalError("unavailable", "The upstream stream ended before interaction.completed"),
        );
    },
  };
}

/** {@link createInteractionsStreamDecoderTransformer} as a stream. */
export function createInteractionsStreamDecoder(
  context: ConversionContext,
): TransformStream<unknown, ChatEvent> {
  return new TransformStream(createInteractionsStreamDecoderTransformer(context));
}
