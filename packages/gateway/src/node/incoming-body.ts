import type { IncomingMessage } from "node:http";

/** A request body as a Web stream over the message, and a way to take the message back from it. */
export interface IncomingBody {
  stream: ReadableStream<Uint8Array<ArrayBuffer>>;
  /** Takes the message back from the stream when nothing read it yet; false when something did. */
  release(): boolean;
}

/**
 * The request body as a Web stream that reads only when read (no chunk is taken from the message
 * before a reader asks: a high-water mark of 0), and that can tell it was never read, so the body
 * can still be read straight from the message instead. Cancelling it (a body over the limit) stops
 * delivery without destroying the socket, so the answer still goes out.
 */
export function incomingBody(incoming: IncomingMessage): IncomingBody {
  let pulled = false;
  let detach = () => {};
  const stream = new ReadableStream<Uint8Array<ArrayBuffer>>(
    {
      start(controller) {
        const onData = (chunk: Buffer) => {
          controller.enqueue(new Uint8Array(chunk.buffer as ArrayBuffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) incoming.pause();
        };
        const onEnd = () => {
          detach();
          controller.close();
        };
        const onClose = () => {
          detach();
          controller.error(new Error("The client went away"));
        };
        detach = () => {
          incoming.off("data", onData);
          incoming.off("end", onEnd);
          incoming.off("close", onClose);
        };
        incoming.pause();
        incoming.on("data", onData);
        incoming.on("end", onEnd);
        incoming.on("close", onClose);
      },
      pull() {
        pulled = true;
        incoming.resume();
      },
      cancel() {
        detach();
        incoming.pause();
      },
    },
    { highWaterMark: 0 },
  );
  return {
    stream,
    release() {
      if (pulled || stream.locked) return false;
      detach();
      return true;
    },
  };
}
