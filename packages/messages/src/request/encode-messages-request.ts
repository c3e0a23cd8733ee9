import {
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  type Message,
  type Part,
  pointer,
  reportJoinedTurns,
  reportToolResultNames,
  type TextPart,
} from "@interlingua/core";
import { encodeMessagesPart, encodeMessagesTextPart, leftOutEmptyText } from "../shared/encode-messages-part";
import { isRecord } from "../shared/extra-fields";
import type { MessagesRequest } from "../wire/messages-request";
import { encodeMessagesTool, encodeMessagesToolChoice } from "./encode-messages-tools";
import { legalizeMessagesRequest } from "./legalize-messages-request";
import { defaultMessagesModelFamilies, type MessagesModelFamily } from "./messages-model-families";

type WireBlock = Record<string, unknown>;
type WireMessage = { role: "user" | "assistant" | "system"; content: string | WireBlock[] } & Record<
  string,
  unknown
>;

/** `max_tokens` is required; used when a request from another format sets no limit. */
export const defaultMessagesMaxTokens = 4096;

const unsupportedSettings = [
  "seed",
  "presencePenalty",
  "frequencyPenalty",
  "logprobs",
  "topLogprobs",
  "outputModalities",
  "speech",
  "mediaResolution",
  "safetySettings",
  "previousResponseId",
  "store",
  "cachedContent",
  "truncation",
  "promptCacheKey",
  "safetyIdentifier",
] as const;

const isPlainText = (part: TextPart) =>
  part.cache === undefined && part.citations === undefined && part.extensions === undefined;

function encodeSystem(request: ChatRequest, context: ConversionContext): string | WireBlock[] | undefined {
  const instructions = request.instructions ?? [];
  const hoisted = request.messages.flatMap((message, index) =>
    isInstruction(message) && !isInlineSystem(message) ? [{ message, index }] : [],
  );
  if (instructions.length === 0 && hoisted.length === 0) return undefined;
  const only = instructions[0];
  if (
    instructions.length === 1 &&
    hoisted.length === 0 &&
    only?.extensions?.messages?.systemForm === "string" &&
    only.parts.length === 1 &&
    only.parts[0]!.type === "text" &&
    isPlainText(only.parts[0]!)
  ) {
    return only.parts[0]!.text;
  }
  const blocks: WireBlock[] = [];
  instructions.forEach((instruction, index) => {
    // Instructions after the first become more blocks of the one system prompt.
    if (index > 0)
      context.lose("approximated", pointer("/instructions", index), "an instruction joined into system");
    instruction.parts.forEach((part, partIndex) => {
      const path = pointer("/instructions", index, "parts", partIndex);
      if (!leftOutEmptyText(part, context, path)) blocks.push(encodeMessagesTextPart(part, context, path));
    });
  });
  for (const { message, index } of hoisted) {
    context.lose("approximated", pointer("/messages", index), `a ${message.role} message moved into system`);
    message.parts.forEach((part, partIndex) => {
      const path = pointer("/messages", index, "parts", partIndex);
      if (part.type === "text") {
        if (!leftOutEmptyText(part, context, path)) blocks.push(encodeMessagesTextPart(part, context, path));
      } else context.lose("dropped", path, `${part.type} parts cannot be system instructions`);
    });
  }
  return blocks;
}

const isInstruction = (message: Message) => message.role === "system" || message.role === "developer";

/** A system message that came from inside a messages conversation, which goes back to its place. */
const isInlineSystem = (message: Message) =>
  message.role === "system" && message.extensions?.messages?.inline === true;

/** One wire turn of a canonical message: its parts, its own wire fields, where its parts start. */
interface Turn {
  parts: Part[];
  fields: Record<string, unknown>;
  partOffset: number;
}

/**
 * The wire turns of a canonical message: one, or the consecutive same-role turns the decoder
 * merged into it, split again where `extensions.messages.turns` says (when it still fits the parts).
 */
function turnsOf(message: Message): Turn[] {
  const { turns, inline: _inline, ...fields } = message.extensions?.messages ?? {};
  const counts = Array.isArray(turns) ? (turns as { parts?: unknown }[]).map((turn) => turn?.parts) : [];
  const fits =
    counts.length > 1 &&
    counts.every((count) => Number.isInteger(count) && (count as number) >= 0) &&
    (counts as number[]).reduce((sum, count) => sum + count, 0) === message.parts.length;
  if (!fits) return [{ parts: message.parts, fields, partOffset: 0 }];
  let partOffset = 0;
  return (turns as Record<string, unknown>[]).map(({ parts: count, ...turnFields }) => {
    const turn = {
      parts: message.parts.slice(partOffset, partOffset + (count as number)),
      fields: turnFields,
      partOffset,
    };
    partOffset += count as number;
    return turn;
  });
}

/**
 * An assistant turn cut where it holds tool results (a generate-content model turn can carry a
 * server-side `functionResponse`): the format allows `tool_result` only in user turns, so each run
 * of them goes in a user turn of its own at its place, between the assistant turns around it (the
 * format combines it with a user turn that follows). Each move is a loss. Other turns are kept whole.
 */
function splitAtToolResults(
  turn: Turn,
  role: WireMessage["role"],
  path: string,
  context: ConversionContext,
): { turn: Turn; role: WireMessage["role"] }[] {
  if (role !== "assistant" || !turn.parts.some((part) => part.type === "tool-result"))
    return [{ turn, role }];
  const pieces: { turn: Turn; role: WireMessage["role"] }[] = [];
  turn.parts.forEach((part, index) => {
    const pieceRole = part.type === "tool-result" ? "user" : "assistant";
    if (pieceRole === "user")
      context.lose(
        "approximated",
        pointer(path, "parts", turn.partOffset + index),
        "a tool result in an assistant turn sent in a user turn after what came before it",
      );
    const last = pieces.at(-1);
    if (last?.role === pieceRole) last.turn.parts.push(part);
    else
      pieces.push({
        role: pieceRole,
        turn: {
          parts: [part],
          fields: pieces.length === 0 ? turn.fields : {},
          partOffset: turn.partOffset + index,
        },
      });
  });
  return pieces;
}

/** One wire turn: a string when it was one, else its blocks with any opaque blocks put back. */
function encodeTurn(
  turn: Turn,
  role: WireMessage["role"],
  path: string,
  context: ConversionContext,
): WireMessage {
  const { contentForm, opaqueBlocks, ...extra } = turn.fields;
  const single = turn.parts[0];
  if (contentForm === "string" && turn.parts.length === 1 && single?.type === "text" && isPlainText(single))
    return { ...extra, role, content: single.text };
  const content: WireBlock[] = [];
  turn.parts.forEach((part, partIndex) => {
    const at = pointer(path, "parts", turn.partOffset + partIndex);
    if (leftOutEmptyText(part, context, at)) return;
    const block = encodeMessagesPart(part, context, at);
    if (block) content.push(block);
  });
  if (Array.isArray(opaqueBlocks)) {
    for (const { index: position, block } of opaqueBlocks as { index: number; block: WireBlock }[]) {
      content.splice(position, 0, block);
    }
  }
  return { ...extra, role, content };
}

/** The role a canonical message's turn has here: a tool message's results are sent by the user. */
const wireRole = (message: Message): WireMessage["role"] =>
  message.role === "assistant" || message.role === "system" ? message.role : "user";

function encodeMessages(request: ChatRequest, context: ConversionContext): WireMessage[] {
  const wireMessages: WireMessage[] = [];
  /** The canonical message each wire message came from. */
  const wirePaths: string[] = [];
  let previousWasTool = false;
  for (const [index, message] of request.messages.entries()) {
    if (isInstruction(message) && !isInlineSystem(message)) continue;
    const path = pointer("/messages", index);
    const role = wireRole(message);
    for (const { turn, role: turnRole } of turnsOf(message).flatMap((whole) =>
      splitAtToolResults(whole, role, path, context),
    )) {
      const wire = encodeTurn(turn, turnRole, path, context);
      const previous = wireMessages[wireMessages.length - 1];
      if (
        message.role === "tool" &&
        previousWasTool &&
        Array.isArray(previous?.content) &&
        Array.isArray(wire.content)
      ) {
        previous.content.push(...wire.content);
        continue;
      }
      previousWasTool = message.role === "tool";
      if (Array.isArray(wire.content) && wire.content.length === 0) {
        context.lose("dropped", path, "a message with nothing the messages format can carry");
        continue;
      }
      wireMessages.push(wire);
      wirePaths.push(path);
    }
  }
  // The API combines consecutive turns of one role: a caller's turn sent after one of its role is joined.
  reportJoinedTurns(
    request.messages,
    (message) =>
      (isInstruction(message) && !isInlineSystem(message)) || message.parts.length === 0
        ? undefined
        : wireRole(message),
    context,
    "messages",
  );
  return toolResultsFirst(wireMessages, wirePaths, context);
}

const isToolResult = (block: WireBlock) => block.type === "tool_result";

/**
 * Each user turn (consecutive user messages, which the API joins) with its tool results first, as
 * the API takes them ("Messages following tool_use blocks must begin with a matching number of
 * tool_result blocks"): a turn with content before a result becomes one message, results first,
 * with a loss at each message whose content moved after them. `paths` are the canonical messages
 * the wire messages came from.
 */
function toolResultsFirst(
  messages: WireMessage[],
  paths: readonly string[],
  context: ConversionContext,
): WireMessage[] {
  const result: WireMessage[] = [];
  let start = 0;
  while (start < messages.length) {
    let end = start + 1;
    while (end < messages.length && messages[start]!.role === "user" && messages[end]!.role === "user") end++;
    const run = messages.slice(start, end);
    const blocks = run.flatMap((message, index) =>
      (typeof message.content === "string"
        ? [{ type: "text", text: message.content }]
        : (message.content as WireBlock[])
      ).map((block) => ({ block, path: paths[start + index]! })),
    );
    const lastResult = blocks.findLastIndex(({ block }) => isToolResult(block));
    const moved = new Set(
      blocks
        .slice(0, Math.max(lastResult, 0))
        .flatMap(({ block, path }) => (isToolResult(block) ? [] : [path])),
    );
    if (moved.size === 0) result.push(...run);
    else {
      for (const path of moved)
        context.lose(
          "approximated",
          path,
          "content before a tool result moves after the results: the messages API takes tool results first",
        );
      const { content: _content, ...fields } = run[0]!;
      const ordered = [
        ...blocks.filter(({ block }) => isToolResult(block)),
        ...blocks.filter(({ block }) => !isToolResult(block)),
      ];
      result.push({ ...fields, content: ordered.map(({ block }) => block) } as WireMessage);
    }
    start = end;
  }
  return result;
}

/**
 * Converts a canonical request to a messages request body. Settings the format has no field for
 * (seed, penalties, logprobs, modalities, ...) are recorded as losses; `max_tokens` falls back to
 * {@link defaultMessagesMaxTokens}.
 */
export function encodeMessagesRequest(
  request: ChatRequest,
  context: ConversionContext,
  families: readonly MessagesModelFamily[] = defaultMessagesModelFamilies,
): MessagesRequest {
  const {
    metadata: metadataExtra,
    thinking: thinkingExtra,
    tool_choice: toolChoiceExtra,
    output_config: outputConfigExtra,
    ...extra
  } = request.extensions?.messages ?? {};
  const wire: Record<string, unknown> = { ...extra, model: request.model };
  reportToolResultNames(request, "messages", context);

  if (request.maxOutputTokens !== undefined) wire.max_tokens = request.maxOutputTokens;
  else {
    wire.max_tokens = defaultMessagesMaxTokens;
    context.lose(
      "approximated",
      "/maxOutputTokens",
      `max_tokens is required; ${defaultMessagesMaxTokens} used`,
    );
  }
  const system = encodeSystem(request, context);
  if (system !== undefined) wire.system = system;
  wire.messages = encodeMessages(request, context);
  // The API refuses a request of instructions alone: say so in the caller's terms, before sending.
  if ((wire.messages as WireMessage[]).length === 0)
    throw new CanonicalError(
      "invalid_request",
      "The messages format needs at least one user or assistant message besides the instructions",
      { param: "messages" },
    );

  if (request.tools) {
    const tools = [];
    for (const [index, tool] of request.tools.entries()) {
      const encoded = encodeMessagesTool(tool, context, pointer("/tools", index));
      if (encoded) tools.push(encoded);
    }
    wire.tools = tools;
  }
  const toolChoice = encodeMessagesToolChoice(
    request.toolChoice,
    request.parallelToolCalls,
    request.tools,
    toolChoiceExtra as Record<string, unknown> | undefined,
    context,
  );
  if (toolChoice) wire.tool_choice = toolChoice;
  if (request.stopSequences) wire.stop_sequences = request.stopSequences;
  if (request.stream !== undefined) wire.stream = request.stream;
  if (request.temperature !== undefined) wire.temperature = request.temperature;
  if (request.topK !== undefined) wire.top_k = request.topK;
  if (request.topP !== undefined) wire.top_p = request.topP;
  if (request.serviceTier !== undefined) wire.service_tier = request.serviceTier;

  if (request.user !== undefined) wire.metadata = { ...(metadataExtra as object), user_id: request.user };
  else if (metadataExtra !== undefined) wire.metadata = metadataExtra;
  if (request.metadata)
    context.lose("dropped", "/metadata", "the messages format carries only metadata.user_id");

  const reasoning = request.reasoning;
  if (reasoning?.enabled !== undefined) {
    wire.thinking = {
      ...(thinkingExtra as object),
      ...(reasoning.enabled
        ? reasoning.budgetTokens !== undefined
          ? { type: "enabled", budget_tokens: reasoning.budgetTokens }
          : { type: "adaptive" }
        : { type: "disabled" }),
    };
  } else if (reasoning?.budgetTokens !== undefined) {
    wire.thinking = { ...(thinkingExtra as object), type: "enabled", budget_tokens: reasoning.budgetTokens };
  }
  if (reasoning?.summary !== undefined)
    context.lose("dropped", "/reasoning/summary", "reasoning summary setting has no messages equivalent");
  if (reasoning?.includeThoughts !== undefined)
    context.lose("dropped", "/reasoning/includeThoughts", "includeThoughts has no messages equivalent");

  const outputConfig: Record<string, unknown> = isRecord(outputConfigExtra) ? { ...outputConfigExtra } : {};
  const format = request.outputFormat;
  if (format) {
    switch (format.type) {
      case "text":
        break;
      case "json":
        outputConfig.format = { type: "json_schema", schema: { type: "object" } };
        context.lose("approximated", "/outputFormat", "JSON mode sent as a JSON Schema of any object");
        break;
      case "json-schema":
        outputConfig.format = {
          ...(isRecord(outputConfig.format) ? outputConfig.format : {}),
          type: "json_schema",
          schema: format.schema,
        };
        if (format.name !== undefined || format.description !== undefined || format.strict !== undefined)
          context.lose(
            "dropped",
            "/outputFormat",
            "output schema name, description and strictness have no messages field",
          );
        break;
      case "enum":
        outputConfig.format = { type: "json_schema", schema: { type: "string", enum: format.values } };
        context.lose("approximated", "/outputFormat", "enum output sent as a JSON Schema string enum");
        break;
      default: {
        const unknown: never = format;
        throw new TypeError(`Unknown output format ${JSON.stringify(unknown)}`);
      }
    }
  }
  if (reasoning?.effort !== undefined) outputConfig.effort = reasoning.effort;
  if (outputConfigExtra !== undefined || Object.keys(outputConfig).length > 0)
    wire.output_config = outputConfig;

  if (request.candidateCount !== undefined && request.candidateCount !== 1)
    context.lose("unsupported", "/candidateCount", "the messages format answers with one candidate");
  for (const setting of unsupportedSettings) {
    if (request[setting] !== undefined)
      context.lose("unsupported", `/${setting}`, `${setting} has no messages equivalent`);
  }
  legalizeMessagesRequest(wire, request.maxOutputTokens === undefined, context, families);
  return wire as MessagesRequest;
}
