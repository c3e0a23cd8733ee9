import {
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  callerParam,
  type Message,
  reportToolResultNames,
  type TextPart,
  type ToolChoice,
} from "@interlingua/core";
import { readGenerateContentExtension } from "../wire/generate-content-extensions";
import type {
  GenerateContentContent,
  GenerateContentPart,
  GenerateContentRequest,
} from "../wire/generate-content-request-schema";
import { restoreSnakeCaseKeys } from "../wire/normalize-generate-content-keys";
import { encodeGenerateContentGenerationConfig } from "./encode-generate-content-generation-config";
import { encodeGenerateContentPart } from "./encode-generate-content-part";
import { encodeGenerateContentTools } from "./encode-generate-content-tools";
import type { GenerateContentEncodeOptions } from "./generate-content-encode-options";

type ToolConfig = NonNullable<GenerateContentRequest["toolConfig"]>;
type CallingConfig = NonNullable<ToolConfig["functionCallingConfig"]>;

/** Extension fields of the request that are markers, not wire fields. */
const requestMarkers = new Set([
  "snakeCaseKeys",
  "model",
  "toolConfig",
  "functionCallingConfig",
  "safetySettings",
  "generationConfig",
]);
const roleByCanonical = { user: "user", assistant: "model" } as const;

/**
 * Converts a canonical request to a generate-content body. The model and stream mode belong in the
 * URL (see the HTTP binding), so the body carries `model` only when the decoded one did. Tool
 * results are named by the function of the earlier call with their id; in-conversation system
 * turns join `systemInstruction` (a loss); fields the format lacks are recorded as losses. A body
 * decoded from snake_case is spelled the caller's way again. `options` name the models the
 * backend knows besides the built-in tables (see {@link GenerateContentEncodeOptions}).
 */
export function encodeGenerateContentRequest(
  request: ChatRequest,
  context: ConversionContext,
  options: GenerateContentEncodeOptions = {},
): GenerateContentRequest {
  const jsonSchema = options.jsonSchemaModels?.some((pattern) => pattern.test(request.model)) ?? false;
  const extra = readGenerateContentExtension(request) ?? {};
  const body: GenerateContentRequest = { contents: [] };
  if (extra.model !== undefined) body.model = extra.model as string;

  const toolNames = new Map<string, string>();
  for (const message of request.messages)
    for (const part of message.parts) if (part.type === "tool-call") toolNames.set(part.id, part.name);
  // A function response is named as its call; one answering no call of the request keeps its own name.
  reportToolResultNames(request, "generate-content", context, (part) => !toolNames.has(part.callId));

  const hoisted: TextPart[] = [];
  /** The canonical path of each part sent, by turn, for refusals in the caller's terms. */
  const partPaths: string[][] = [];
  /** The turn of the last message sent, when it was a tool message's. */
  let toolTurn: GenerateContentContent | undefined;
  request.messages.forEach((message, messageIndex) => {
    const path = `/messages/${messageIndex}`;
    if (message.role === "system" || message.role === "developer") {
      context.lose("approximated", path, "An instruction inside the conversation joins systemInstruction");
      for (const part of message.parts) if (part.type === "text") hoisted.push(part);
      return;
    }
    const { content, paths } = encodeContent(message, path, toolNames, context);
    // A turn left with no part (the API refuses one) is not sent: reported at the caller's message.
    if (content.parts.length === 0) {
      context.lose("dropped", path, "A message with nothing the generate-content format can carry");
      return;
    }
    // Tool messages in a row are one answer (one result each, as chat-completions sends them), which
    // this format gives in one turn; a caller's own tool turns (a `function` role) stay apart.
    if (toolTurn && message.role === "tool" && !readGenerateContentExtension(message)) {
      toolTurn.parts.push(...content.parts);
      partPaths.at(-1)!.push(...paths);
      return;
    }
    toolTurn = message.role === "tool" ? content : undefined;
    body.contents.push(content);
    partPaths.push(paths);
  });
  refuseWhatTheApiRefuses(body.contents, partPaths, context);

  const instructionParts = encodeInstructions(request, hoisted, context);
  if (instructionParts) body.systemInstruction = instructionParts;
  if (request.tools) body.tools = encodeGenerateContentTools(request.tools, context, jsonSchema);
  const toolConfig = encodeToolConfig(request, extra, context);
  if (toolConfig) body.toolConfig = toolConfig;
  if (request.safetySettings) {
    const unknown = extra.safetySettings as (Record<string, unknown> | null)[] | undefined;
    body.safetySettings = request.safetySettings.map((setting, index) => ({
      ...unknown?.[index],
      category: setting.category,
      threshold: setting.threshold,
    }));
  }
  const generationConfig = encodeGenerateContentGenerationConfig(
    request,
    extra.generationConfig as Record<string, unknown> | undefined,
    context,
    options.thinkingFamilies,
    jsonSchema,
  );
  if (generationConfig) body.generationConfig = generationConfig;
  if (request.cachedContent !== undefined) body.cachedContent = request.cachedContent;
  loseUnsupported(request, context);
  for (const key in extra) if (!requestMarkers.has(key)) (body as Record<string, unknown>)[key] = extra[key];
  if (Array.isArray(extra.snakeCaseKeys)) restoreSnakeCaseKeys(body, extra.snakeCaseKeys as string[]);
  return body;
}

function encodeContent(
  message: Message,
  path: string,
  toolNames: ReadonlyMap<string, string>,
  context: ConversionContext,
): { content: GenerateContentContent; paths: string[] } {
  const extra = readGenerateContentExtension(message);
  const parts: GenerateContentPart[] = [];
  const paths: string[] = [];
  for (let index = 0; index < message.parts.length; index++) {
    const encoded = encodeGenerateContentPart(message.parts[index]!, {
      context,
      path: `${path}/parts/${index}`,
      toolNames,
    });
    if (!encoded) continue;
    parts.push(encoded);
    paths.push(`${path}/parts/${index}`);
  }
  const content: GenerateContentContent = { parts };
  if (!extra?.roleOmitted) {
    content.role =
      message.role === "tool"
        ? ((extra?.role as "function" | "tool" | undefined) ?? "user")
        : roleByCanonical[message.role as "user" | "assistant"];
  }
  if (extra)
    for (const key in extra)
      if (key !== "roleOmitted" && key !== "role") (content as Record<string, unknown>)[key] = extra[key];
  return { content, paths };
}

function encodeInstructions(
  request: ChatRequest,
  hoisted: TextPart[],
  context: ConversionContext,
): GenerateContentRequest["systemInstruction"] | undefined {
  const instructions = request.instructions ?? [];
  if (instructions.length === 0 && hoisted.length === 0) return undefined;
  // Each instruction after the first becomes more parts of the first, reported at its own path.
  for (const index of instructions.keys())
    if (index > 0)
      context.lose(
        "approximated",
        `/instructions/${index}`,
        "Several instructions are joined into one systemInstruction",
      );
  const parts: GenerateContentPart[] = [];
  let fields: Record<string, unknown> = {};
  instructions.forEach((instruction, index) => {
    // A developer instruction is what a system one is (the chat-completions spec says so): no loss.
    const path = `/instructions/${index}`;
    const { instructionRole, ...extra } = readGenerateContentExtension(instruction) ?? {};
    fields = { ...fields, ...extra, ...(instructionRole !== undefined && { role: instructionRole }) };
    instruction.parts.forEach((part, partIndex) => {
      const encoded = encodeGenerateContentPart(part, { context, path: `${path}/parts/${partIndex}` });
      if (encoded) parts.push(encoded);
    });
  });
  for (const part of hoisted) parts.push({ text: part.text });
  return { ...fields, parts };
}

function encodeToolConfig(
  request: ChatRequest,
  extra: Record<string, unknown>,
  context: ConversionContext,
): ToolConfig | undefined {
  const keptToolConfig = extra.toolConfig as Record<string, unknown> | undefined;
  const kept = extra.functionCallingConfig as Record<string, unknown> | undefined;
  if (request.parallelToolCalls === false)
    context.lose("dropped", "/parallelToolCalls", "Parallel function calls cannot be turned off");
  if (!request.toolChoice) return keptToolConfig ? { ...keptToolConfig } : undefined;
  // The API refuses a function-calling config beside no function declarations.
  const fromThisFormat = keptToolConfig !== undefined || kept !== undefined;
  if (!fromThisFormat && !request.tools?.some((tool) => tool.type === "function")) {
    context.lose("dropped", "/toolChoice", "Function calling cannot be configured without functions");
    return undefined;
  }
  const config = encodeCallingConfig(request.toolChoice, kept, context);
  if (!config) return keptToolConfig ? { ...keptToolConfig } : undefined;
  return { ...keptToolConfig, functionCallingConfig: config };
}

function encodeCallingConfig(
  choice: ToolChoice,
  kept: Record<string, unknown> | undefined,
  context: ConversionContext,
): CallingConfig | undefined {
  const { mode: keptMode, allowedFunctionNames: keptAllowed, ...unknown } = kept ?? {};
  const config: CallingConfig = { ...unknown };
  switch (choice.type) {
    case "auto":
      if (keptMode === undefined) config.mode = "AUTO";
      else if (keptMode !== null) config.mode = keptMode as CallingConfig["mode"];
      if (choice.allowed) config.allowedFunctionNames = choice.allowed;
      break;
    case "none":
      config.mode = "NONE";
      if (Array.isArray(keptAllowed)) config.allowedFunctionNames = keptAllowed as string[];
      break;
    case "required":
      config.mode = "ANY";
      if (choice.allowed) config.allowedFunctionNames = choice.allowed;
      break;
    case "tool":
      config.mode = "ANY";
      config.allowedFunctionNames = [choice.name];
      break;
    case "hosted":
      context.lose(
        "dropped",
        "/toolChoice",
        `A hosted tool (${choice.kind}) cannot be required; the model decides`,
      );
      return undefined;
    default: {
      const unknownChoice: never = choice;
      throw new TypeError(`Unknown tool choice ${JSON.stringify(unknownChoice)}`);
    }
  }
  return config;
}

const unsupportedFields = [
  ["previousResponseId", "Stored conversations do not exist in this format"],
  ["store", "Storing responses cannot be requested"],
  ["metadata", "Request metadata cannot be sent"],
  ["user", "An end-user id cannot be sent"],
  ["serviceTier", "A service tier cannot be requested"],
  ["truncation", "A truncation policy cannot be requested"],
  ["promptCacheKey", "A prompt cache key cannot be sent (caching here is cachedContent)"],
  ["safetyIdentifier", "An end-user safety identifier cannot be sent"],
] as const;

function loseUnsupported(request: ChatRequest, context: ConversionContext): void {
  for (const [field, message] of unsupportedFields)
    if (request[field] !== undefined) context.lose("dropped", `/${field}`, message);
}

/**
 * Refuses, naming the caller's field (`partPaths`: each sent part's canonical path), what the API
 * would refuse (so no backend is sent it): no turn at all ("contents is not specified"), and a
 * function response answering no earlier call of its name.
 */
function refuseWhatTheApiRefuses(
  contents: GenerateContentRequest["contents"],
  partPaths: readonly (readonly string[])[],
  context: ConversionContext,
): void {
  if (contents.length === 0)
    throw new CanonicalError(
      "invalid_request",
      "No message of the request can be sent in the generate-content format, which needs at least one",
      { param: callerParam(context, "/messages") },
    );
  const called = new Set<string>();
  contents.forEach((content, contentIndex) => {
    content.parts.forEach((part, partIndex) => {
      if (part.functionCall?.name !== undefined) called.add(part.functionCall.name);
      const answered = part.functionResponse?.name;
      if (answered !== undefined && !called.has(answered))
        throw new CanonicalError(
          "invalid_request",
          `The function result for ${answered} answers no earlier call: the generate-content format needs the call first`,
          { param: callerParam(context, partPaths[contentIndex]![partIndex]!) },
        );
    });
  });
}
