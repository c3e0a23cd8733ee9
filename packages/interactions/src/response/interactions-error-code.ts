import { type ConversionContext, type ErrorData, pointer } from "@interlingua/core";
import { generateContentErrorByKind, generateContentErrorStatuses } from "@interlingua/generate-content";

/**
 * The `code` of an interaction error entry or `error` event for canonical error data: its own code
 * when that is a Gemini status of the same kind (`RESOURCE_EXHAUSTED`), else the status of its kind,
 * with another format's code (`insufficient_quota`) reported dropped.
 */
export function interactionsErrorCode(error: ErrorData, path: string, context: ConversionContext): string {
  if (error.code !== undefined && generateContentErrorStatuses[error.code]?.kind === error.kind)
    return error.code;
  if (error.code !== undefined)
    context.lose(
      "dropped",
      pointer(path, "code"),
      `Error code ${error.code} has no Gemini status; the kind's is sent`,
    );
  return generateContentErrorByKind[error.kind].status;
}
