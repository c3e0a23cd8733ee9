import type { CanonicalError, ErrorData } from "@interlingua/core";
import { chatCompletionsFormatId } from "../chat-completions-extensions";
import { chatCompletionsErrorTypeByKind } from "./chat-completions-error-kinds";

/**
 * A mid-stream error chunk's error as data, with the chunk's error `type` kept where it says more
 * than the kind's own (`insufficient_quota`, not `rate_limit_error`): the stream encoder sends it
 * again, and another format's reports it lost.
 */
export function chatCompletionsErrorEventData(error: CanonicalError, type: unknown): ErrorData {
  const data = error.toData();
  if (typeof type === "string" && type !== chatCompletionsErrorTypeByKind[data.kind])
    data.extensions = { [chatCompletionsFormatId]: { type } };
  return data;
}
