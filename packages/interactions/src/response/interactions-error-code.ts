import { type ConversionContext, type ErrorData, pointer } from "@interlingua/core";
import { generateContentErrorByKind, generateContentErrorStatuses } from "@interlingua/generate-content";

/**
 * The `code` of an interaction error entry or `error` event for canonical error data: its own code
 * when that is a Gemini status of the same kind (`RESOURCE_EXHAUSTED`) or the one its kind is sent
 * as (`overloaded` is `UNAVAILABLE`), else the status of its kind, with another format's code
 * (`insufficient_quota`) reported dropped.
 */
export function interactionsErrorCode(error: ErrorData, path: string, context: ConversionContext): string {
  const kindStatus = generateContentErrorByKind[error.kind].status;
  if (error.code === undefined) return kindStatus;
  if (generateContentErrorStatuses[error.code]?.kind === error.kind || error.code === kindStatus)
    return error.code;
  context.lose(
    "dropped",
    pointer(path, "code"),
    `Error code ${error.code} is no Gemini status; ${kindStatus} is sent`,
  );
  return kindStatus;
}
