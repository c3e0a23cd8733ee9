import * as z from "zod/mini";
import { ImageTaskButton } from "./image-task-button";

/** Task kinds (the seed's list). */
export const ImageTaskAction = z.enum([
  "IMAGINE",
  "UPSCALE",
  "VARIATION",
  "ZOOM",
  "PAN",
  "DESCRIBE",
  "BLEND",
  "SHORTEN",
  "SWAP_FACE",
]);
/** A task kind; see {@link ImageTaskAction}. */
export type ImageTaskAction = z.infer<typeof ImageTaskAction>;

/** Task states. */
export const ImageTaskStatus = z.enum([
  "NOT_START",
  "SUBMITTED",
  "MODAL",
  "IN_PROGRESS",
  "FAILURE",
  "SUCCESS",
  "CANCEL",
]);
/** A task state; see {@link ImageTaskStatus}. */
export type ImageTaskStatus = z.infer<typeof ImageTaskStatus>;

/** The task record callers fetch and notify hooks receive. Timestamps are epoch milliseconds. */
export const ImageTaskRecord = z.looseObject({
  /** Task id. */
  id: z.string(),
  /** Task kind. */
  action: ImageTaskAction,
  /** Task state. */
  status: ImageTaskStatus,
  /** The prompt as submitted (for describe: the four suggestions). */
  prompt: z.string(),
  /** The English prompt the backend received. */
  promptEn: z.string(),
  /** What was asked, in words (`/imagine a cat`). */
  description: z.string(),
  /** The caller's tracking value, echoed. */
  state: z.nullable(z.string()),
  /** URL of the result image, under the service's public base URL. */
  imageUrl: z.nullable(z.string()),
  /**
   * Each image of the result on its own, once SUCCESS: the four candidates of a grid, or the one
   * image (`[{ url }]`, the relays' `ImgUrls` shape, QuantumNous/new-api `dto/midjourney.go`).
   */
  imageUrls: z.optional(z.array(z.looseObject({ url: z.string() }))),
  /** Progress, `"0%"` to `"100%"`. */
  progress: z.string(),
  /** Why the task failed, in words. */
  failReason: z.nullable(z.string()),
  /** Submission time. */
  submitTime: z.int(),
  /** When work started. */
  startTime: z.nullable(z.int()),
  /** When it finished (success, failure or cancel). */
  finishTime: z.nullable(z.int()),
  /** Extension properties (`finalPrompt`, `botType`, `discordInstanceId`, ...). */
  properties: z.record(z.string(), z.unknown()),
  /** What can be done next. */
  buttons: z.array(ImageTaskButton),
});
/** A task record; see {@link ImageTaskRecord}. */
export type ImageTaskRecord = z.infer<typeof ImageTaskRecord>;
