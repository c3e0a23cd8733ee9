/** A messages stream that fails after some text with `error` (its usage of nothing, so only the error is at stake). */
function failingAfterText(error: Record<string, unknown>): unknown[] {
  return [
    {
      type: "message_start",
      message: {
        id: "msg_err",
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-5",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0 },
      },
    },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hi" } },
    { type: "error", error },
  ];
}

/**
 * Streams made for the loss detector's error checks (issue #15): an error type that says more than
 * its kind (`billing_error`, read as a permission error elsewhere), one of a kind other formats'
 * events cannot name (`overloaded_error`), and a message naming the request field at fault.
 */
export const errorDetectorStreams: Record<string, unknown[]> = {
  "billing error mid-stream": failingAfterText({
    type: "billing_error",
    message: "Your credit balance is too low.",
  }),
  "overloaded error mid-stream": failingAfterText({ type: "overloaded_error", message: "Overloaded" }),
  "invalid request naming a field mid-stream": failingAfterText({
    type: "invalid_request_error",
    message: "messages.0.content: text content blocks must be non-empty",
  }),
};
