import {
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  type Instruction,
  type Message,
  type Part,
  pointer,
  type RequestLocation,
  type TextPart,
  type ToolChoice,
  toCanonicalError,
  traceExtensions,
  traceFields,
} from "@interlingua/core";
import { generateContentExtensions, unknownFields } from "../wire/generate-content-extensions";
import {
  type GenerateContentContent,
  GenerateContentRequest,
  type GenerateContentRequest as GenerateContentRequestBody,
} from "../wire/generate-content-request-schema";
import { normalizeGenerateContentKeys } from "../wire/normalize-generate-content-keys";
import { decodeGenerateContentGenerationConfig } from "./decode-generate-content-generation-config";
import { decodeGenerateContentPart, type PartIdentity } from "./decode-generate-content-part";
import { decodeGenerateContentTools } from "./decode-generate-content-tools";
import { createCallLedger, requestCallId } from "./generate-content-call-ids";
import { inCallerSpellingError } from "./generate-content-caller-param";

const requestFields = new Set([
  "model",
  "contents",
  "systemInstruction",
  "tools",
  "toolConfig",
  "safetySettings",
  "generationConfig",
  "cachedContent",
]);
const contentFields = new Set(["role", "parts"]);
const roles = { user: "user", model: "assistant", function: "tool", tool: "tool" } as const;

/**
 * Validates and converts a caller's generate-content request. Field names may be lowerCamel or
 * snake_case (renamed once before validation; where the caller used snake_case is kept so the
 * encoder answers in kind). The model and stream mode come from the URL (`location`); a body
 * `model` (`models/...`) is the fallback. Invalid input throws `invalid_request` naming the field.
 */
export function decodeGenerateContentRequest(
  wire: unknown,
  context: ConversionContext,
  location?: RequestLocation,
): ChatRequest {
  context.startSource();
  const { value, snakeCaseKeys } = normalizeGenerateContentKeys(wire);
  try {
    return decodeBody(value, snakeCaseKeys, context, location);
  } catch (thrown) {
    // A refusal names the field as the caller spelled it.
    throw inCallerSpellingError(thrown, callerSpelling(snakeCaseKeys));
  }
}

function decodeBody(
  value: unknown,
  snakeCaseKeys: string[],
  context: ConversionContext,
  location: RequestLocation | undefined,
): ChatRequest {
  const parsed = GenerateContentRequest.safeParse(value);
  if (!parsed.success) throw toCanonicalError(parsed.error);
  const body = parsed.data;
  const model = location?.model ?? body.model?.replace(/^models\//, "");
  if (!model) {
    throw new CanonicalError(
      "invalid_request",
      "No model: name it in the path, as models/{model}:generateContent",
      {
        param: "model",
      },
    );
  }
  const extra: Record<string, unknown> = unknownFields(body, requestFields) ?? {};
  if (snakeCaseKeys.length > 0) extra.snakeCaseKeys = snakeCaseKeys;
  if (body.model !== undefined) extra.model = body.model;

  const request: ChatRequest = { model, messages: decodeContents(body.contents) };
  if (body.systemInstruction) request.instructions = [decodeSystemInstruction(body.systemInstruction)];
  if (body.tools) request.tools = decodeGenerateContentTools(body.tools);
  if (body.toolConfig) decodeToolConfig(body.toolConfig, request, extra);
  if (body.safetySettings) {
    request.safetySettings = body.safetySettings.map(({ category, threshold }) => ({ category, threshold }));
    const unknown = body.safetySettings.map((setting) => unknownFields(setting, safetyFields) ?? null);
    if (unknown.some((fields) => fields !== null)) extra.safetySettings = unknown;
  }
  if (body.generationConfig)
    extra.generationConfig = decodeGenerateContentGenerationConfig(body.generationConfig, request);
  if (body.cachedContent !== undefined) request.cachedContent = body.cachedContent;
  if (location?.stream !== undefined) request.stream = location.stream;
  const extensions = generateContentExtensions(extra);
  if (extensions) request.extensions = extensions;
  const traced = inCallerSpelling(context, snakeCaseKeys);
  traceFields(traced, body, requestSources);
  traceExtensions(traced, body, "generate-content", Object.keys(extra));
  traceToolExtensions(traced, body);
  // The calling config's unmapped members are kept at the top of the extensions, not under toolConfig.
  if (extra.functionCallingConfig)
    traced.trace(
      "/extensions/generate-content/functionCallingConfig",
      "/toolConfig/functionCallingConfig",
      true,
    );
  traceContents(traced, body);
  return request;
}

/**
 * The context with its traces spelled as the caller spelled the body: a pointer into the lowerCamel
 * body gets back the snake_case tokens `snakeCaseKeys` names (see `normalizeGenerateContentKeys`).
 */
function inCallerSpelling(context: ConversionContext, snakeCaseKeys: readonly string[]): ConversionContext {
  if (snakeCaseKeys.length === 0) return context;
  const spell = callerSpelling(snakeCaseKeys);
  return {
    ...context,
    trace: (canonical, source, sameShape) => context.trace(canonical, spell(source), sameShape),
  };
}

/** A pointer into the lowerCamel body as a pointer into the body the caller sent (`snakeCaseKeys`). */
function callerSpelling(snakeCaseKeys: readonly string[]): (path: string) => string {
  const callerToken = new Map<string, string>();
  for (const key of snakeCaseKeys) {
    const at = key.lastIndexOf("/");
    const snake = key.slice(at + 1);
    callerToken.set(
      `${key.slice(0, at)}/${snake.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}`,
      snake,
    );
  }
  return (path: string) => {
    let camel = "";
    let spelled = "";
    for (const token of path.split("/").slice(1)) {
      camel += `/${token}`;
      spelled += `/${callerToken.get(camel) ?? token}`;
    }
    return spelled;
  };
}

/**
 * Traces each canonical tool, and its kept fields, to the wire object it came from (a declaration,
 * or a hosted tool's options), in the order `decodeGenerateContentTools` made the tools.
 */
function traceToolExtensions(context: ConversionContext, body: GenerateContentRequestBody): void {
  let position = 0;
  const trace = (...source: (string | number)[]) => {
    context.trace(pointer("/tools", position), pointer("/tools", ...source));
    context.trace(
      pointer("/tools", position++, "extensions", "generate-content"),
      pointer("/tools", ...source),
      true,
    );
  };
  body.tools?.forEach((tool, index) => {
    for (const [key, value] of Object.entries(tool)) {
      if (value === undefined) continue;
      if (key !== "functionDeclarations") trace(index, key);
      else for (const declaration of (value as unknown[]).keys()) trace(index, key, declaration);
    }
  });
}

/** Canonical request fields and the generate-content fields they come from, for loss paths. */
const requestSources: Record<string, string> = {
  "/instructions": "/systemInstruction",
  "/instructions/0": "/systemInstruction",
  "/tools": "/tools",
  "/toolChoice": "/toolConfig/functionCallingConfig",
  "/safetySettings": "/safetySettings",
  "/cachedContent": "/cachedContent",
  "/stopSequences": "/generationConfig/stopSequences",
  "/candidateCount": "/generationConfig/candidateCount",
  "/maxOutputTokens": "/generationConfig/maxOutputTokens",
  "/temperature": "/generationConfig/temperature",
  "/topP": "/generationConfig/topP",
  "/topK": "/generationConfig/topK",
  "/seed": "/generationConfig/seed",
  "/presencePenalty": "/generationConfig/presencePenalty",
  "/frequencyPenalty": "/generationConfig/frequencyPenalty",
  "/logprobs": "/generationConfig/responseLogprobs",
  "/topLogprobs": "/generationConfig/logprobs",
  "/outputModalities": "/generationConfig/responseModalities",
  "/speech": "/generationConfig/speechConfig",
  "/reasoning": "/generationConfig/thinkingConfig",
  "/mediaResolution": "/generationConfig/mediaResolution",
  "/outputFormat": "/generationConfig",
};

/**
 * Traces each canonical message and part to the content and part it came from (one to one), and
 * the fields a message or the instruction keeps (an unknown field, a `function` role) to theirs.
 */
function traceContents(context: ConversionContext, body: GenerateContentRequestBody): void {
  if (body.systemInstruction)
    context.trace("/instructions/0/extensions/generate-content", "/systemInstruction", true);
  body.contents.forEach((content, index) => {
    context.trace(pointer("/messages", index), pointer("/contents", index));
    context.trace(
      pointer("/messages", index, "extensions", "generate-content"),
      pointer("/contents", index),
      true,
    );
    content.parts.forEach((wire, part) => {
      context.trace(pointer("/messages", index, "parts", part), pointer("/contents", index, "parts", part));
      // A function's structured output is the response object the caller gave.
      if (wire.functionResponse)
        context.trace(
          pointer("/messages", index, "parts", part, "structured"),
          pointer("/contents", index, "parts", part, "functionResponse", "response"),
        );
      context.trace(
        pointer("/messages", index, "parts", part, "extensions", "generate-content"),
        pointer("/contents", index, "parts", part),
        true,
      );
    });
  });
  body.systemInstruction?.parts.forEach((_, part) => {
    context.trace(pointer("/instructions/0/parts", part), pointer("/systemInstruction/parts", part));
    context.trace(
      pointer("/instructions/0/parts", part, "extensions", "generate-content"),
      pointer("/systemInstruction/parts", part),
      true,
    );
  });
}

const safetyFields = new Set(["category", "threshold"]);

function decodeContents(contents: GenerateContentContent[]): Message[] {
  const ledger = createCallLedger();
  // One identity for the whole conversation, reading the position of the part being decoded.
  let contentIndex = 0;
  let partIndex = 0;
  const identity: PartIdentity = {
    callId: () => requestCallId(contentIndex, partIndex),
    responseId: (name) => ledger.answer(name) ?? requestCallId(contentIndex, partIndex),
  };
  const messages: Message[] = [];
  const called = new Set<string>();
  for (contentIndex = 0; contentIndex < contents.length; contentIndex++) {
    const content = contents[contentIndex]!;
    const parts: Part[] = [];
    for (partIndex = 0; partIndex < content.parts.length; partIndex++) {
      const part = content.parts[partIndex]!;
      // The API refuses a function response that does not follow its call ("Please ensure that
      // function response turn comes immediately after a function call turn"); one answering no
      // call at all is refused here, where the caller can be told which part it is.
      const answered = part.functionResponse?.name;
      if (answered !== undefined && !called.has(answered)) {
        const param = `contents.${contentIndex}.parts.${partIndex}.functionResponse`;
        throw new CanonicalError(
          "invalid_request",
          `${param}: no earlier function call is named ${answered}; a function response must follow its call`,
          { param },
        );
      }
      const decoded = decodeGenerateContentPart(part, identity);
      if (decoded.type === "tool-call") {
        ledger.call(decoded.name, decoded.id);
        called.add(decoded.name);
      } else if (decoded.type === "tool-result" && part.functionResponse?.id !== undefined) {
        ledger.answer(decoded.name ?? "", decoded.callId);
      }
      parts.push(decoded);
    }
    const message: Message = { role: content.role ? roles[content.role] : "user", parts };
    const extra: Record<string, unknown> = unknownFields(content, contentFields) ?? {};
    if (content.role === undefined) extra.roleOmitted = true;
    else if (content.role === "function" || content.role === "tool") extra.role = content.role;
    const extensions = generateContentExtensions(extra);
    if (extensions) message.extensions = extensions;
    messages.push(message);
  }
  return messages;
}

/** System instruction parts are text: they have no calls to name. */
const noIdentity: PartIdentity = { callId: () => "", responseId: () => "" };

function decodeSystemInstruction(
  instruction: NonNullable<GenerateContentRequestBody["systemInstruction"]>,
): Instruction {
  const parts = instruction.parts.map((part, index) => {
    const decoded = decodeGenerateContentPart(part, noIdentity);
    if (decoded.type !== "text") {
      throw new CanonicalError("invalid_request", "The system instruction holds text only", {
        param: `systemInstruction.parts.${index}`,
      });
    }
    return decoded as TextPart;
  });
  const result: Instruction = { role: "system", parts };
  const extra: Record<string, unknown> = unknownFields(instruction, contentFields) ?? {};
  // The API reads no role here (SDKs send `user`): kept for the echo, not a caller field to report.
  if (instruction.role !== undefined) extra.instructionRole = instruction.role;
  const extensions = generateContentExtensions(extra);
  if (extensions) result.extensions = extensions;
  return result;
}

const toolConfigFields = new Set(["functionCallingConfig"]);
const callingConfigFields = new Set(["mode", "allowedFunctionNames"]);

/** `toolConfig` as the canonical tool choice; the rest (and non-canonical modes) stay in extensions. */
function decodeToolConfig(
  toolConfig: NonNullable<GenerateContentRequestBody["toolConfig"]>,
  request: ChatRequest,
  extra: Record<string, unknown>,
): void {
  extra.toolConfig = unknownFields(toolConfig, toolConfigFields) ?? {};
  const config = toolConfig.functionCallingConfig;
  if (!config) return;
  const kept: Record<string, unknown> = unknownFields(config, callingConfigFields) ?? {};
  const allowed = config.allowedFunctionNames;
  let choice: ToolChoice;
  switch (config.mode) {
    case "ANY":
      choice = allowed ? { type: "required", allowed } : { type: "required" };
      break;
    case "NONE":
      choice = { type: "none" };
      if (allowed) kept.allowedFunctionNames = allowed;
      break;
    case "AUTO":
    case "MODE_UNSPECIFIED":
    case "VALIDATED":
    case undefined:
      choice = allowed ? { type: "auto", allowed } : { type: "auto" };
      if (config.mode !== "AUTO") kept.mode = config.mode ?? null;
      break;
    default: {
      const unknown: never = config.mode;
      throw new TypeError(`Unknown function calling mode ${unknown}`);
    }
  }
  request.toolChoice = choice;
  extra.functionCallingConfig = kept;
}
