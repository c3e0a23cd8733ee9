/** Input a reader could not make sense of: the message names the place (line, entry) and what is wrong. */
export class RecordingInputError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "RecordingInputError";
  }
}
