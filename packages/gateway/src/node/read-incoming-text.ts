import type { IncomingMessage } from "node:http";
import { bodyText, requestTooLarge } from "@interlingua/core";

/**
 * A request body read straight from Node's `IncomingMessage` as UTF-8 text, with the rules of core's
 * `readLimitedText` without the Web stream it reads (decision 0020, lever 13): refused with
 * `request_too_large` at once when `content-length` exceeds `limit`, otherwise as soon as the bytes
 * read do, before the rest arrives; then the message is paused and left unread, so the answer still
 * goes out and the Node entry closes the connection once the client stops sending ("lingering
 * close"). A body that is not UTF-8 is refused with `invalid_request`; a client that goes away fails
 * the read as the Web stream did.
 */
export function readIncomingText(incoming: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(incoming.headers["content-length"] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(requestTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        detach();
        incoming.pause();
        reject(requestTooLarge(limit));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      detach();
      try {
        resolve(bodyText(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
      } catch (thrown) {
        reject(thrown);
      }
    };
    const onClose = () => {
      detach();
      reject(new Error("The client went away"));
    };
    const detach = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("close", onClose);
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("close", onClose);
    incoming.resume();
  });
}
