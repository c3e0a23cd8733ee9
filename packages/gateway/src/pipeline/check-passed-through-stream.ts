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
import { compactEventPattern, provenByPattern } from "./compact-event-pattern";
import type { SecretRedactor } from "./create-secret-redactor";
import { encodeTerminalError } from "./encode-event-stream";
import { eventsCheckedByFraming } from "./events-checked-by-framing";
import type { PassThroughWatch } from "./pass-through-watch";
import { plainTextChunkPatterns, plainTextChunks } from "./plain-text-chunks";
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
/** What the check's decoder is fed at the stream's end, in place of an event's data: its `flush`. */
const flushing = Symbol("flushing");
/** Canonical events that may come before any content (see `readOpening`). */
const preamble = new Set<ChatEvent["type"]>(["response-start", "usage", "keepalive"]);

function malformed(what: string): CanonicalError {
  return new CanonicalError("unavailable", `The upstream sent a malformed stream: ${what}.`, {
    status: 502,
    code: "upstream_malformed_stream",
  });
}

/** A line of an SSE block that is not a field. */
function notAField(line: string): CanonicalError {
  return malformed(`a line that is not an SSE field (${line.slice(0, 40)})`);
}

/** One SSE event's fields; `undefined` for a comment-only block, an error for a block that is not SSE. */
function parseBlock(block: string): { event?: string; data: string } | undefined | CanonicalError {
  if (!block.includes("\r")) return parseLfBlock(block);
  let event: string | undefined;
  let data: string | undefined;
  for (const line of block.split(lineBreak)) {
    if (line === "" || line.charCodeAt(0) === 58 /* : */) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === "data") data = data === undefined ? value : `${data}\n${value}`;
    else if (field === "event") event = value;
    else if (field !== "id" && field !== "retry") return notAField(line);
  }
  if (data === undefined) return undefined;
  return event === undefined ? { data } : { event, data };
}

/**
 * {@link parseBlock} for a block whose lines all end in `\n` (what upstreams send): the lines are
 * read in place, one `indexOf` each, and only the values are copied out (no array of lines).
 */
function parseLfBlock(block: string): { event?: string; data: string } | undefined | CanonicalError {
  let event: string | undefined;
  let data: string | undefined;
  for (let start = 0; start < block.length; ) {
    let end = block.indexOf("\n", start);
    if (end < 0) end = block.length;
    const next = end + 1;
    if (end === start || block.charCodeAt(start) === 58 /* : */) {
      start = next;
      continue;
    }
    let colon = block.indexOf(":", start);
    if (colon < 0 || colon > end) colon = end;
    let from = colon + 1;
    if (block.charCodeAt(from) === 32 && from < end) from++;
    const value = from >= end ? "" : block.slice(from, end);
    const fieldLength = colon - start;
    if (fieldLength === 4 && block.startsWith("data", start))
      data = data === undefined ? value : `${data}\n${value}`;
    else if (fieldLength === 5 && block.startsWith("event", start)) event = value;
    else if (
      !(fieldLength === 2 && block.startsWith("id", start)) &&
      !(fieldLength === 5 && block.startsWith("retry", start))
    )
      return notAField(block.slice(start, end));
    start = next;
  }
  if (data === undefined) return undefined;
  return event === undefined ? { data } : { event, data };
}

/**
 * Text that ends no SSE event, secrets redacted. It cannot be parsed as an event's JSON, so a
 * secret spelled with `\u` escapes is looked for in the text with its escapes read; where one
 * hides, the text goes on with its escapes read and the secret redacted.
 */
function redactUnfinished(text: string, redact: SecretRedactor): string {
  const redacted = redact(text);
  if (!text.includes("\\u")) return redacted;
  const unescaped = text.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
  const unescapedRedacted = redact(unescaped);
  return unescapedRedacted === unescaped ? redacted : unescapedRedacted;
}

/** What one step of the check gives: bytes for the caller, whether they hold content, or the end. */
type Step = { bytes: Uint8Array; content: boolean } | { end: true } | { failure: CanonicalError };

/** An event whose data spells a character with a `\u` escape, which could hide a secret from a scan of its text. */
type EscapedEvent = { fields: { event?: string; data: string }; value: unknown };

/** One event checked: whether it holds content, and its fields when its data has `\u` escapes. */
type CheckedEvent = { content: boolean; escaped?: EscapedEvent } | { failure: CanonicalError };

const withContent: CheckedEvent = { content: true };
const withoutContent: CheckedEvent = { content: false };

/**
 * A same-format stream checked on its way through, event by event, without ever holding more than
 * one event: each SSE event must be well-formed and its data JSON, and the upstream codec's own
 * stream decoder must accept it (all but the content deltas and keepalives of
 * {@link eventsCheckedByFraming} and, once content has begun, the plain text chunks of
 * {@link plainTextChunks}, checked by their framing and JSON alone) and see the format's end
 * (messages `message_stop`, responses `response.completed`/`incomplete`/`failed`, generate-content
 * a chunk with its `finishReason`).
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
  /** The events checked without the decoder (see {@link eventsCheckedByFraming}). */
  const byFraming = decoderTransformer && eventsCheckedByFraming[codec.id];
  /** A data-only format's plain text chunks, checked without the decoder once content has begun (see {@link plainTextChunks}). */
  const plainText = decoderTransformer && plainTextChunks[codec.id];
  const plainTextPattern = decoderTransformer && plainTextChunkPatterns[codec.id];
  /** Whether an event with content went by: the stream's opening is over. */
  let contentSeen = false;
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

  /**
   * Feeds the decoder one event's parsed data (or, with {@link flushing}, its end); the upstream's
   * error (or the decoder's refusal), if it had one.
   */
  const decode = (value: unknown): { failure?: CanonicalError; content: boolean } => {
    decoded.length = 0;
    try {
      if (value === flushing) decoderTransformer?.flush?.(collector);
      else decoderTransformer?.transform?.(value, collector);
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

  /** One event checked (its redaction is the chunk's, see `step`). */
  const takeBlock = (block: string): CheckedEvent => {
    const fields = parseBlock(block);
    if (fields === undefined) return withoutContent;
    if (CanonicalError.isInstance(fields)) return { failure: fields };
    const framed = fields.event === undefined ? undefined : byFraming?.get(fields.event);
    // A content delta or keepalive in the compact JSON upstreams write is proven JSON of its own
    // type by its pattern, without `JSON.parse` (see `compactEventPattern`).
    if (framed !== undefined && provenByPattern(compactEventPattern(fields.event as string), fields.data))
      return framed ? withContent : withoutContent;
    // So is a plain text chunk of a data-only format, once content has begun.
    if (
      contentSeen &&
      fields.event === undefined &&
      plainTextPattern !== undefined &&
      provenByPattern(plainTextPattern, fields.data)
    )
      return withContent;
    let value: unknown;
    try {
      value = JSON.parse(fields.data);
    } catch {
      // `data: [DONE]` closes a chat-completions stream: its decoder reads it as the end.
      if (fields.data.trim() !== "[DONE]") return { failure: malformed("event data that is not JSON") };
      value = new StreamParseFailure("Event data is not valid JSON", fields.data);
    }
    if (framed !== undefined && (value as { type?: unknown } | null)?.type === fields.event) {
      if (fields.data.includes("\\u")) return { content: framed, escaped: { fields, value } };
      return framed ? withContent : withoutContent;
    }
    if (contentSeen && fields.event === undefined && plainText?.(value)) {
      if (fields.data.includes("\\u")) return { content: true, escaped: { fields, value } };
      return withContent;
    }
    const checked = decode(value);
    if (checked.failure) return { failure: checked.failure };
    if (fields.data.includes("\\u")) return { content: checked.content, escaped: { fields, value } };
    return checked.content ? withContent : withoutContent;
  };

  /** One event's text for the caller, secrets redacted (`escaped` as {@link takeBlock} gave it). */
  const redactBlock = (block: string, escaped: EscapedEvent | undefined): string => {
    const text = redact(block);
    if (!escaped) return text;
    const data = redactJsonText(escaped.fields.data, escaped.value, redact);
    return data !== redact(escaped.fields.data) ? formatSseMessage({ ...escaped.fields, data }) : text;
  };

  /** Set once the bytes after the format's end (see `ended`) went out: the next step is the end. */
  let drained = false;
  /**
   * The upstream's body is over. Before the format's end, an event left without its blank line
   * is checked as if it had one (a partial one is a cut), then the decoder's `flush`; after it, whatever is left (bytes that end
   * no event, such as a `data: [DONE]` without its blank line) goes on as it came, secrets
   * redacted, so the caller's own SSE parser reads what it would have read from the upstream.
   */
  const ended = (): Step => {
    const rest = buffer + text.decode();
    buffer = "";
    if (!complete) {
      // The body ended inside a block, before its blank line: a whole event there is checked as any
      // other (a chat-completions `data: [DONE]` without its blank line ends its stream); a partial
      // one, or one that leaves the stream without its end, is a cut.
      const unended = rest.trim() !== "";
      if (unended && "failure" in takeBlock(rest))
        return { failure: malformed("the last event was cut off") };
      const checked = decode(flushing);
      if (unended && !complete) return { failure: malformed("the last event was cut off") };
      if (checked.failure) return { failure: checked.failure };
      if (!complete && decoderTransformer)
        return {
          failure: new CanonicalError(
            "unavailable",
            "The upstream stream ended before the response was complete.",
          ),
        };
    }
    if (rest === "") return { end: true };
    drained = true;
    return { bytes: textEncoder.encode(redactUnfinished(rest, redact)), content: false };
  };

  // Whether the bytes read so far ended exactly at an event boundary, so a chunk whose events all
  // go on unchanged can be forwarded as the very bytes that came (the common case, and the cheap one).
  let aligned = true;
  /** The ends of the events a chunk completed, and those events' `\u` escapes (reused for every chunk). */
  const ends: number[] = [];
  const escaped: (EscapedEvent | undefined)[] = [];
  let failure: CanonicalError | undefined;
  let scanFrom = 0;
  const step = async (): Promise<Step> => {
    for (;;) {
      if (failure) return { failure };
      if (drained) return { end: true };
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (thrown) {
        if (complete) return ended();
        return { failure: upstreamReadError(thrown) };
      }
      if (next.done) return ended();
      if (next.value.length === 0) continue;
      const startedAligned = aligned && buffer === "";
      buffer += text.decode(next.value, { stream: true });
      let content = false;
      let escapes = false;
      let start = 0;
      /** Where the events checked and passed end (before a failed one). */
      let passed = 0;
      ends.length = 0;
      escaped.length = 0;
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
        passed = start;
        ends.push(start);
        escaped.push(taken.escaped);
        escapes ||= taken.escaped !== undefined;
        content ||= taken.content;
        contentSeen ||= taken.content;
      }
      // The events' text as it came, unless a secret is in it (one scan for the whole chunk) or an
      // event's data has `\u` escapes: then event by event, as each is redacted.
      const came = buffer.slice(0, passed);
      let out = came;
      if (escapes || redact(came) !== came) {
        out = "";
        let from = 0;
        for (const [index, end] of ends.entries()) {
          out += redactBlock(buffer.slice(from, end), escaped[index]);
          from = end;
        }
      }
      const changed = out !== came;
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
