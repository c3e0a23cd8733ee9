/** A generate-content stream that fails after one text chunk with the error body `error`. */
function failingAfterText(error: Record<string, unknown>): unknown[] {
  return [
    {
      candidates: [{ content: { parts: [{ text: "Hi" }], role: "model" }, index: 0 }],
      modelVersion: "gemini-2.5-flash",
      responseId: "r_err",
    },
    { error },
  ];
}

/**
 * Streams made for the loss detector's error checks (issue #15): a quota error whose status other
 * formats name otherwise, an unavailable backend, and a bad request naming its field.
 */
export const errorDetectorStreams: Record<string, unknown[]> = {
  "resource exhausted mid-stream": failingAfterText({
    code: 429,
    message: "Resource has been exhausted (e.g. check quota).",
    status: "RESOURCE_EXHAUSTED",
  }),
  "unavailable mid-stream": failingAfterText({
    code: 503,
    message: "The service is currently unavailable.",
    status: "UNAVAILABLE",
  }),
  "invalid argument naming a field mid-stream": failingAfterText({
    code: 400,
    message: "Invalid value.",
    status: "INVALID_ARGUMENT",
    details: [
      {
        "@type": "type.googleapis.com/google.rpc.BadRequest",
        fieldViolations: [{ field: "contents[0].parts", description: "Invalid value." }],
      },
    ],
  }),
};
