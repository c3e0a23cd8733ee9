import { jsonIntegerPattern, jsonStringPattern } from "./compact-event-pattern";

/** A JSON object (not an array, not `null`). */
type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether every key of `value` is one of `allowed`. */
function onlyKeys(value: JsonObject, allowed: ReadonlySet<string>): boolean {
  for (const key in value) if (!allowed.has(key)) return false;
  return true;
}

/** A chat-completions chunk's fields that a text delta may carry beside its choice (`usage` only `null`). */
const chatChunkFields = new Set([
  "id",
  "object",
  "created",
  "model",
  "choices",
  "usage",
  "obfuscation",
  "system_fingerprint",
  "service_tier",
]);
const chatChoiceFields = new Set(["index", "delta", "finish_reason", "logprobs"]);
const chatDeltaFields = new Set(["role", "content"]);

/**
 * A chat-completions chunk that carries text of the first choice and nothing else: one choice
 * (index 0) with a non-empty `content`, no finish reason, no logprobs, no usage.
 */
function chatCompletionsTextChunk(data: unknown): boolean {
  if (!isObject(data) || !onlyKeys(data, chatChunkFields) || (data.usage ?? null) !== null) return false;
  const choices = data.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return false;
  const choice: unknown = choices[0];
  if (!isObject(choice) || !onlyKeys(choice, chatChoiceFields)) return false;
  if (
    (choice.index ?? 0) !== 0 ||
    (choice.finish_reason ?? null) !== null ||
    (choice.logprobs ?? null) !== null
  )
    return false;
  const delta = choice.delta;
  return (
    isObject(delta) &&
    onlyKeys(delta, chatDeltaFields) &&
    typeof delta.content === "string" &&
    delta.content !== ""
  );
}

const contentChunkFields = new Set(["candidates", "modelVersion", "responseId"]);
const candidateFields = new Set(["content", "index"]);
const contentFields = new Set(["parts", "role"]);

/**
 * A generate-content chunk that carries text of the first candidate and nothing else: one candidate
 * (index 0) whose content (the model's) is text parts alone, no thought or signature, no finish
 * reason, no usage metadata (which every chunk may repeat, and the record reads).
 */
function generateContentTextChunk(data: unknown): boolean {
  if (!isObject(data) || !onlyKeys(data, contentChunkFields)) return false;
  const candidates = data.candidates;
  if (!Array.isArray(candidates) || candidates.length !== 1) return false;
  const candidate: unknown = candidates[0];
  if (!isObject(candidate) || !onlyKeys(candidate, candidateFields) || (candidate.index ?? 0) !== 0)
    return false;
  const content = candidate.content;
  if (!isObject(content) || !onlyKeys(content, contentFields) || (content.role ?? "model") !== "model")
    return false;
  const parts = content.parts;
  if (!Array.isArray(parts) || parts.length === 0) return false;
  let text = false;
  for (const part of parts as unknown[]) {
    if (!isObject(part) || typeof part.text !== "string") return false;
    for (const key in part) if (key !== "text") return false;
    text ||= part.text !== "";
  }
  return text;
}

/**
 * Per data-only SSE format (by codec id), whether a stream chunk's parsed data is a plain text
 * delta: text of the answer and nothing the gateway reads (the answer's id and model come in the
 * first chunk, usage and the finish reason in chunks of their own or beside them, an error in an
 * error chunk). Once a stream's content has begun, the same-format check takes such a chunk by its
 * framing and `JSON.parse` alone, without the codec's stream decoder, as it takes the content
 * deltas of formats with event names (`eventsCheckedByFraming`; decision 0020, lever 25).
 * interactions (whose deltas the decoder reads only for a step it saw start) is not here.
 */
export const plainTextChunks: Readonly<Record<string, (data: unknown) => boolean>> = {
  "chat-completions": chatCompletionsTextChunk,
  "generate-content": generateContentTextChunk,
};

/** A non-empty JSON string without `\u` escapes. */
const text = jsonStringPattern.replace(/\*"$/, '+"');
const chatOther = `(?:"id":${jsonStringPattern}|"object":${jsonStringPattern}|"created":${jsonIntegerPattern}|"model":${jsonStringPattern}|"obfuscation":${jsonStringPattern}|"system_fingerprint":(?:${jsonStringPattern}|null)|"service_tier":(?:${jsonStringPattern}|null)|"usage":null)`;
const chatChoice = `\\{"index":0,"delta":\\{(?:"role":${jsonStringPattern},)?"content":${text}\\}(?:,"logprobs":null)?(?:,"finish_reason":null)?(?:,"logprobs":null)?\\}`;
const contentParts = `"parts":\\[\\{"text":${text}\\}\\]`;
const modelContent = `\\{(?:${contentParts}(?:,"role":"model")?|"role":"model",${contentParts})\\}`;
const candidate = `\\{(?:"content":${modelContent}(?:,"index":0)?|"index":0,"content":${modelContent})\\}`;
const generateContentOther = `(?:"modelVersion":${jsonStringPattern}|"responseId":${jsonStringPattern})`;

/**
 * Per format of {@link plainTextChunks}, a pattern matched only by compact JSON texts that are plain
 * text chunks (one text part or `content` delta, members in the order servers write them, no `\u`
 * escape): a text it matches parses into a chunk {@link plainTextChunks} takes, so the check may take
 * it without `JSON.parse` (decision 0020, lever 28); any other chunk is parsed and asked as before.
 */
export const plainTextChunkPatterns: Readonly<Record<string, RegExp>> = {
  "chat-completions": new RegExp(`^\\{(?:${chatOther},)*"choices":\\[${chatChoice}\\](?:,${chatOther})*\\}$`),
  "generate-content": new RegExp(
    `^\\{(?:${generateContentOther},)*"candidates":\\[${candidate}\\](?:,${generateContentOther})*\\}$`,
  ),
};
