import {
  CanonicalError,
  type ConversionContext,
  callerParam,
  type OpaqueState,
  type Part,
  pointer,
  toUrlSafeBase64,
} from "@interlingua/core";
import { generateContentFormat, readGenerateContentExtension } from "../wire/generate-content-extensions";
import type { GenerateContentPart } from "../wire/generate-content-request-schema";
import {
  type FunctionOutputWrapper,
  toolResultText,
  unwrapFunctionOutput,
  wrapFunctionOutput,
} from "./generate-content-function-output";

/** What {@link encodeGenerateContentPart} needs besides the part. */
export interface PartEncoding {
  context: ConversionContext;
  /** JSON pointer of the part in the canonical document, for losses. */
  path: string;
  /** Function name of each tool call id in the conversation, to name function responses. */
  toolNames?: ReadonlyMap<string, string>;
}

const outcomes = {
  ok: "OUTCOME_OK",
  failed: "OUTCOME_FAILED",
  deadline_exceeded: "OUTCOME_DEADLINE_EXCEEDED",
  unspecified: "OUTCOME_UNSPECIFIED",
} as const;

/**
 * A canonical part as a wire part, or undefined when this format cannot carry it at all (the loss
 * is recorded). Fields kept by the decoder in `extensions["generate-content"]` are put back.
 */
export function encodeGenerateContentPart(
  part: Part,
  encoding: PartEncoding,
): GenerateContentPart | undefined {
  const { context, path } = encoding;
  const extra = readGenerateContentExtension(part);
  const wire: GenerateContentPart = {};
  switch (part.type) {
    case "text":
      wire.text = part.text;
      if (storedThought(extra) !== undefined) wire.thought = storedThought(extra);
      addSignature(wire, part.signature, context, path);
      if (part.citations?.length)
        context.lose("dropped", pointer(path, "citations"), "Citations on input text cannot be sent");
      break;
    case "reasoning":
      if (!extra?.noData) {
        wire.text = (part.text ?? "") + (part.summary?.join("\n\n") ?? "");
        wire.thought = true;
        if (part.summary?.length) {
          context.lose(
            "approximated",
            pointer(path, "summary"),
            "A reasoning summary is sent as thought text",
          );
        }
      } else if (storedThought(extra) !== undefined) {
        wire.thought = storedThought(extra);
      }
      addSignature(wire, part.signature, context, path);
      if (!extra?.noData && wire.text === "" && wire.thoughtSignature === undefined) {
        context.lose(
          "dropped",
          path,
          "Reasoning with neither text nor a signature of this format is not sent",
        );
        return undefined;
      }
      break;
    case "media":
      switch (part.source.type) {
        case "base64": {
          let mimeType = part.mediaType;
          if (mimeType === undefined) {
            mimeType = "application/octet-stream";
            context.lose(
              "approximated",
              pointer(path, "mediaType"),
              "Inline data needs a MIME type; application/octet-stream is sent",
            );
          }
          wire.inlineData = {
            mimeType,
            data: extra?.urlSafeBase64 ? toUrlSafeBase64(part.source.data) : part.source.data,
            ...(extra?.inlineData as object),
          };
          break;
        }
        case "url":
          wire.fileData = {
            ...(part.mediaType === undefined ? {} : { mimeType: part.mediaType }),
            fileUri: part.source.url,
            ...(extra?.fileData as object),
          };
          break;
        case "file-id":
          wire.fileData = {
            ...(part.mediaType === undefined ? {} : { mimeType: part.mediaType }),
            fileUri: part.source.fileId,
          };
          context.lose("approximated", pointer(path, "source"), "A file id is sent as a file URI");
          break;
        case "text":
          wire.text = part.source.text;
          context.lose("approximated", pointer(path, "source"), "A plain-text document is sent as text");
          break;
        default: {
          const unknown: never = part.source;
          throw new TypeError(`Unknown media source ${JSON.stringify(unknown)}`);
        }
      }
      // fileData names its kind by its MIME type alone: without one it reads back as a file.
      if (wire.fileData !== undefined && part.mediaType === undefined && part.kind !== "file")
        context.lose(
          "approximated",
          pointer(path, "kind"),
          `Media of kind ${part.kind} with no MIME type is sent as fileData without one, which names no kind`,
        );
      if (part.detail !== undefined)
        context.lose("dropped", pointer(path, "detail"), "Per-part image detail cannot be sent");
      if (part.filename !== undefined)
        context.lose("dropped", pointer(path, "filename"), "File names cannot be sent");
      if (part.title !== undefined)
        context.lose("dropped", pointer(path, "title"), "Document titles cannot be sent");
      break;
    case "tool-call": {
      let args = part.arguments;
      if (
        part.rawArguments !== undefined ||
        typeof args !== "object" ||
        args === null ||
        Array.isArray(args)
      ) {
        context.lose(
          "approximated",
          pointer(path, "arguments"),
          "Function arguments must be a JSON object; the value is wrapped as {value}",
        );
        args = part.rawArguments !== undefined ? { value: part.rawArguments } : { value: args };
      }
      wire.functionCall = {
        ...(extra?.syntheticId ? {} : { id: part.id }),
        name: part.name,
        ...(extra?.argsOmitted && isEmptyObject(args) ? {} : { args: args as Record<string, unknown> }),
        ...(extra?.functionCall as object),
      };
      addSignature(wire, part.signature, context, path);
      break;
    }
    case "tool-result": {
      const name = encoding.toolNames?.get(part.callId) ?? part.name;
      if (name === undefined) {
        throw new CanonicalError(
          "invalid_request",
          `No earlier tool call has the id ${part.callId}, so its function name is unknown`,
          { param: callerParam(encoding.context, path) },
        );
      }
      const { text, textParts } = toolResultText(part.content);
      if (textParts > 1)
        context.lose(
          "approximated",
          pointer(path, "content"),
          "Several text parts of a tool result are joined into one",
        );
      const parts: { inlineData: { mimeType: string; data: string } }[] = [];
      for (const item of part.content) {
        if (item.type !== "media") continue;
        if (item.source.type === "base64" && item.mediaType !== undefined) {
          parts.push({
            inlineData: {
              mimeType: item.mediaType,
              data: extra?.urlSafeBase64 ? toUrlSafeBase64(item.source.data) : item.source.data,
            },
          });
        } else {
          context.lose(
            "dropped",
            pointer(path, "content"),
            "Only inline media with a MIME type can go in a function response",
          );
        }
      }
      const response = wrapFunctionOutput(
        text,
        part.isError,
        extra?.wrapper as FunctionOutputWrapper | undefined,
      );
      if (part.structured === true && unwrapFunctionOutput(response).wrapper !== undefined)
        context.lose(
          "approximated",
          pointer(path, "structured"),
          `This result is sent as its text in a function response's ${Object.keys(response)[0]}: it is not an object the response can be`,
        );
      wire.functionResponse = {
        ...(extra?.syntheticId ? {} : { id: part.callId }),
        name,
        response,
        ...(parts.length > 0 ? { parts } : {}),
        ...(extra?.functionResponse as object),
      };
      break;
    }
    case "code": {
      if (part.id) context.lose("dropped", pointer(path, "id"), "Code parts have no ids in this format");
      const language = part.language === "python" ? "PYTHON" : part.language;
      if (language !== "PYTHON" && language !== "LANGUAGE_UNSPECIFIED")
        context.lose(
          "approximated",
          pointer(path, "language"),
          `Code in ${part.language} is sent as LANGUAGE_UNSPECIFIED`,
        );
      wire.executableCode = {
        language: language === "PYTHON" ? language : "LANGUAGE_UNSPECIFIED",
        code: part.code,
        ...(extra?.executableCode as object),
      };
      break;
    }
    case "code-result":
      if (part.id) context.lose("dropped", pointer(path, "id"), "Code results have no ids in this format");
      wire.codeExecutionResult = {
        outcome: (extra?.outcome as string | undefined) ?? outcomes[part.outcome],
        ...(part.output === undefined ? {} : { output: part.output }),
        ...(extra?.codeExecutionResult as object),
      };
      break;
    case "refusal":
      // An empty refusal refuses nothing: nothing to send, nothing lost.
      if (part.text === "") return undefined;
      wire.text = part.text;
      context.lose("approximated", path, "A refusal is sent as text");
      break;
    case "hosted-tool-call":
    case "hosted-tool-result":
      context.lose("dropped", path, `A ${part.type} part (${part.tool}) cannot be sent in this format`);
      return undefined;
    default: {
      const unknown: never = part;
      throw new TypeError(`Unknown part ${JSON.stringify(unknown)}`);
    }
  }
  if (part.type !== "text" && part.type !== "reasoning" && part.type !== "tool-call") {
    if (extra?.thoughtSignature !== undefined) wire.thoughtSignature = extra.thoughtSignature as string;
    if (storedThought(extra) !== undefined) wire.thought = storedThought(extra);
  }
  if ("cache" in part && part.cache)
    context.lose(
      "dropped",
      pointer(path, "cache"),
      "Cache hints cannot be sent; caching is implicit or by cachedContent",
    );
  if (extra) copyUnknown(wire, extra);
  return wire;
}

/** The `thought` flag the decoder kept (`thoughtOff` for an explicit `false`). */
function storedThought(extra: Record<string, unknown> | undefined): boolean | undefined {
  return extra?.thoughtOff ? false : (extra?.thought as boolean | undefined);
}

/** Fields the decoder stored that are not part fields of their own (they are restored above). */
const storedMarkers = new Set([
  "thought",
  "thoughtOff",
  "thoughtSignature",
  "urlSafeBase64",
  "inlineData",
  "fileData",
  "functionCall",
  "functionResponse",
  "executableCode",
  "codeExecutionResult",
  "syntheticId",
  "argsOmitted",
  "wrapper",
  "outcome",
  "noData",
]);

function copyUnknown(wire: GenerateContentPart, extra: Record<string, unknown>): void {
  for (const key in extra) if (!storedMarkers.has(key)) (wire as Record<string, unknown>)[key] = extra[key];
}

function addSignature(
  wire: GenerateContentPart,
  signature: OpaqueState | undefined,
  context: ConversionContext,
  path: string,
) {
  if (!signature) return;
  if (signature.format === generateContentFormat) wire.thoughtSignature = signature.data;
  else
    context.lose(
      "dropped",
      pointer(path, "signature"),
      `A ${signature.format} signature cannot be sent to this format`,
    );
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  for (const _key in value) return false;
  return true;
}
