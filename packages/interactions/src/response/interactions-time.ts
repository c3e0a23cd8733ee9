import type { ConversionContext } from "@interlingua/core";

/** An ISO 8601 time (`2026-06-01T12:00:00Z`) as epoch seconds, or undefined when it does not parse. */
export function secondsOfInteractionsTime(time: unknown): number | undefined {
  if (typeof time !== "string") return undefined;
  const milliseconds = Date.parse(time);
  return Number.isNaN(milliseconds) ? undefined : Math.floor(milliseconds / 1000);
}

/** Epoch seconds as the ISO 8601 time this format writes, to the second (`2026-06-01T12:00:00Z`). */
export function interactionsTimeOfSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * An answer's creation time (epoch seconds) as this format's `created`, reporting it `approximated`
 * at `/created` when it is not a whole second, which the format's time cannot say.
 */
export function encodeInteractionsCreated(seconds: number, context: ConversionContext): string {
  if (!Number.isInteger(seconds))
    context.lose("approximated", "/created", `the creation time ${seconds} is sent to the second`);
  return interactionsTimeOfSeconds(seconds);
}
