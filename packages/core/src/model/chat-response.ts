import * as z from "zod/mini";
import { Candidate } from "./candidate";
import { ErrorData } from "./error-data";
import { Extensions } from "./extensions";
import { FinishReason } from "./finish-reason";
import { Part } from "./part";
import { Usage } from "./usage";

/** Lifecycle state of a response. */
export const ResponseStatus = z.enum(["completed", "incomplete", "failed", "in_progress"]);
/** Lifecycle state; see {@link ResponseStatus}. */
export type ResponseStatus = z.infer<typeof ResponseStatus>;

/** The model's turn, in the format-neutral model every codec converts to. */
export const ChatResponse = z.object({
  /** Response id from the backend (or generated). */
  id: z.string(),
  /** Model that answered. */
  model: z.string(),
  /** Creation time, epoch seconds. */
  created: z.optional(z.int()),
  /** The assistant's output parts, in order. */
  parts: z.array(Part),
  /** Why generation stopped. */
  finishReason: FinishReason,
  /** The stop sequence that ended generation, when one did. */
  stopSequence: z.optional(z.string()),
  /** Token counts. */
  usage: Usage,
  /** Alternative responses beyond the first. */
  candidates: z.optional(z.array(Candidate)),
  /** Lifecycle state; `completed` unless the response was cut short or failed. */
  status: ResponseStatus,
  /** Why the response failed, when `status` is `failed`. */
  error: z.optional(ErrorData),
  /** Format-specific fields (safety ratings, grounding, echoed settings, service tier). */
  extensions: z.optional(Extensions),
});
/** A format-neutral chat response; see {@link ChatResponse}. */
export type ChatResponse = z.infer<typeof ChatResponse>;
