import * as z from "zod/mini";

/** A follow-up operation offered on a task; `customId` is what the action endpoint takes. */
export const ImageTaskButton = z.looseObject({
  /** Action identifier, `GEN::JOB::upsample::1::<hash>` and the like. */
  customId: z.string(),
  /** Button icon. */
  emoji: z.string(),
  /** Button text. */
  label: z.string(),
  /** 2 = primary, 3 = green. */
  style: z.int(),
  /** Component type (2 = button). */
  type: z.int(),
});
/** A button; see {@link ImageTaskButton}. */
export type ImageTaskButton = z.infer<typeof ImageTaskButton>;
