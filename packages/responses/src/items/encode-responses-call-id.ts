import type { ConversionContext } from "@interlingua/core";
import { responsesDigest } from "../responses-digest";
import type { ResponsesEncodeTarget } from "./encode-responses-content";

/** The longest `call_id` the API takes in a request's `input`. */
export const maximumResponsesCallIdLength = 64;

/**
 * A tool call's id as the `call_id` of an input item. The API refuses a longer one than 64
 * characters (`Invalid 'input[95].call_id': string too long`), so a longer id (one a client or
 * another format made up) is sent as its SHA-256 digest, 64 hex characters, with a loss at `path`:
 * the call and the output that answers it get the same digest, turn after turn, so they still pair.
 * Ids in a response's output, which go to a client, are left as they are.
 */
export function encodeResponsesCallId(
  id: string,
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
): string {
  if (target !== "input" || id.length <= maximumResponsesCallIdLength) return id;
  context.lose(
    "approximated",
    path,
    `a call id of ${id.length} characters sent as its SHA-256 digest, within the 64-character limit`,
  );
  return responsesDigest(id);
}
