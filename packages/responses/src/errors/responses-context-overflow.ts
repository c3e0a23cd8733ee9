import type { ErrorData } from "@interlingua/core";

/** How backends word "the input is longer than the model's context window" in a 400. */
const overflowMessages: readonly RegExp[] = [
  /prompt is too long/i,
  /input token count .* exceeds/i,
  /exceeds the context window/i,
  /maximum context length/i,
  /context length exceeded/i,
  /context_length_exceeded/i,
];

/**
 * Whether an error is a backend saying the input does not fit the model's context window: this
 * format's own `context_length_exceeded` code, or an invalid-request error worded the way the other
 * formats' backends word it (`prompt is too long: 210000 tokens > 200000 maximum`, `The input token
 * count (1200000) exceeds the maximum number of tokens allowed (1048576)`). With `truncation:
 * disabled` the format answers this with a 400 naming `input`.
 */
export function isResponsesContextOverflow(error: Pick<ErrorData, "kind" | "message" | "code">): boolean {
  if (error.code === "context_length_exceeded") return true;
  return error.kind === "invalid_request" && overflowMessages.some((pattern) => pattern.test(error.message));
}
