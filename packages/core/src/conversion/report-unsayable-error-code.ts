import type { ErrorData } from "../model/error-data";
import type { ConversionContext } from "./conversion-context";

/**
 * For the stream encoder of a `target` format whose error event says a code only among its own
 * (a messages error type, a Gemini status): reports an upstream's error code `dropped` at
 * `/error/code` when what is sent does not say it (`said`), so an `insufficient_quota` reaching a
 * messages client as `rate_limit_error` is a loss at the field the upstream said it in. The decoders
 * keep as code only what the error's kind does not already say, so a code left out is information.
 */
export function reportUnsayableErrorCode(
  error: ErrorData,
  said: boolean,
  target: string,
  context: ConversionContext,
): void {
  if (error.code !== undefined && !said)
    context.lose(
      "dropped",
      "/error/code",
      `the ${target} format's error has no code ${error.code}: its kind's own is sent`,
    );
}
