import type { ErrorData } from "../model/error-data";
import type { ConversionContext } from "./conversion-context";

/**
 * For the stream encoder of a `target` format, given what its client reads back from the error it
 * sends (`readBack`, as the format's own decoder reads it): reports an upstream error's code and
 * param `dropped` (at `/error/code`, `/error/param`) where they do not come back, so an
 * `insufficient_quota` reaching a messages client as `rate_limit_error`, or a param an interactions
 * error cannot name, is a loss at the field the upstream said it in; so is a message read back
 * otherwise (given `readBack.message`: a param a messages error can only prefix to it, in a
 * spelling its client does not read back). The decoders keep as code only
 * what the error's kind does not already say, so a code left out is information. The kind and
 * status are {@link reportUnsayableErrorKind}'s.
 */
export function reportUnsayableErrorFields(
  error: ErrorData,
  readBack: Pick<ErrorData, "code" | "param"> & Partial<Pick<ErrorData, "message">>,
  target: string,
  context: ConversionContext,
): void {
  if (error.code !== undefined && readBack.code !== error.code)
    context.lose("dropped", "/error/code", `the ${target} format's error cannot say the code ${error.code}`);
  if (readBack.message !== undefined && readBack.message !== error.message)
    context.lose("approximated", "/error/message", `the ${target} format's error says the message otherwise`);
  if (error.param !== undefined && readBack.param !== error.param)
    context.lose(
      "dropped",
      "/error/param",
      `the ${target} format's error cannot name the field ${error.param}`,
    );
}
