import * as z from "zod/mini";

/**
 * Envelope codes: submitted, queued, parameter error or modal needed, system error or queue full
 * (also rate limited), no account / banned word, no balance, and 26 for a missing, wrong or
 * under-privileged key (HTTP 401 / 403): relays take 21 for "task already exists", a success, so
 * an auth failure must not use it.
 */
export const ImageTaskCode = {
  submitted: 1,
  parameterError: 21,
  queued: 22,
  systemError: 23,
  accountUnavailable: 24,
  insufficientBalance: 25,
  unauthorized: 26,
} as const;
/** An envelope code; see {@link ImageTaskCode}. */
export type ImageTaskCode = (typeof ImageTaskCode)[keyof typeof ImageTaskCode];

/** The answer of submit endpoints and the body of every error. */
export const ImageTaskEnvelope = z.looseObject({
  /** Outcome code; see {@link ImageTaskCode}. */
  code: z.int(),
  /** What happened, in words. */
  description: z.string(),
  /** Extension properties. */
  properties: z.optional(z.record(z.string(), z.unknown())),
  /** Task id, seed, URLs, or null on errors. */
  result: z.optional(z.union([z.string(), z.number(), z.array(z.string()), z.null()])),
});
/** An envelope; see {@link ImageTaskEnvelope}. */
export type ImageTaskEnvelope = z.infer<typeof ImageTaskEnvelope>;
