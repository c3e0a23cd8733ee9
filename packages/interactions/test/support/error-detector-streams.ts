/** An interactions stream that fails after some text with the error event's `error`. */
function failingAfterText(error: Record<string, unknown>): unknown[] {
  return [
    {
      event_type: "interaction.created",
      event_id: "1",
      interaction: {
        id: "v1_err",
        model: "gemini-3-flash-preview",
        status: "in_progress",
        object: "interaction",
      },
    },
    { event_type: "step.start", event_id: "2", index: 0, step: { type: "model_output" } },
    { event_type: "step.delta", event_id: "3", index: 0, delta: { type: "text", text: "Partial" } },
    { event_type: "error", event_id: "4", error },
  ];
}

/**
 * Streams made for the loss detector's error checks (issue #15): an unavailable backend, a kind the
 * messages format's error types read as a server error.
 */
export const errorDetectorStreams: Record<string, unknown[]> = {
  "unavailable mid-stream": failingAfterText({ code: "UNAVAILABLE", message: "The model is overloaded." }),
};
