import type { ChatEvent } from "../model/chat-event";
import type { ErrorData } from "../model/error-data";
import type { StreamTransformer } from "./stream-transformer";

/**
 * A codec's stream encoder as a synchronous transformer that can also be failed once it has
 * started: {@link StreamEncoderTransformer.fail} ends the stream it is writing with the format's
 * error, as the continuation of what it already sent.
 */
export interface StreamEncoderTransformer<O = unknown> extends StreamTransformer<ChatEvent, O> {
  /**
   * Ends the stream with the format's terminal error for `error`, continuing what this encoder has
   * already sent: the same response id, the numbering going on, the model and settings as already
   * announced, an item left open closed as interrupted. For a caller whose `transform` or `flush`
   * threw (a loss in strict mode) or that stops feeding events; a fresh encoder given the `error`
   * event would start a new stream instead. It records no loss and does not throw; nothing may be
   * given to the encoder after it, and it sends nothing when the stream has already ended.
   */
  fail?(error: ErrorData, controller: TransformStreamDefaultController<O>): void;
}
