import * as z from "zod/mini";

/** Account speed modes. */
export const ImageTaskMode = z.enum(["RELAX", "FAST", "TURBO"]);
/** An account speed mode; see {@link ImageTaskMode}. */
export type ImageTaskMode = z.infer<typeof ImageTaskMode>;

/** Selects among the configured backend accounts; every given field must match. */
export const ImageTaskAccountFilter = z.looseObject({
  /** Channel id the account must have. */
  channelId: z.optional(z.string()),
  /** Instance id the account must have. */
  instanceId: z.optional(z.string()),
  /** Modes, any of which the account must support; the task runs in the first one it does. */
  modes: z.optional(z.array(ImageTaskMode)),
  /** Text the account remark must contain. */
  remark: z.optional(z.string()),
  /** Whether the account must (or must not) have remix on. */
  remix: z.optional(z.boolean()),
  /** Whether the account must (or must not) auto-submit remix modals. */
  remixAutoConsidered: z.optional(z.boolean()),
});
/** An account filter; see {@link ImageTaskAccountFilter}. */
export type ImageTaskAccountFilter = z.infer<typeof ImageTaskAccountFilter>;

/** Selects the account an upload goes to. */
export const ImageTaskUploadFilter = z.looseObject({
  /** Target channel id. */
  channelId: z.optional(z.string()),
  /** Account instance id. */
  instanceId: z.optional(z.string()),
  /** Text the account remark must contain. */
  remark: z.optional(z.string()),
});
/** An upload filter; see {@link ImageTaskUploadFilter}. */
export type ImageTaskUploadFilter = z.infer<typeof ImageTaskUploadFilter>;
