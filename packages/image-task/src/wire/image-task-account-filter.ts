import * as z from "zod";

/** Account speed modes. */
export const ImageTaskMode = z.enum(["RELAX", "FAST", "TURBO"]);
/** An account speed mode; see {@link ImageTaskMode}. */
export type ImageTaskMode = z.infer<typeof ImageTaskMode>;

/** Selects among the configured backend accounts; every given field must match. */
export const ImageTaskAccountFilter = z.looseObject({
  /** Channel id the account must have. */
  channelId: z.string().optional(),
  /** Instance id the account must have. */
  instanceId: z.string().optional(),
  /** Modes, any of which the account must support; the task runs in the first one it does. */
  modes: z.array(ImageTaskMode).optional(),
  /** Text the account remark must contain. */
  remark: z.string().optional(),
  /** Whether the account must (or must not) have remix on. */
  remix: z.boolean().optional(),
  /** Whether the account must (or must not) auto-submit remix modals. */
  remixAutoConsidered: z.boolean().optional(),
});
/** An account filter; see {@link ImageTaskAccountFilter}. */
export type ImageTaskAccountFilter = z.infer<typeof ImageTaskAccountFilter>;

/** Selects the account an upload goes to. */
export const ImageTaskUploadFilter = z.looseObject({
  /** Target channel id. */
  channelId: z.string().optional(),
  /** Account instance id. */
  instanceId: z.string().optional(),
  /** Text the account remark must contain. */
  remark: z.string().optional(),
});
/** An upload filter; see {@link ImageTaskUploadFilter}. */
export type ImageTaskUploadFilter = z.infer<typeof ImageTaskUploadFilter>;
