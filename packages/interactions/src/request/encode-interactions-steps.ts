import {
  type ConversionContext,
  type Message,
  type Part,
  pointer,
  reportJoinedTurns,
  reportSplitTurns,
} from "@interlingua/core";
import {
  interactionsFormat,
  isWireObject,
  keptWireFields,
  readInteractionsExtension,
  type WireObject,
} from "../interactions-extensions";
import { encodeInteractionsContent } from "./interactions-content";

/** A tool result's content as the step's `result`: a string, an object (when it came as one) or blocks. */
function functionResult(
  part: Extract<Part, { type: "tool-result" }>,
  path: string,
  context: ConversionContext,
): unknown {
  const [first] = part.content;
  const extra = readInteractionsExtension(part);
  const blocks = () =>
    part.content.map((content, index) =>
      encodeInteractionsContent(content, pointer(path, "content", index), context),
    );
  if (extra?.resultBlocks === true) return blocks();
  if (part.structured === true && part.content.length === 1 && first?.type === "text") {
    try {
      return JSON.parse(first.text);
    } catch {
      context.lose(
        "approximated",
        pointer(path, "structured"),
        "A result that is not JSON text is sent as text",
      );
      return first.text;
    }
  }
  if (part.content.length === 1 && first?.type === "text" && !readInteractionsExtension(first))
    return first.text;
  if (part.content.length === 0) return "";
  return blocks();
}

/** A part that is not text or media as its own step. */
function encodeStepPart(part: Part, path: string, context: ConversionContext): WireObject | undefined {
  const extra = readInteractionsExtension(part) ?? {};
  if ("cache" in part && part.cache)
    context.lose("dropped", pointer(path, "cache"), "This format has no prompt-caching breakpoints");
  switch (part.type) {
    case "reasoning": {
      const step: WireObject = { type: "thought" };
      const summary: WireObject[] = Array.isArray(extra.summary)
        ? [...(extra.summary as WireObject[])]
        : (part.summary ?? []).map((text) => ({ type: "text", text }));
      if (part.text !== undefined && part.text !== "") {
        context.lose("approximated", pointer(path, "text"), "Thinking text is sent as a thought summary");
        summary.push({ type: "text", text: part.text });
      }
      if (summary.length > 0 || Array.isArray(extra.summary) || part.summary !== undefined)
        step.summary = summary;
      if (part.signature?.format === interactionsFormat) step.signature = part.signature.data;
      else if (part.signature)
        context.lose(
          "dropped",
          pointer(path, "signature"),
          `A ${part.signature.format} signature cannot be sent to this format`,
        );
      if (step.summary === undefined && step.signature === undefined && part.signature) {
        context.lose(
          "dropped",
          path,
          "Reasoning with neither a summary nor a signature of this format is not sent",
        );
        return undefined;
      }
      return { ...step, ...keptWireFields(part) };
    }
    case "tool-call": {
      const step: WireObject = { type: "function_call", name: part.name };
      if (extra.noId !== true) step.id = part.id;
      if (part.rawArguments !== undefined)
        context.lose("dropped", pointer(path, "rawArguments"), "Arguments that did not parse are not sent");
      if (isWireObject(part.arguments)) step.arguments = part.arguments;
      else {
        step.arguments = {};
        context.lose(
          "dropped",
          pointer(path, "arguments"),
          "Arguments that are not a JSON object are not sent",
        );
      }
      if (part.signature)
        context.lose(
          "dropped",
          pointer(path, "signature"),
          `A ${part.signature.format} signature on a call has no field here`,
        );
      return { ...step, ...keptWireFields(part) };
    }
    case "tool-result": {
      const step: WireObject = { type: "function_result", call_id: part.callId };
      if (part.name !== undefined) step.name = part.name;
      step.result = functionResult(part, path, context);
      if (part.isError) step.is_error = true;
      return { ...step, ...keptWireFields(part) };
    }
    case "code": {
      const args: WireObject = { code: part.code };
      if (extra.noLanguage !== true) args.language = part.language;
      return {
        type: "code_execution_call",
        id: part.id ?? context.generateId("call"),
        arguments: args,
        ...keptWireFields(part),
      };
    }
    case "code-result": {
      const step: WireObject = {
        type: "code_execution_result",
        call_id: part.id ?? "",
        result: part.output ?? "",
      };
      if (part.outcome !== "ok") step.is_error = true;
      if (part.outcome === "deadline_exceeded" || part.outcome === "unspecified")
        context.lose("approximated", pointer(path, "outcome"), `Outcome ${part.outcome} is sent as an error`);
      return { ...step, ...keptWireFields(part) };
    }
    case "hosted-tool-call":
    case "hosted-tool-result": {
      // Only this format's own hosted steps go back: another format's hosted calls have no step shape here.
      if (typeof extra.stepType !== "string") {
        context.lose(
          "unsupported",
          path,
          `A ${part.tool} ${part.type} of another format has no step in this format`,
        );
        return undefined;
      }
      if (part.type === "hosted-tool-call")
        return { type: extra.stepType, id: part.id, arguments: part.input, ...keptWireFields(part) };
      const step: WireObject = { type: extra.stepType, call_id: part.callId, result: part.output };
      if (part.isError) step.is_error = true;
      return { ...step, ...keptWireFields(part) };
    }
    case "refusal":
      // An empty refusal refuses nothing: nothing to send, nothing lost.
      if (part.text === "") return undefined;
      context.lose("approximated", path, "A refusal is sent as model output text");
      return { type: "model_output", content: [{ type: "text", text: part.text }] };
    default:
      return undefined;
  }
}

/**
 * One side's parts as steps: text and media as `contentType` steps (consecutive ones share a step
 * unless marked `newStep`), every other part its own step. `path` is the pointer of the parts list.
 */
export function encodeInteractionsParts(
  parts: readonly Part[],
  contentType: "user_input" | "model_output",
  path: string,
  context: ConversionContext,
): WireObject[] {
  const steps: WireObject[] = [];
  let open: WireObject | undefined;
  parts.forEach((part, partIndex) => {
    const partPath = pointer(path, partIndex);
    if (part.type === "text" || part.type === "media") {
      const extra = readInteractionsExtension(part);
      if (!open || extra?.newStep === true) {
        const stepFields = isWireObject(extra?.stepFields) ? extra.stepFields : {};
        open = { type: contentType, content: [], ...stepFields };
        steps.push(open);
      }
      (open.content as WireObject[]).push(encodeInteractionsContent(part, partPath, context));
      return;
    }
    open = undefined;
    const step = encodeStepPart(part, partPath, context);
    if (step) steps.push(step);
  });
  return steps;
}

/**
 * Canonical turns as steps: the caller's text and media become `user_input` steps, the model's
 * `model_output` steps (consecutive content parts share one step unless marked `newStep`), and every
 * other part its own step (thought, function call or result, code execution, hosted tool call or
 * result). System and developer turns inside the conversation have no step: they are sent as user
 * input, with a loss.
 */
export function encodeInteractionsSteps(
  messages: Message[],
  path: string,
  context: ConversionContext,
): WireObject[] {
  // The model's steps in a row are one turn, and so are the caller's but where a `user_input` step
  // begins one (see `decodeInteractionsSteps`).
  let callerTurn = "";
  reportJoinedTurns(
    messages,
    (message, index) => {
      const first = message.parts[0]?.type;
      if (message.role === "assistant" || first === "text" || first === "media" || callerTurn === "")
        callerTurn = `caller ${index}`;
      return message.role === "assistant" ? "model" : callerTurn;
    },
    context,
    "interactions",
  );
  // Calls, thoughts, code, hosted tools and a refusal (sent as model output) are the model's steps,
  // a function result the caller's.
  reportSplitTurns(
    messages,
    (part) =>
      part.type === "tool-result"
        ? "caller"
        : part.type === "text" || part.type === "media"
          ? undefined
          : "model",
    context,
    "interactions",
  );
  return messages.flatMap((message, messageIndex) => {
    const messagePath = pointer(path, messageIndex);
    if (message.role === "system" || message.role === "developer")
      context.lose(
        "approximated",
        pointer(messagePath, "role"),
        `A ${message.role} turn is sent as user input`,
      );
    const contentType = message.role === "assistant" ? "model_output" : "user_input";
    const steps = encodeInteractionsParts(message.parts, contentType, pointer(messagePath, "parts"), context);
    // A turn none of whose parts could be sent is left out: a loss at the turn, not only at its parts.
    if (steps.length === 0)
      context.lose("dropped", messagePath, "A turn with nothing the interactions format can carry");
    return steps;
  });
}
