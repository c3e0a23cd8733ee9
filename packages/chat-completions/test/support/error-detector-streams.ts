/** A chat-completions stream that fails after some text with the error chunk `{error}`. */
function failingAfterText(error: Record<string, unknown>): unknown[] {
  const chunk = (delta: Record<string, unknown>) => ({
    id: "chatcmpl-err",
    object: "chat.completion.chunk",
    created: 1761000100,
    model: "gpt-4o-mini-2024-07-18",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
  });
  return [chunk({ role: "assistant", content: "" }), chunk({ content: "Par" }), { error }];
}

/**
 * Streams made for the loss detector's error checks (issue #15): an error whose type and code say
 * more than its kind (`insufficient_quota`), and one naming the request field at fault.
 */
export const errorDetectorStreams: Record<string, unknown[]> = {
  "insufficient quota mid-stream": failingAfterText({
    message: "You exceeded your current quota.",
    type: "insufficient_quota",
    param: null,
    code: "insufficient_quota",
  }),
  "invalid value naming a field mid-stream": failingAfterText({
    message: "Invalid value.",
    type: "invalid_request_error",
    param: "messages",
    code: "invalid_value",
  }),
};
