import type { ConversionContext } from "./conversion-context";

/**
 * Reports the creation time an upstream stated (canonical `created`, epoch seconds) `dropped` at
 * `/created`, its place in the upstream answer or stream: for the answer and stream encoders of a
 * `target` format that has no creation time (messages, generate-content), whose client is never told
 * it. A creation time the upstream did not state is no loss: nothing is reported then.
 */
export function reportUnsayableCreationTime(
  created: number | undefined,
  target: string,
  context: ConversionContext,
): void {
  if (created === undefined) return;
  context.lose(
    "dropped",
    "/created",
    `the ${target} format has no creation time: the upstream's is left out`,
  );
}
