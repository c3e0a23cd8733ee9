import { type CodePart, type CodeResultPart, type Part, toStandardBase64 } from "@interlingua/core";
import {
  generateContentExtensions,
  generateContentFormat,
  unknownFields,
} from "../wire/generate-content-extensions";
import type { GenerateContentPart } from "../wire/generate-content-request-schema";
import { unwrapFunctionOutput } from "./generate-content-function-output";
import { mediaKindOf } from "./generate-content-media";

/** How {@link decodeGenerateContentPart} names function calls and responses that carry no id. */
export interface PartIdentity {
  /** The id for a function call without one. */
  callId(): string;
  /** The id for a function response without one (the call it answers), given the function name. */
  responseId(name: string): string;
}

/** The wire objects a part holds one of (beside `text`): each mapped in part, its other members kept under its name. */
export const generateContentPartObjects = [
  "inlineData",
  "fileData",
  "functionCall",
  "functionResponse",
  "executableCode",
  "codeExecutionResult",
] as const;

const partFields = new Set(["text", ...generateContentPartObjects, "thought", "thoughtSignature"]);
const blobFields = new Set(["mimeType", "data"]);
const fileFields = new Set(["mimeType", "fileUri"]);
const callFields = new Set(["id", "name", "args"]);
const responseFields = new Set(["id", "name", "response", "parts"]);
const codeFields = new Set(["language", "code"]);
const resultFields = new Set(["outcome", "output"]);

const outcomes: Record<string, CodeResultPart["outcome"]> = {
  OUTCOME_OK: "ok",
  OUTCOME_FAILED: "failed",
  OUTCOME_DEADLINE_EXCEEDED: "deadline_exceeded",
  OUTCOME_UNSPECIFIED: "unspecified",
};

/**
 * One wire part as a canonical part. Text is a text part, or a reasoning part when `thought` is
 * set; `thoughtSignature` becomes the part's `signature` (text, tool call, reasoning) or stays in
 * its extensions (other kinds). Everything the canonical part has no field for (video metadata,
 * part metadata, unknown fields, the original spellings) is kept in `extensions["generate-content"]`.
 */
export function decodeGenerateContentPart(part: GenerateContentPart, identity: PartIdentity): Part {
  const extra: Record<string, unknown> = unknownFields(part, partFields) ?? {};
  const signature =
    part.thoughtSignature === undefined
      ? undefined
      : { format: generateContentFormat, data: part.thoughtSignature };
  // `thought: false` says what its absence says (kept as a mark for the echo); `thought: true` on a
  // part that is not text says something only this format can.
  if (part.thought === false) extra.thoughtOff = true;
  else if (part.thought === true && part.text === undefined) extra.thought = true;

  if (part.text !== undefined) {
    const decoded: Part =
      part.thought === true ? { type: "reasoning", text: part.text } : { type: "text", text: part.text };
    if (signature) decoded.signature = signature;
    return withExtensions(decoded, extra);
  }
  if (part.inlineData) {
    const { data, urlSafe } = toStandardBase64(part.inlineData.data);
    if (urlSafe) extra.urlSafeBase64 = true;
    const unknown = unknownFields(part.inlineData, blobFields);
    if (unknown) extra.inlineData = unknown;
    keepSignature(part, extra);
    return withExtensions(
      {
        type: "media",
        kind: mediaKindOf(part.inlineData.mimeType),
        source: { type: "base64", data },
        mediaType: part.inlineData.mimeType,
      },
      extra,
    );
  }
  if (part.fileData) {
    const unknown = unknownFields(part.fileData, fileFields);
    if (unknown) extra.fileData = unknown;
    keepSignature(part, extra);
    const media: Part = {
      type: "media",
      kind: mediaKindOf(part.fileData.mimeType),
      source: { type: "url", url: part.fileData.fileUri },
    };
    if (part.fileData.mimeType !== undefined) media.mediaType = part.fileData.mimeType;
    return withExtensions(media, extra);
  }
  if (part.functionCall) {
    const call = part.functionCall;
    const unknown = unknownFields(call, callFields);
    if (unknown) extra.functionCall = unknown;
    if (call.id === undefined) extra.syntheticId = true;
    if (call.args === undefined) extra.argsOmitted = true;
    const decoded: Part = {
      type: "tool-call",
      id: call.id ?? identity.callId(),
      name: call.name,
      arguments: call.args ?? {},
    };
    if (signature) decoded.signature = signature;
    return withExtensions(decoded, extra);
  }
  if (part.functionResponse) {
    const response = part.functionResponse;
    const unknown = unknownFields(response, responseFields);
    if (unknown) extra.functionResponse = unknown;
    if (response.id === undefined) extra.syntheticId = true;
    keepSignature(part, extra);
    const { text, wrapper } = unwrapFunctionOutput(response.response);
    if (wrapper) extra.wrapper = wrapper;
    const content: (Part & { type: "text" | "media" })[] = [{ type: "text", text }];
    for (const item of response.parts ?? []) {
      if (!item.inlineData) continue;
      const { data, urlSafe } = toStandardBase64(item.inlineData.data);
      if (urlSafe) extra.urlSafeBase64 = true;
      content.push({
        type: "media",
        kind: mediaKindOf(item.inlineData.mimeType),
        source: { type: "base64", data },
        mediaType: item.inlineData.mimeType,
      });
    }
    const decoded: Part = {
      type: "tool-result",
      callId: response.id ?? identity.responseId(response.name),
      name: response.name,
      content,
    };
    if (wrapper === "error") decoded.isError = true;
    // Any other object is the function's own structured output, which its text only spells.
    if (wrapper === undefined) decoded.structured = true;
    return withExtensions(decoded, extra);
  }
  if (part.executableCode) {
    const unknown = unknownFields(part.executableCode, codeFields);
    if (unknown) extra.executableCode = unknown;
    keepSignature(part, extra);
    const language = part.executableCode.language === "PYTHON" ? "python" : part.executableCode.language;
    const decoded: CodePart = { type: "code", language, code: part.executableCode.code };
    return withExtensions(decoded, extra);
  }
  if (part.codeExecutionResult) {
    const result = part.codeExecutionResult;
    const unknown = unknownFields(result, resultFields);
    if (unknown) extra.codeExecutionResult = unknown;
    keepSignature(part, extra);
    const outcome = outcomes[result.outcome];
    if (!outcome) extra.outcome = result.outcome;
    const decoded: CodeResultPart = { type: "code-result", outcome: outcome ?? "unspecified" };
    if (result.output !== undefined) decoded.output = result.output;
    return withExtensions(decoded, extra);
  }
  // No data at all (a bare `thoughtSignature`, or an empty part): reasoning state with no text.
  extra.noData = true;
  const decoded: Part = { type: "reasoning" };
  if (signature) decoded.signature = signature;
  return withExtensions(decoded, extra);
}

/** Keeps the signature of a part kind that has no `signature` field in its extensions. */
function keepSignature(part: GenerateContentPart, extra: Record<string, unknown>): void {
  if (part.thoughtSignature !== undefined) extra.thoughtSignature = part.thoughtSignature;
}

function withExtensions<T extends Part>(part: T, extra: Record<string, unknown>): T {
  const extensions = generateContentExtensions(extra);
  if (extensions) part.extensions = extensions;
  return part;
}
