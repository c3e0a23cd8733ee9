import * as z from "zod/mini";
import { MessagesErrorObject } from "./messages-error";
import { MessagesResponse, MessagesResponseContentBlock, MessagesUsage } from "./messages-response";

/** A `content_block_delta` payload: text, tool input JSON, thinking, signature or citation. */
export const MessagesContentDelta = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("text_delta"), text: z.string() }),
  z.looseObject({ type: z.literal("input_json_delta"), partial_json: z.string() }),
  z.looseObject({ type: z.literal("thinking_delta"), thinking: z.string() }),
  z.looseObject({ type: z.literal("signature_delta"), signature: z.string() }),
  z.looseObject({ type: z.literal("citations_delta"), citation: z.looseObject({ type: z.string() }) }),
]);
/** A content delta; see {@link MessagesContentDelta}. */
export type MessagesContentDelta = z.infer<typeof MessagesContentDelta>;

/** One server-sent event of a streamed messages response (the SSE `event:` name equals `type`). */
export const MessagesStreamEvent = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("message_start"), message: MessagesResponse }),
  z.looseObject({
    type: z.literal("content_block_start"),
    index: z.int(),
    content_block: MessagesResponseContentBlock,
  }),
  z.looseObject({ type: z.literal("content_block_delta"), index: z.int(), delta: MessagesContentDelta }),
  z.looseObject({ type: z.literal("content_block_stop"), index: z.int() }),
  z.looseObject({
    type: z.literal("message_delta"),
    delta: z.looseObject({ stop_reason: z.nullish(z.string()), stop_sequence: z.nullish(z.string()) }),
    usage: MessagesUsage,
  }),
  z.looseObject({ type: z.literal("message_stop") }),
  z.looseObject({ type: z.literal("ping") }),
  z.looseObject({ type: z.literal("error"), error: MessagesErrorObject }),
]);
/** A stream event; see {@link MessagesStreamEvent}. */
export type MessagesStreamEvent = z.infer<typeof MessagesStreamEvent>;
