import { statusByErrorKind } from "../errors/error-status";
import type { ErrorData, ErrorKind } from "../model/error-data";
import type { ConversionContext } from "./conversion-context";

/**
 * For the stream encoder of a `target` format whose mid-stream error has no HTTP status and names
 * its failure in fewer kinds (a chat-completions or responses error event): given the kind the
 * target's client reads from what is sent (`readBack`), reports the error's kind `approximated` at
 * `/error/kind` when that reads as another kind (an `unavailable` upstream sent as a server error),
 * and the HTTP status the upstream stated `dropped` at `/error/status` when it is not the one the
 * kind read back goes with (a 503 that comes back as 500). The decoder traces both to the fields its
 * error said them in; a status it did not trace (one its kind gave) is not the upstream's.
 */
export function reportUnsayableErrorKind(
  error: ErrorData,
  readBack: ErrorKind,
  target: string,
  context: ConversionContext,
): void {
  if (readBack !== error.kind)
    context.lose(
      "approximated",
      "/error/kind",
      `the ${target} format's error has no ${error.kind} kind: it reads as ${readBack}`,
    );
  // Only a status the upstream stated (traced to a field of its own), not one its kind gave.
  const stated = context.sourcePath("/error/status");
  if (
    stated !== "" &&
    stated !== context.sourcePath("/error") &&
    error.status !== statusByErrorKind[readBack]
  )
    context.lose("dropped", "/error/status", `the ${target} format's error event has no HTTP status`);
}
