import {
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  type Instruction,
  type Message,
  type Part,
  pointer,
  traceExtensions,
  traceFields,
} from "@interlingua/core";
import { decodeMessagesBlock, decodeMessagesTextBlock } from "../shared/decode-messages-block";
import { extraFields } from "../shared/extra-fields";
import { type MessagesInputMessage, MessagesRequest } from "../wire/messages-request";
import { checkToolResultPlacement } from "./check-tool-result-placement";
import { decodeMessagesTool, decodeMessagesToolChoice } from "./decode-messages-tools";
import { invalidMessagesRequest } from "./invalid-messages-request";
import type { legalizeMessagesRequest } from "./legalize-messages-request";
import { messagesEfforts } from "./legalize-messages-request";
import {
  defaultMessagesModelFamilies,
  findMessagesModelFamily,
  type MessagesModelFamily,
} from "./messages-model-families";

const requestKnown = new Set([
  "model",
  "max_tokens",
  "messages",
  "metadata",
  "stop_sequences",
  "stream",
  "system",
  "temperature",
  "thinking",
  "tool_choice",
  "tools",
  "top_k",
  "top_p",
  "output_config",
  "service_tier",
]);
const messageKnown = new Set(["role", "content"]);

/**
 * Decodes one turn. A string content is marked `contentForm: "string"`; blocks the canonical model
 * has no part for stay in `opaqueBlocks` with their position. A `system` message is marked `inline`:
 * the messages encoder puts it back at its place, where other instructions move to `system`.
 */
function decodeMessage(
  wire: MessagesInputMessage,
  toolNames: Map<string, string>,
  partSources: string[],
  source: string,
  opaqueSources: string[],
): Message {
  const extra: Record<string, unknown> = extraFields(wire, messageKnown) ?? {};
  const parts: Part[] = [];
  if (typeof wire.content === "string") {
    parts.push({ type: "text", text: wire.content });
    partSources.push(pointer(source, "content"));
    extra.contentForm = "string";
  } else {
    const opaqueBlocks: { index: number; block: unknown }[] = [];
    wire.content.forEach((block, index) => {
      const part = decodeMessagesBlock(block as Record<string, unknown> & { type: string }, toolNames);
      if (part === undefined) {
        opaqueBlocks.push({ index, block });
        opaqueSources.push(pointer(source, "content", index));
      } else {
        if (part.type === "tool-call") toolNames.set(part.id, part.name);
        parts.push(part);
        partSources.push(pointer(source, "content", index));
      }
    });
    if (opaqueBlocks.length > 0) extra.opaqueBlocks = opaqueBlocks;
  }
  const message: Message = { role: wire.role, parts };
  if (wire.role === "system") extra.inline = true;
  if (Object.keys(extra).length > 0) message.extensions = { messages: extra };
  return message;
}

/**
 * The placement rules of a `system` message inside the conversation: never first (the top-level
 * `system` field is for that), never right after another one, and text blocks only.
 */
function checkInlineSystemMessages(messages: MessagesInputMessage[]): void {
  messages.forEach((message, index) => {
    if (message.role !== "system") return;
    if (index === 0)
      throw new CanonicalError(
        "invalid_request",
        "a system message cannot be the first message; use the top-level system field",
        { param: "messages.0.role" },
      );
    if (messages[index - 1]!.role === "system")
      throw new CanonicalError("invalid_request", "consecutive system messages are not allowed", {
        param: `messages.${index}.role`,
      });
    if (typeof message.content === "string") return;
    const blockIndex = message.content.findIndex((block) => block.type !== "text");
    if (blockIndex >= 0)
      throw new CanonicalError("invalid_request", "a system message holds text blocks only", {
        param: `messages.${index}.content.${blockIndex}.type`,
      });
  });
}

/**
 * A message with no content (`""` or `[]`), which the API refuses ("all messages must have non-empty
 * content except for the optional final assistant message"), but for a last assistant message; and
 * a request whose only message is such a prefill of nothing, which holds no message at all (the
 * encoder refuses to send one, as the API refuses a request without messages).
 */
function checkEmptyMessages(messages: MessagesInputMessage[]): void {
  if (messages.length === 1 && messages[0]!.role === "assistant" && messages[0]!.content.length === 0)
    throw new CanonicalError(
      "invalid_request",
      "messages: at least one message with content is required (an empty final assistant message is no message)",
      { param: "messages" },
    );
  messages.forEach((message, index) => {
    if (message.content.length > 0) return;
    if (index === messages.length - 1 && message.role === "assistant") return;
    throw new CanonicalError(
      "invalid_request",
      `messages.${index}: all messages must have non-empty content except for the optional final assistant message`,
      { param: `messages.${index}.content` },
    );
  });
}

/**
 * The combinations the API refuses (the rules {@link legalizeMessagesRequest} enforces on requests
 * from other formats): with thinking on, `temperature` other than 1, `top_k`, `top_p` below 0.95
 * and forced tool use; `tool_choice` without tools; a `service_tier` other than `auto` /
 * `standard_only`; an `output_config.effort` the spec does not list; `temperature` beside `top_p`
 * for a model of a family that takes one of them.
 */
function checkSettingCombinations(body: MessagesRequest, families: readonly MessagesModelFamily[]): void {
  const refuse = (message: string, param: string) => {
    throw new CanonicalError("invalid_request", message, { param });
  };
  if (
    body.service_tier !== undefined &&
    body.service_tier !== "auto" &&
    body.service_tier !== "standard_only"
  )
    refuse("service_tier must be auto or standard_only", "service_tier");
  if (body.tool_choice !== undefined && (body.tools === undefined || body.tools.length === 0))
    refuse("tool_choice may only be specified while providing tools", "tool_choice");
  const family = findMessagesModelFamily(body.model, families);
  if (family?.oneSamplingSetting && body.temperature !== undefined && body.top_p !== undefined)
    refuse(
      "`temperature` and `top_p` cannot both be specified for this model. Please use only one.",
      "top_p",
    );
  const effort = body.output_config?.effort;
  if (typeof effort === "string" && !messagesEfforts.includes(effort))
    refuse(`output_config.effort must be one of ${messagesEfforts.join(", ")}`, "output_config.effort");
  if (family?.effort === false && effort !== undefined)
    refuse("output_config.effort is not supported for this model", "output_config.effort");
  const thinkingType = body.thinking?.type;
  if (family?.thinkingForms === "budget" && thinkingType === "adaptive")
    refuse(
      "thinking.type.adaptive is not supported for this model. Use thinking.type.enabled with budget_tokens",
      "thinking.type",
    );
  if (family?.thinkingForms === "adaptive" && (thinkingType === "enabled" || thinkingType === "disabled"))
    refuse(
      `thinking.type.${thinkingType} is not supported for this model. Use thinking.type.adaptive and output_config.effort to control thinking behavior.`,
      "thinking.type",
    );
  if (body.thinking === undefined || body.thinking.type === "disabled") return;
  if (body.temperature !== undefined && body.temperature !== 1)
    refuse("temperature may only be set to 1 when thinking is enabled", "temperature");
  if (body.top_k !== undefined) refuse("top_k cannot be set when thinking is enabled", "top_k");
  if (body.top_p !== undefined && body.top_p < 0.95)
    refuse("top_p must be between 0.95 and 1 when thinking is enabled", "top_p");
  const choice = body.tool_choice?.type;
  if (choice === "any" || choice === "tool")
    refuse("tool use cannot be forced when thinking is enabled", "tool_choice.type");
}

/**
 * Consecutive messages of the same role are one turn in this format, so they become one canonical
 * message (which a backend that wants alternating turns can take as it is). Where they split, with
 * each one's own fields, is kept in `extensions.messages.turns` (`[{ parts: 2, contentForm:
 * "string" }, { parts: 1 }]`), so the messages encoder splits them again and a same-format round
 * trip gives the same list back.
 */
function mergeConsecutiveTurns(messages: Message[]): Message[] {
  const merged: Message[] = [];
  let run: Message[] = [];
  const endRun = () => {
    if (run.length === 1) merged.push(run[0]!);
    else if (run.length > 1)
      merged.push({
        role: run[0]!.role,
        parts: run.flatMap((message) => message.parts),
        extensions: {
          messages: {
            turns: run.map((message) => ({ parts: message.parts.length, ...message.extensions?.messages })),
          },
        },
      });
    run = [];
  };
  for (const message of messages) {
    if (run.length > 0 && run[0]!.role !== message.role) endRun();
    run.push(message);
  }
  endRun();
  return merged;
}

/** Canonical request fields and the messages fields they come from, for loss paths. */
const requestSources: Record<string, string> = {
  "/model": "/model",
  "/maxOutputTokens": "/max_tokens",
  "/stopSequences": "/stop_sequences",
  "/stream": "/stream",
  "/temperature": "/temperature",
  "/topK": "/top_k",
  "/topP": "/top_p",
  "/serviceTier": "/service_tier",
  "/user": "/metadata/user_id",
  "/metadata": "/metadata",
  "/reasoning": "/thinking",
  "/reasoning/budgetTokens": "/thinking/budget_tokens",
  "/reasoning/effort": "/output_config/effort",
  "/outputFormat": "/output_config/format",
  "/toolChoice": "/tool_choice",
  "/parallelToolCalls": "/tool_choice/disable_parallel_tool_use",
  "/tools": "/tools",
  "/instructions": "/system",
  "/instructions/0": "/system",
};

/** Part fields named otherwise in a content block. */
const partFieldSources: Record<string, string> = { "/cache": "/cache_control" };

/**
 * Traces each canonical message and part to the message and content block it came from, given
 * the source of each decoded part and of each opaque block of each wire message (consecutive
 * same-role messages are one canonical message, see {@link mergeConsecutiveTurns}); a message's
 * own kept fields (its turn's, in a merged message) are where they were in the message.
 */
function traceMessages(
  context: ConversionContext,
  wire: MessagesRequest,
  partSources: readonly string[][],
  opaqueSources: readonly string[][],
): void {
  let index = -1;
  let offset = 0;
  let turn = 0;
  wire.messages.forEach((message, wireIndex) => {
    const role = (at: number) => wire.messages[at]?.role;
    if (wireIndex === 0 || role(wireIndex - 1) !== message.role) {
      index += 1;
      offset = 0;
      turn = 0;
      context.trace(pointer("/messages", index), pointer("/messages", wireIndex));
    } else turn += 1;
    const merged = turn > 0 || role(wireIndex + 1) === message.role;
    const kept = pointer("/messages", index, "extensions", "messages", ...(merged ? ["turns", turn] : []));
    context.trace(kept, pointer("/messages", wireIndex), true);
    opaqueSources[wireIndex]?.forEach((source, block) => {
      context.trace(pointer(kept, "opaqueBlocks", block), source);
    });
    for (const source of partSources[wireIndex] ?? []) {
      const canonical = pointer("/messages", index, "parts", offset++);
      context.trace(canonical, source);
      traceFields(context, wire, partFieldSources, { canonical, source });
    }
  });
  if (Array.isArray(wire.system))
    wire.system.forEach((_, part) => {
      context.trace(pointer("/instructions/0/parts", part), pointer("/system", part));
    });
  wire.tools?.forEach((_, tool) => {
    context.trace(pointer("/tools", tool), pointer("/tools", tool));
    // A tool's own fields the codec keeps are where they were in the tool.
    context.trace(pointer("/tools", tool, "extensions", "messages"), pointer("/tools", tool), true);
  });
}

function decodeSystem(system: MessagesRequest["system"]): Instruction[] | undefined {
  if (system === undefined) return undefined;
  if (typeof system === "string") {
    return [
      {
        role: "system",
        parts: [{ type: "text", text: system }],
        extensions: { messages: { systemForm: "string" } },
      },
    ];
  }
  return [{ role: "system", parts: system.map(decodeMessagesTextBlock) }];
}

/**
 * Validates a caller's messages request (throwing `invalid_request` naming the field) and
 * converts it to a canonical request. Consecutive same-role messages merge into one canonical
 * message; a trailing assistant message (prefill) stays the last canonical message. Fields with no canonical place are kept in `extensions.messages`, nested
 * under their composite field (`thinking`, `metadata`, `tool_choice`, `output_config`).
 */
export function decodeMessagesRequest(
  wire: unknown,
  context: ConversionContext,
  families: readonly MessagesModelFamily[] = defaultMessagesModelFamilies,
): ChatRequest {
  context.startSource();
  const parsed = MessagesRequest.safeParse(wire);
  if (!parsed.success) throw invalidMessagesRequest(parsed.error);
  const body = parsed.data;
  checkInlineSystemMessages(body.messages);
  checkEmptyMessages(body.messages);
  checkToolResultPlacement(body.messages);
  checkSettingCombinations(body, families);
  if (body.thinking?.type === "enabled" && body.thinking.budget_tokens >= body.max_tokens) {
    throw new CanonicalError("invalid_request", "budget_tokens must be less than max_tokens", {
      param: "thinking.budget_tokens",
    });
  }

  const extra: Record<string, unknown> = extraFields(body, requestKnown) ?? {};
  const toolNames = new Map<string, string>();
  const partSources: string[][] = body.messages.map(() => []);
  const opaqueSources: string[][] = body.messages.map(() => []);
  const request: ChatRequest = {
    model: body.model,
    messages: mergeConsecutiveTurns(
      body.messages.map((message, index) =>
        decodeMessage(
          message,
          toolNames,
          partSources[index]!,
          pointer("/messages", index),
          opaqueSources[index]!,
        ),
      ),
    ),
    maxOutputTokens: body.max_tokens,
  };
  traceFields(context, body, requestSources);
  traceMessages(context, body, partSources, opaqueSources);
  const instructions = decodeSystem(body.system);
  if (instructions) request.instructions = instructions;
  if (body.tools) request.tools = body.tools.map(decodeMessagesTool);
  if (body.tool_choice) {
    const { toolChoice, parallelToolCalls, extra: choiceExtra } = decodeMessagesToolChoice(body.tool_choice);
    request.toolChoice = toolChoice;
    if (parallelToolCalls !== undefined) request.parallelToolCalls = parallelToolCalls;
    if (choiceExtra) extra.tool_choice = choiceExtra;
  }
  if (body.stop_sequences) request.stopSequences = body.stop_sequences;
  if (body.stream !== undefined) request.stream = body.stream;
  if (body.temperature !== undefined) request.temperature = body.temperature;
  if (body.top_k !== undefined) request.topK = body.top_k;
  if (body.top_p !== undefined) request.topP = body.top_p;
  if (body.service_tier !== undefined) request.serviceTier = body.service_tier;

  if (body.metadata) {
    const metadataExtra = extraFields(body.metadata, new Set(["user_id"]));
    if (typeof body.metadata.user_id === "string") request.user = body.metadata.user_id;
    if (metadataExtra || request.user === undefined) extra.metadata = metadataExtra ?? {};
  }
  if (body.thinking) {
    const thinking = body.thinking;
    request.reasoning =
      thinking.type === "enabled"
        ? { enabled: true, budgetTokens: thinking.budget_tokens }
        : { enabled: thinking.type === "adaptive" };
    const thinkingExtra = extraFields(thinking, new Set(["type", "budget_tokens"]));
    if (thinkingExtra) extra.thinking = thinkingExtra;
  }
  if (body.output_config) {
    const { format, effort } = body.output_config;
    const configExtra: Record<string, unknown> =
      extraFields(body.output_config, new Set(["format", "effort"])) ?? {};
    if (format) {
      request.outputFormat = { type: "json-schema", schema: format.schema };
      const formatExtra = extraFields(format, new Set(["type", "schema"]));
      if (formatExtra) configExtra.format = formatExtra;
    }
    if (typeof effort === "string") request.reasoning = { ...request.reasoning, effort };
    if (Object.keys(configExtra).length > 0 || (format == null && effort == null))
      extra.output_config = configExtra;
  }
  if (Object.keys(extra).length > 0) {
    request.extensions = { messages: extra };
    traceExtensions(context, body, "messages", Object.keys(extra));
  }
  return request;
}
