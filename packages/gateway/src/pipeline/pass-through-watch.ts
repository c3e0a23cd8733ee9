import type { CanonicalError, ChatEvent, ChatResponse } from "@interlingua/core";

/** What a same-format pass-through tells its observer as the upstream's answer goes by. */
export interface PassThroughWatch {
  /** The whole answer, decoded (a success only). */
  answer?(answer: ChatResponse): void;
  /** Each canonical event the stream check decoded. */
  event?(event: ChatEvent): void;
  /** The size of each piece of the body forwarded to the caller. */
  bytes?(count: number): void;
  /** The stream is over: ended, failed (the error the caller's stream ended with) or cancelled. */
  end?(error: CanonicalError | undefined): void;
}
