import {
  CanonicalError,
  type ChatResponse,
  type ConversionContext,
  type Part,
  pointer,
  traceExtensions,
  traceFields,
} from "@interlingua/core";
import { remainingFields, type WireObject } from "../chat-completions-extensions";
import { requestedAudioMediaType, typeAnswerAudio } from "../message/chat-completions-audio";
import { createCallIdentities } from "../message/chat-completions-call-ids";
import type { ChatCompletionsReasoningTags } from "../message/chat-completions-reasoning-tags";
import { ChatCompletionsResponse } from "../wire/chat-completions-response-schema";
import { decodeChatCompletionsUsage } from "./chat-completions-usage";
import { decodeChatCompletionsChoice } from "./decode-chat-completions-choice";

/**
 * Traces the fields of a choice and of its message kept in the extensions of the canonical node at
 * `canonical` (as `choice` and `message`, see `decodeChatCompletionsChoice`) to the choice at
 * `source`, for the losses of formats without them.
 */
function traceChoiceFields(
  context: ConversionContext,
  body: unknown,
  canonical: string,
  source: string,
  kept: WireObject,
): void {
  const fields: Record<string, string> = {};
  const base = pointer(canonical, "extensions", "chat-completions");
  for (const key of Object.keys((kept.choice as WireObject | undefined) ?? {}))
    fields[pointer(base, "choice", key)] = pointer(source, key);
  for (const key of Object.keys((kept.message as WireObject | undefined) ?? {}))
    fields[pointer(base, "message", key)] = pointer(source, "message", key);
  traceFields(context, body, fields, {}, true);
}

/** Tool-call fields of a choice's message that say nothing to another format's client (marks, argument text). */
const toolCallBookkeeping = new Set([
  "typeAbsent",
  "idAbsent",
  "legacyFunctionCall",
  "call",
  "function",
  "wireId",
]);

/**
 * Traces the fields each tool call of a choice kept in its part's extensions (a server's own, such
 * as Ollama's `index`) to that call in the choice at `source`, and a repeated id the call was given
 * a new one for to the id the upstream sent, for the losses of formats without them.
 */
function traceToolCallFields(
  context: ConversionContext,
  parts: readonly Part[],
  canonical: string,
  source: string,
): void {
  let call = 0;
  parts.forEach((part, index) => {
    if (part.type !== "tool-call") return;
    const wire = pointer(source, "message", "tool_calls", call++);
    const base = pointer(canonical, index, "extensions", "chat-completions");
    const kept = part.extensions?.["chat-completions"] ?? {};
    for (const key of Object.keys(kept))
      if (!toolCallBookkeeping.has(key)) context.trace(pointer(base, key), pointer(wire, key), true);
    if (kept.wireId !== undefined) context.trace(pointer(base, "wireId"), pointer(wire, "id"));
  });
}

/**
 * An upstream's `chat.completion` as a canonical response: the first choice is the response's
 * parts and finish reason, every other choice (`n` > 1) an extra candidate; usage by the format's
 * accounting. An answer cut by the token limit is `incomplete`. Spoken output is typed by the
 * format the request asked for. With `reasoningTags` (the dialect's), content that opens with them
 * gives reasoning. Fields with no canonical place
 * (`system_fingerprint`, `service_tier`, `logprobs`, a first choice's index other than 0, a
 * server's own) stay in extensions: the
 * choice's as `choice`, its message's as `message`.
 */
export function decodeChatCompletionsResponse(
  wire: unknown,
  context: ConversionContext,
  reasoningTags?: ChatCompletionsReasoningTags,
): ChatResponse {
  context.startSource();
  const parsed = ChatCompletionsResponse.safeParse(wire);
  if (!parsed.success)
    throw new CanonicalError("internal", "The upstream answered with a body that is not a chat completion", {
      cause: parsed.error,
    });
  const body = wire as WireObject;
  const identify = createCallIdentities(context, typeof body.id === "string" ? body.id : undefined);
  const choices = [...(body.choices as WireObject[])].sort(
    (a, b) => Number(a.index ?? 0) - Number(b.index ?? 0),
  );
  const first = choices[0];
  const decoded = first
    ? decodeChatCompletionsChoice(first, identify, reasoningTags)
    : { parts: [], finishReason: { reason: "other" as const }, fields: { choicesEmpty: true } };
  // The first choice is choice 0 in every format; another index is the upstream's own, kept.
  if (first && typeof first.index === "number" && first.index !== 0)
    decoded.fields.choice = { ...(decoded.fields.choice as WireObject | undefined), index: first.index };
  const response: ChatResponse = {
    id: body.id as string,
    model: body.model as string,
    parts: decoded.parts,
    finishReason: decoded.finishReason,
    usage: {},
    status: decoded.finishReason.reason === "length" ? "incomplete" : "completed",
  };
  const consumed = ["id", "model", "choices"];
  if (typeof body.created === "number") {
    response.created = body.created;
    consumed.push("created");
  }
  if (body.object === "chat.completion") consumed.push("object");
  const fields: WireObject = { ...decoded.fields };
  if (body.object === undefined) fields.objectAbsent = true;
  if (typeof body.usage === "object" && body.usage !== null) {
    response.usage = decodeChatCompletionsUsage(body.usage as WireObject);
    consumed.push("usage");
  } else if (body.usage === undefined) fields.usageAbsent = true;
  const candidates = choices.slice(1).map((choice, position) => {
    const candidate = decodeChatCompletionsChoice(choice, identify, reasoningTags);
    return {
      index: typeof choice.index === "number" ? choice.index : position + 1,
      parts: candidate.parts,
      finishReason: candidate.finishReason,
      ...(Object.keys(candidate.fields).length > 0
        ? { extensions: { "chat-completions": candidate.fields } }
        : {}),
    };
  });
  if (candidates.length > 0) response.candidates = candidates;
  const audioType = requestedAudioMediaType(context.request);
  for (const parts of [response.parts, ...candidates.map((candidate) => candidate.parts)])
    typeAnswerAudio(parts, audioType);
  Object.assign(fields, remainingFields(body, consumed));
  if (Object.keys(fields).length > 0) response.extensions = { "chat-completions": fields };
  const at = first ? pointer("/choices", (body.choices as WireObject[]).indexOf(first)) : "/choices";
  traceFields(context, body, {
    "/id": "/id",
    "/model": "/model",
    "/created": "/created",
    "/usage": "/usage",
    "/usage/totalTokens": "/usage/total_tokens",
    "/usage/inputTokens": "/usage/prompt_tokens",
    "/usage/outputTokens": "/usage/completion_tokens",
    "/usage/cacheReadTokens": "/usage/prompt_tokens_details/cached_tokens",
    "/usage/reasoningTokens": "/usage/completion_tokens_details/reasoning_tokens",
    "/parts": pointer(at, "message"),
    "/finishReason": pointer(at, "finish_reason"),
    "/status": pointer(at, "finish_reason"),
  });
  traceExtensions(context, body, "chat-completions", Object.keys(fields));
  const usageKept = Object.keys(response.usage.extensions?.["chat-completions"] ?? {});
  traceExtensions(context, body, "chat-completions", usageKept, { canonical: "/usage", source: "/usage" });
  traceChoiceFields(context, body, "", at, decoded.fields);
  if (first) traceToolCallFields(context, response.parts, "/parts", at);
  choices.slice(1).forEach((choice, position) => {
    const source = pointer("/choices", (body.choices as WireObject[]).indexOf(choice));
    const kept = response.candidates?.[position]?.extensions?.["chat-completions"] ?? {};
    traceChoiceFields(context, body, pointer("/candidates", position), source, kept);
    const parts = response.candidates?.[position]?.parts ?? [];
    traceToolCallFields(context, parts, pointer("/candidates", position, "parts"), source);
  });
  choices.slice(1).forEach((choice, position) => {
    context.trace(
      pointer("/candidates", position),
      pointer("/choices", (body.choices as WireObject[]).indexOf(choice)),
    );
  });
  return response;
}
