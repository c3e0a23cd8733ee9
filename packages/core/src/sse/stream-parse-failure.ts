const marker = Symbol.for("interlingua.stream-parse-failure");

/**
 * A piece of an event stream that could not be parsed (bad SSE framing, data that is not JSON).
 * It travels through the stream as an item, so a decoder can end its output with a clear `error`
 * event instead of the pipe being torn down by an exception.
 */
export class StreamParseFailure {
  readonly [marker] = true;
  constructor(
    /** What went wrong. */
    readonly message: string,
    /** The offending text. */
    readonly raw: string,
  ) {}

  /** True for a StreamParseFailure from any copy of the package. */
  static isInstance(value: unknown): value is StreamParseFailure {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[marker] === true;
  }
}
