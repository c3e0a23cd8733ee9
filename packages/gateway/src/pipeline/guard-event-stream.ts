import { CanonicalError, type ChatEvent } from "@interlingua/core";
import { clientWentAway } from "./client-went-away";
import type { EventReader } from "./event-reader-of";
import { asCallerEvent } from "./upstream-auth-failure";
import { upstreamReadError } from "./upstream-read-error";

/** Hooks of {@link guardEventStream}. */
export interface EventStreamHooks {
  /** Sees every event before it goes on (accumulating, counting). */
  onEvent?(event: ChatEvent): void;
  /** Runs before the terminal event goes on, so state it saves is there when the client sees the end. */
  beforeEnd?(event: ChatEvent): Promise<void>;
  /** The stream is over: ended, failed or cancelled by the client. */
  onClose?(error: CanonicalError | undefined): void;
}

function errorEvent(error: CanonicalError): ChatEvent {
  return { type: "error", error: error.toData() };
}

/**
 * An upstream event stream made safe to answer with: it always ends with exactly one terminal event
 * (a read failure or a stream that just stops becomes an `error` event, never a silent success),
 * nothing after the terminal event is read, and cancelling it cancels the upstream at once.
 * `opening` holds the events already read to decide the HTTP status.
 */
export function guardEventStream(
  opening: readonly ChatEvent[],
  reader: EventReader,
  hooks: EventStreamHooks = {},
): ReadableStream<ChatEvent> {
  const pending = [...opening];
  let closed = false;
  const close = (error: CanonicalError | undefined) => {
    if (closed) return;
    closed = true;
    hooks.onClose?.(error);
  };

  return new ReadableStream<ChatEvent>({
    async pull(controller) {
      let event: ChatEvent;
      const buffered = pending.shift();
      if (buffered) {
        event = buffered;
      } else {
        let next: ReadableStreamReadResult<ChatEvent>;
        try {
          next = await reader.read();
        } catch (thrown) {
          const error = upstreamReadError(thrown);
          controller.enqueue(errorEvent(error));
          controller.close();
          close(error);
          return;
        }
        if (next.done) {
          const error = new CanonicalError(
            "unavailable",
            "The upstream stream ended before the response was complete.",
          );
          controller.enqueue(errorEvent(error));
          controller.close();
          close(error);
          return;
        }
        event = asCallerEvent(next.value);
      }
      hooks.onEvent?.(event);
      if (event.type !== "response-end" && event.type !== "error") {
        controller.enqueue(event);
        return;
      }
      if (event.type === "response-end") await hooks.beforeEnd?.(event).catch(() => undefined);
      controller.enqueue(event);
      controller.close();
      reader.cancel().catch(() => undefined);
      close(event.type === "error" ? CanonicalError.fromData(event.error) : undefined);
    },
    async cancel(reason) {
      close(clientWentAway());
      await reader.cancel(reason);
    },
  });
}
