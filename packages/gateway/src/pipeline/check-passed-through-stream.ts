import {
  type AnyCodec,
  CanonicalError,
  type ChatEvent,
  createConversionContext,
  formatSseMessage,
  StreamParseFailure,
} from "@interlingua/core";
import type { ByteSource } from "../http/byte-source";
import { clientWentAway } from "./client-went-away";
import type { SecretRedactor } from "./create-secret-redactor";
import { encodeTerminalError } from "./encode-event-stream";
import type { PassThroughWatch } from "./pass-through-watch";
import { redactJsonText } from "./redact-json-text";
import { asCallerError } from "./upstream-auth-failure";
import { upstreamReadError } from "./upstream-read-error";
import { type Keepalive, startKeepalive } from "./with-sse-keepalive";

const textEncoder = new TextEncoder();
/** The blank line that ends an SSE event, in any of the three line-ending spellings. */
const eventEnd = /\r\n\r\n|\n\n|\r\r/g;
const lineBreak = /\r\n|\r|\n/;
/** The most text one event may hold (a generate-content chunk can carry a whole inline image). */
const maxEventChars = 64 * 1024 * 1024;
/** Canonical events that may come before any content (see `readOpening`). */
const preamble = new Set<ChatEvent["type"]>(["response-start", "usage", "keepalive"]);

function malformed(what: string): CanonicalError {
  return new CanonicalError("unavailable", `The upstream sent a malformed stream: ${what}.`, {
    status: 502,
    code: "upstream_malformed_stream",
  });
}

/** One SSE event's fields; `undefined` for a comment-only block, an error for a block that is not SSE. */
function parseBlock(block: string): { event?: string; data: string } | undefined | CanonicalError {
  let event: string | undefined;
  let data: string | undefined;
  for (const line of block.includes("\r") ? block.split(lineBreak) : block.split("\n")) {
    if (line === "" || line.charCodeAt(0) === 58 /* : */) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === "data") data = data === undefined ? value : `${data}\n${value}`;
    else if (field === "event") event = value;
    else if (field !== "id" && field !== "retry")
      return malformed(`a line that is not an SSE field (${line.slice(0, 40)})`);
  }
  if (data === undefined) return undefined;
  return event === undefined ? { data } : { event, data };
}

/** What one step of the check gives: bytes for the caller, whether they hold content, or the end. */
type Step = { bytes: Uint8Array; content: boolean } | { end: true } | { failure: CanonicalError };

/** One event checked: its text for the caller (redacted) and whether it differs from what came. */
type CheckedEvent = { text: string; changed: boolean; content: boolean } | { failure: CanonicalError };

/**
 * A same-format stream checked on its way through, event by event, without ever holding more than
 * one event: each SSE event must be well-formed and its data JSON, and the upstream codec's own
 * stream decoder must accept it and see the format's end (messages `message_stop`, responses
 * `response.completed`/`incomplete`/`failed`, generate-content a chunk with its `finishReason`).
 * Events go on as the upstream wrote them, whole, with secrets redacted (so a secret split across
 * network chunks is still found). A malformed event, a broken connection, a timeout or a stream
 * that ends without its end becomes the format's error event; an error the upstream sent is
 * answered as the format's error event too.
 *
 * The stream's opening is read here, up to its first content: a failure there is thrown as a
 * {@link CanonicalError}, so the caller gets an HTTP error rather than a stream that starts and fails.
 * With `keepaliveMs`, `: keepalive` comments go out while the upstream is silent (see `startKeepalive`);
 * `onAnswerId` is told the id of the answer when its start goes by (the record is written while the
 * stream goes on); `watch` every decoded event, the size of every piece forwarded, and the end,
 * however it comes.
 */
export async function checkPassedThroughStream(
  reader: ByteSource,
  codec: AnyCodec,
  redact: SecretRedactor,
  keepaliveMs?: number,
  onAnswerId?: (id: string) => void | Promise<void>,
  watch?: PassThroughWatch,
): Promise<ByteSource> {
  const decoderTransformer = codec.createStreamDecoderTransformer?.(createConversionContext());
  const text = new TextDecoder();
  const decoded: ChatEvent[] = [];
  const collector: TransformStreamDefaultController<ChatEvent> = {
    desiredSize: 1,
    enqueue: (event) => decoded.push(event as ChatEvent),
    error: () => undefined,
    terminate: () => undefined,
  };
  decoderTransformer?.start?.(collector);
  let buffer = "";
  let complete = false;
  let finished = false;

  /** Feeds the decoder; the upstream's error (or the decoder's refusal), if it had one. */
  const decode = (run: () => void): { failure?: CanonicalError; content: boolean } => {
    decoded.length = 0;
    try {
      run();
    } catch (thrown) {
      return { failure: malformed((thrown as Error).message), content: false };
    }
    let content = false;
    for (const event of decoded) {
      watch?.event?.(event);
      if (event.type === "error") return { failure: CanonicalError.fromData(event.error), content };
      if (event.type === "response-end") complete = true;
      if (event.type === "response-start") void onAnswerId?.(event.id);
      if (!preamble.has(event.type)) content = true;
    }
    return { content };
  };

  const takeBlock = (block: string): CheckedEvent => {
    const fields = parseBlock(block);
    if (fields === undefined) {
      const text = redact(block);
      return { text, changed: text !== block, content: false };
    }
    if (CanonicalError.isInstance(fields)) return { failure: fields };
    let value: unknown;
    try {
      value = JSON.parse(fields.data);
    } catch {
      // `data: [DONE]` closes a chat-completions stream: its decoder reads it as the end.
      if (fields.data.trim() !== "[DONE]") return { failure: malformed("event data that is not JSON") };
      value = new StreamParseFailure("Event data is not valid JSON", fields.data);
    }
    const checked = decode(() => decoderTransformer?.transform?.(value, collector));
    if (checked.failure) return { failure: checked.failure };
    let text = redact(block);
    if (fields.data.includes("\\u")) {
      const data = redactJsonText(fields.data, value, redact);
      if (data !== redact(fields.data)) text = formatSseMessage({ ...fields, data });
    }
    return { text, changed: text !== block, content: checked.content };
  };

  const ended = (): Step => {
    const rest = buffer + text.decode();
    buffer = "";
    if (!complete && rest.trim() !== "") return { failure: malformed("the last event was cut off") };
    if (complete) return { end: true };
    const checked = decode(() => decoderTransformer?.flush?.(collector));
    if (checked.failure) return { failure: checked.failure };
    if (complete || !decoderTransformer) return { end: true };
    return {
      failure: new CanonicalError(
        "unavailable",
        "The upstream stream ended before the response was complete.",
      ),
    };
  };

  // Whether the bytes read so far ended exactly at an event boundary, so a chunk whose events all
  // go on unchanged can be forwarded as the very bytes that came (the common case, and the cheap one).
  let aligned = true;
  let failure: CanonicalError | undefined;
  let scanFrom = 0;
  const step = async (): Promise<Step> => {
    for (;;) {
      if (failure) return { failure };
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (thrown) {
        if (complete) return { end: true };
        return { failure: upstreamReadError(thrown) };
      }
      if (next.done) return ended();
      if (next.value.length === 0) continue;
      const startedAligned = aligned && buffer === "";
      buffer += text.decode(next.value, { stream: true });
      let out = "";
      let changed = false;
      let content = false;
      let start = 0;
      // Only the new text can complete the partial event held back (its boundary may start up to
      // three characters earlier), so a long event split into many chunks is scanned once.
      eventEnd.lastIndex = scanFrom;
      for (let found = eventEnd.exec(buffer); found; found = eventEnd.exec(buffer)) {
        const taken = takeBlock(buffer.slice(start, eventEnd.lastIndex));
        start = eventEnd.lastIndex;
        if ("failure" in taken) {
          failure = taken.failure;
          break;
        }
        out += taken.text;
        changed ||= taken.changed;
        content ||= taken.content;
      }
      buffer = failure ? "" : buffer.slice(start);
      scanFrom = Math.max(0, buffer.length - 3);
      if (buffer.length > maxEventChars) {
        failure = malformed(`an event longer than ${maxEventChars} characters, or no event boundary`);
        buffer = "";
      }
      const last = next.value[next.value.length - 1];
      aligned = buffer === "" && (last === 10 || last === 13);
      if (out === "") continue;
      const whole = startedAligned && aligned && !changed && !failure;
      return { bytes: whole ? next.value : textEncoder.encode(out), content };
    }
  };

  const opening: Uint8Array[] = [];
  for (;;) {
    const taken = await step();
    if ("failure" in taken) {
      await reader.cancel().catch(() => undefined);
      throw taken.failure;
    }
    if ("end" in taken) {
      finished = true;
      break;
    }
    opening.push(taken.bytes);
    if (taken.content || opening.length >= 16) break;
  }

  let watchEnded = false;
  const endWatch = (error: CanonicalError | undefined) => {
    if (watchEnded) return;
    watchEnded = true;
    watch?.end?.(error);
  };
  const forward = (bytes: Uint8Array): ReadableStreamReadResult<Uint8Array> => {
    watch?.bytes?.(bytes.byteLength);
    return { done: false, value: bytes };
  };
  /** The format's error event (or events) that closes a failed stream, already counted. */
  const closing: Uint8Array[] = [];
  let keepaliveDue: Uint8Array | undefined;
  /** Resolves the read waiting on the upstream, for a keepalive to go out in its place. */
  let wake: (() => void) | undefined;
  // The keepalive writes only while a read waits (`desiredSize` 0 of a queue of 0), as the stage's
  // own stream did while the caller waited and its queue was empty.
  const keepalive: Keepalive | undefined =
    keepaliveMs !== undefined && !finished
      ? startKeepalive(
          {
            get desiredSize() {
              return wake ? 0 : -1;
            },
            enqueue(bytes) {
              keepaliveDue = bytes;
              wake?.();
            },
          },
          keepaliveMs,
          0,
        )
      : undefined;
  const close = (error?: CanonicalError): ReadableStreamReadResult<Uint8Array> => {
    keepalive?.stop();
    endWatch(error);
    return { done: true, value: undefined };
  };
  /** A step under way, kept until a read takes it (a keepalive may go out while it waits). */
  let stepping: Promise<Step> | undefined;
  const nextStep = async (): Promise<Step | undefined> => {
    stepping ??= step();
    const taken = keepalive
      ? await Promise.race([
          stepping,
          new Promise<undefined>((resolve) => {
            wake = () => resolve(undefined);
          }),
        ])
      : await stepping;
    wake = undefined;
    return taken;
  };
  const read = async (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    const held = opening.shift();
    if (held) return forward(held);
    const last = closing.shift();
    if (last) return { done: false, value: last };
    if (finished) return close();
    const taken = await nextStep();
    if (keepaliveDue) {
      const bytes = keepaliveDue;
      keepaliveDue = undefined;
      return { done: false, value: bytes };
    }
    if (!taken) return read();
    stepping = undefined;
    keepalive?.touch();
    if ("bytes" in taken) return forward(taken.bytes);
    finished = true;
    if (!("failure" in taken)) return close();
    reader.cancel().catch(() => undefined);
    const failure = asCallerError(taken.failure);
    for (const bytes of await encodeTerminalError(codec, failure, redact)) {
      watch?.bytes?.(bytes.byteLength);
      closing.push(bytes);
    }
    keepalive?.stop();
    endWatch(failure);
    return read();
  };
  return {
    read,
    cancel(reason) {
      finished = true;
      opening.length = 0;
      closing.length = 0;
      keepalive?.stop();
      endWatch(clientWentAway());
      return reader.cancel(reason);
    },
  };
}
