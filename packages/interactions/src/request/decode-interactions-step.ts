import {
  type CodePart,
  type CodeResultPart,
  type ConversionContext,
  type HostedToolCallPart,
  type HostedToolResultPart,
  type MediaPart,
  type Part,
  pointer,
  type ReasoningPart,
  type TextPart,
  type ToolCallPart,
  type ToolResultPart,
} from "@interlingua/core";
import {
  interactionsFormat,
  isWireObject,
  remainingFields,
  type WireObject,
  withInteractionsExtension,
} from "../interactions-extensions";
import { decodeInteractionsContent } from "./interactions-content";
import { hostedToolOfStepPrefix } from "./interactions-hosted-tools";

/** Who a step speaks for: the caller's input and tool results, or the model. */
export type InteractionsStepRole = "user" | "assistant";

/** A step as canonical parts, with the side of the conversation it belongs to. */
export interface DecodedInteractionsStep {
  role: InteractionsStepRole;
  parts: Part[];
  /** Where each part came from: a JSON pointer into the source document, one per part. */
  sources: string[];
}

/** Content blocks as canonical parts; unknown fields of the step go on its first part. */
function decodeContents(
  step: WireObject,
  role: InteractionsStepRole,
  path: string,
  context: ConversionContext,
): DecodedInteractionsStep {
  const contents = Array.isArray(step.content) ? (step.content as WireObject[]) : [];
  const decoded: DecodedInteractionsStep = { role, parts: [], sources: [] };
  contents.forEach((content, index) => {
    const source = `${path}/content/${index}`;
    const part: TextPart | MediaPart | undefined = decodeInteractionsContent(content, source, context);
    if (!part) return;
    decoded.parts.push(part);
    decoded.sources.push(source);
  });
  const rest = remainingFields(step, ["type", "content"]);
  if (decoded.parts[0])
    withInteractionsExtension(decoded.parts[0], { stepFields: Object.keys(rest).length ? rest : undefined });
  else context.loseAtSource("dropped", path, `A ${String(step.type)} step with no content is not carried`);
  return decoded;
}

/** A function result's `result` (a string, content blocks or an object) as tool-result content. */
function decodeFunctionResult(step: WireObject, path: string, context: ConversionContext): ToolResultPart {
  const part: ToolResultPart = { type: "tool-result", callId: String(step.call_id ?? ""), content: [] };
  if (typeof step.name === "string") part.name = step.name;
  if (step.is_error === true) part.isError = true;
  const rest = remainingFields(step, ["type", "call_id", "name", "is_error", "result"]);
  if (step.is_error === false) rest.is_error = false;
  const result = step.result;
  if (typeof result === "string") part.content = [{ type: "text", text: result }];
  else if (Array.isArray(result)) {
    part.content = (result as WireObject[]).flatMap(
      (content, index) => decodeInteractionsContent(content, pointer(path, "result", index), context) ?? [],
    );
    rest.resultBlocks = true;
    // Blocks another format reads back as a string (no block, or one plain text block): the form is theirs only.
    const [first] = part.content;
    if (
      part.content.length === 0 ||
      (part.content.length === 1 && first?.type === "text" && !first.extensions)
    )
      rest.resultTextBlocks = true;
  } else {
    part.content = [{ type: "text", text: JSON.stringify(result ?? null) }];
    part.structured = true;
  }
  return withInteractionsExtension(part, rest);
}

/** A thought: its text summaries and signature (sealed for this format). */
function decodeThought(step: WireObject): ReasoningPart {
  const part: ReasoningPart = { type: "reasoning" };
  const summary = Array.isArray(step.summary) ? (step.summary as WireObject[]) : undefined;
  const rest = remainingFields(step, ["type", "summary", "signature"]);
  if (summary) {
    if (summary.every((content) => content.type === "text" && Object.keys(content).length === 2))
      part.summary = summary.map((content) => String(content.text));
    else rest.summary = summary;
  }
  if (typeof step.signature === "string")
    part.signature = { format: interactionsFormat, data: step.signature };
  return withInteractionsExtension(part, rest);
}

/** A code execution call or result as a code part, when it has that shape; else undefined. */
function decodeCodeStep(step: WireObject): CodePart | CodeResultPart | undefined {
  if (step.type === "code_execution_call" && isWireObject(step.arguments)) {
    const { code, language, ...other } = step.arguments;
    if (typeof code !== "string" || Object.keys(other).length > 0) return undefined;
    const part: CodePart = { type: "code", language: typeof language === "string" ? language : "", code };
    if (typeof step.id === "string") part.id = step.id;
    return withInteractionsExtension(part, {
      ...remainingFields(step, ["type", "id", "arguments"]),
      noLanguage: typeof language === "string" ? undefined : true,
    });
  }
  if (step.type === "code_execution_result" && typeof step.result === "string") {
    const part: CodeResultPart = {
      type: "code-result",
      outcome: step.is_error === true ? "failed" : "ok",
      output: step.result,
    };
    if (typeof step.call_id === "string") part.id = step.call_id;
    const rest = remainingFields(step, ["type", "call_id", "result", "is_error"]);
    if (step.is_error === false) rest.is_error = false;
    return withInteractionsExtension(part, rest);
  }
  return undefined;
}

/** A hosted tool's `*_call` or `*_result` step as a hosted call or result part. */
function decodeHostedStep(
  step: WireObject,
  kind: "call" | "result",
): HostedToolCallPart | HostedToolResultPart {
  const type = String(step.type);
  const tool = hostedToolOfStepPrefix(type.slice(0, type.length - kind.length - 1));
  if (kind === "call") {
    const part: HostedToolCallPart = {
      type: "hosted-tool-call",
      id: String(step.id ?? ""),
      tool,
      input: step.arguments,
    };
    return withInteractionsExtension(part, {
      stepType: type,
      ...remainingFields(step, ["type", "id", "arguments"]),
    });
  }
  const part: HostedToolResultPart = {
    type: "hosted-tool-result",
    callId: String(step.call_id ?? ""),
    tool,
    output: step.result,
  };
  if (step.is_error === true) part.isError = true;
  const rest = remainingFields(step, ["type", "call_id", "result", "is_error"]);
  if (step.is_error === false) rest.is_error = false;
  return withInteractionsExtension(part, { stepType: type, ...rest });
}

/**
 * One step as canonical parts: `user_input` and `model_output` content blocks become text and media
 * parts, `thought` a reasoning part whose signature is sealed for this format, `function_call` /
 * `function_result` tool calls and results, code execution steps code parts (when plain), and every
 * other hosted tool's `*_call` / `*_result` steps hosted-tool parts; the fields of each step with no
 * canonical meaning stay in its part's extensions. An unknown step kind is dropped with a loss.
 */
export function decodeInteractionsStep(
  step: WireObject,
  path: string,
  context: ConversionContext,
): DecodedInteractionsStep {
  const type = String(step.type);
  const whole = (role: InteractionsStepRole, part: Part): DecodedInteractionsStep => ({
    role,
    parts: [part],
    sources: [path],
  });
  switch (type) {
    case "user_input":
      return decodeContents(step, "user", path, context);
    case "model_output":
      return decodeContents(step, "assistant", path, context);
    case "thought":
      return whole("assistant", decodeThought(step));
    case "function_call": {
      const part: ToolCallPart = {
        type: "tool-call",
        id: typeof step.id === "string" ? step.id : context.generateId("call"),
        name: String(step.name ?? ""),
        arguments: step.arguments ?? {},
      };
      const rest = remainingFields(step, ["type", "id", "name", "arguments"]);
      if (step.id === undefined) rest.noId = true;
      return whole("assistant", withInteractionsExtension(part, rest));
    }
    case "function_result":
      return whole("user", decodeFunctionResult(step, path, context));
  }
  const code = decodeCodeStep(step);
  if (code) return whole("assistant", code);
  if (type.endsWith("_call")) return whole("assistant", decodeHostedStep(step, "call"));
  if (type.endsWith("_result")) return whole("assistant", decodeHostedStep(step, "result"));
  context.loseAtSource("dropped", path, `A ${type} step is not known to this codec`);
  return { role: "assistant", parts: [], sources: [] };
}
