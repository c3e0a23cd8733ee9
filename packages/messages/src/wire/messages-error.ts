import * as z from "zod/mini";

/** The `error` object: the error `type` (`invalid_request_error`, ...) and a message. */
export const MessagesErrorObject = z.looseObject({ type: z.string(), message: z.string() });

/** An error answer: `{type: "error", error: {type, message}, request_id?}`. */
export const MessagesErrorBody = z.looseObject({
  type: z.literal("error"),
  error: MessagesErrorObject,
  request_id: z.nullish(z.string()),
});
/** An error answer; see {@link MessagesErrorBody}. */
export type MessagesErrorBody = z.infer<typeof MessagesErrorBody>;
