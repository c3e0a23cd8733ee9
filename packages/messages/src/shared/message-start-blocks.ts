/**
 * The `response-start` extension (under `messages`) counting the parts that arrived whole inside
 * `message_start` (programmatic tool calls), which come first in the stream: an encoder back to
 * this format puts that many parts back into `message_start.message.content`.
 */
export const messageStartBlocksKey = "messageStartBlocks";
