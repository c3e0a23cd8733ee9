import type { FrameWatcher } from "../pipeline/create-event-framer";
import type { RunWriter } from "./run-writer";

const textDecoder = new TextDecoder();

/**
 * A {@link FrameWatcher} that keeps each event of a stream body in `writer`, as the caller is sent
 * it, under the resume id `eventIdOf` reads from it; an event without one is not kept (a client
 * cannot resume after it).
 */
export function runEventRecorder(
  writer: RunWriter,
  eventIdOf: (wire: unknown) => string | undefined,
): FrameWatcher {
  return (wire, bytes) => {
    const id = eventIdOf(wire);
    if (id !== undefined) writer.addEvent({ id, frame: textDecoder.decode(bytes) });
  };
}
