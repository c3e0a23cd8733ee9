import { readFileSync } from "node:fs";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, CanonicalError, collect, readableFrom } from "@interlingua/core";
import { specPath } from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteSourceStream } from "../http/byte-source";
import { checkPassedThroughStream } from "./check-passed-through-stream";
import { createSecretRedactor } from "./create-secret-redactor";

const secret = "sk-secret-0123456789";
const redact = createSecretRedactor([secret]);
const encoder = new TextEncoder();

/** Bytes cut at the given points (which may fall inside a UTF-8 sequence or a secret). */
function split(data: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (data.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let previous = 0;
  for (const point of [...points, data.length]) {
    chunks.push(data.slice(previous, point));
    previous = point;
  }
  return chunks;
}

async function passThrough(codec: AnyCodec, chunks: Uint8Array[]): Promise<string> {
  const body = await checkPassedThroughStream(readableFrom(chunks).getReader(), codec, redact);
  return (await collect(byteSourceStream(body))).map((chunk) => new TextDecoder().decode(chunk)).join("");
}

const recording = (name: string) => readFileSync(specPath("recordings", name), "utf8");

/** A recording of JSON chunks, one a line, as the SSE stream that carried them (`data:` lines). */
const chunksAsSse = (name: string) =>
  recording(name)
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `data: ${line}\n\n`)
    .join("");

/** A whole stream of each format whose end is an event of its own, with that end. */
const streamsWithEndEvents = [
  ["messages", messagesCodec, recording("messages/text-with-ping.sse").replaceAll("\r\n", "\n")],
  ["responses", responsesCodec, recording("responses/text.sse").replaceAll("\r\n", "\n")],
  [
    "chat-completions",
    chatCompletionsCodec,
    `${chunksAsSse("chat-completions/vllm-usage-every-chunk.chunks.jsonl")}data: [DONE]\n\n`,
  ],
] as const;

describe("checkPassedThroughStream", () => {
  it.each([
    ["messages/text-with-ping.sse", messagesCodec],
    ["responses/text.sse", responsesCodec],
  ] as const)(
    "gives back %s as it came, for any split and line ending, with a secret in it redacted",
    async (name, codec) => {
      const original = recording(name).replaceAll("\r\n", "\n");
      const withSecret = original.replace(/"text":"([^"]*)"/, `"text":"$1 ${secret}"`);
      expect(withSecret).toContain(secret);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("\n", "\r\n", "\r"),
          fc.array(fc.nat(), { maxLength: 30 }),
          async (lineEnd, cuts) => {
            const sent = withSecret.replaceAll("\n", lineEnd);
            const expected = sent.replaceAll(secret, "[redacted]");
            expect(await passThrough(codec, split(encoder.encode(sent), cuts))).toBe(expected);
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  it("reads every SSE line form (comments, id, retry, a field without its space) the same for any split and line ending", async () => {
    const events = recording("messages/text-with-ping.sse")
      .replaceAll("\r\n", "\n")
      .split("\n\n")
      .filter((event) => event !== "");
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            comment: fc.constantFrom(undefined, ": keepalive", `: ${secret}`, ":"),
            id: fc.constantFrom(undefined, "id: 7", "id", "retry: 3000", "retry:10"),
            tight: fc.boolean(),
          }),
          { minLength: events.length, maxLength: events.length },
        ),
        fc.constantFrom("\n", "\r\n", "\r"),
        fc.array(fc.nat(), { maxLength: 20 }),
        async (decorations, lineEnd, cuts) => {
          const decorated = events.map((event, index) => {
            const { comment, id, tight } = decorations[index] ?? {};
            const lines = event
              .split("\n")
              .map((line) => (tight ? line.replace(/^(event|data): /, "$1:") : line));
            return [comment, id, ...lines].filter((line) => line !== undefined).join("\n");
          });
          const sent = `${decorated.join("\n\n")}\n\n`.replaceAll("\n", lineEnd);
          const expected = sent.replaceAll(secret, "[redacted]");
          expect(await passThrough(messagesCodec, split(encoder.encode(sent), cuts))).toBe(expected);
        },
      ),
      { numRuns: 80 },
    );
  });

  it("rewrites only the event whose data hides a secret behind \\u escapes, and passes the others as they came", async () => {
    const original = recording("messages/text-with-ping.sse").replaceAll("\r\n", "\n");
    const hidden = secret.replace("s", "\\u0073");
    const sent = original.replace('"text":"Hello"', `"text":"Hello ${hidden}"`);
    const text = await passThrough(messagesCodec, [encoder.encode(sent)]);
    expect(text).not.toContain(hidden);
    expect(text).toContain('"text":"Hello [redacted]"');
    const rewritten = sent.split("\n\n").findIndex((event) => event.includes(hidden));
    const given = text.split("\n\n");
    sent.split("\n\n").forEach((event, index) => {
      if (index !== rewritten) expect(given[index]).toBe(event);
    });
  });

  it("refuses a field SSE does not have, before the first byte", async () => {
    for (const garbage of ["foo: bar\ndata: {}\n\n", "event: x\r\nfoo\r\n\r\n"]) {
      const thrown = await checkPassedThroughStream(
        readableFrom([encoder.encode(garbage)]).getReader(),
        messagesCodec,
        redact,
      ).catch((error: unknown) => error);
      expect(CanonicalError.isInstance(thrown) && thrown.code).toBe("upstream_malformed_stream");
    }
  });

  it("ends a stream cut off before its end with the format's error event", async () => {
    const original = recording("messages/text-with-ping.sse");
    const cut = original.slice(0, original.indexOf("event: message_stop"));
    const text = await passThrough(messagesCodec, [encoder.encode(cut)]);
    expect(text.startsWith(cut)).toBe(true);
    expect(text.slice(cut.length)).toMatch(
      /^event: error\ndata: \{"type":"error","error":\{"type":"api_error"/,
    );
  });

  it("throws the upstream's error when the stream fails before any content", async () => {
    const failing =
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n';
    const thrown = await checkPassedThroughStream(
      readableFrom([encoder.encode(failing)]).getReader(),
      messagesCodec,
      redact,
    ).catch((error: unknown) => error);
    expect(CanonicalError.isInstance(thrown) && thrown.kind).toBe("overloaded");
  });

  it("refuses lines that are not SSE and data that is not JSON before the first byte", async () => {
    for (const garbage of ["<html><body>Bad gateway</body></html>\n\n", "data: {not json\n\n"]) {
      const thrown = await checkPassedThroughStream(
        readableFrom([encoder.encode(garbage)]).getReader(),
        messagesCodec,
        redact,
      ).catch((error: unknown) => error);
      expect(CanonicalError.isInstance(thrown) && thrown.status).toBe(502);
    }
  });

  it.each(streamsWithEndEvents)(
    "passes on the bytes a %s stream carries after its end that end no event, as they came, secrets redacted",
    async (_format, codec, whole) => {
      const hidden = secret.replace("s", "\\u0073");
      for (const tail of [
        "data: [DONE]\n",
        "\n",
        `data: {"after":"the end ${secret}"}`,
        `event: x\ndata: {"after":"${hidden}"`,
      ]) {
        const sent = whole + tail;
        const expected = whole + tail.replace(secret, "[redacted]").replace(hidden, "[redacted]");
        for (const cuts of [[], [whole.length], [whole.length - 1, whole.length + 3]])
          expect(await passThrough(codec, split(encoder.encode(sent), cuts))).toBe(expected);
      }
    },
  );

  it.each(streamsWithEndEvents)(
    "passes on the bytes after a %s stream's end when the connection fails after them",
    async (_format, codec, whole) => {
      const tail = `data: {"after":"the end ${secret}"}`;
      const chunks = [encoder.encode(whole), encoder.encode(tail)];
      const failing = new ReadableStream<Uint8Array>({
        pull(controller) {
          const chunk = chunks.shift();
          if (chunk) controller.enqueue(chunk);
          else controller.error(new TypeError("terminated"));
        },
      });
      const body = await checkPassedThroughStream(failing.getReader(), codec, redact);
      const text = (await collect(byteSourceStream(body)))
        .map((chunk) => new TextDecoder().decode(chunk))
        .join("");
      expect(text).toBe(whole + tail.replace(secret, "[redacted]"));
    },
  );

  it("ends a chat-completions stream whose data: [DONE] has no blank line after it, passing it on as it came", async () => {
    const chunks = chunksAsSse("chat-completions/vllm-usage-every-chunk.chunks.jsonl");
    for (const tail of ["data: [DONE]", "data: [DONE]\n"])
      for (const cuts of [[], [chunks.length], [chunks.length + 3]])
        expect(await passThrough(chatCompletionsCodec, split(encoder.encode(chunks + tail), cuts))).toBe(
          chunks + tail,
        );
  });

  it("ends a messages stream whose message_stop has no blank line after it; without that event it is cut off", async () => {
    const whole = recording("messages/text-with-ping.sse").replaceAll("\r\n", "\n");
    const unended = whole.replace(/\n+$/, "");
    expect(unended.endsWith('{"type":"message_stop"}')).toBe(true);
    expect(await passThrough(messagesCodec, [encoder.encode(unended)])).toBe(unended);
    const withoutStop = unended.slice(0, unended.lastIndexOf("event: message_stop")).replace(/\n+$/, "");
    const lastEnded = withoutStop.lastIndexOf("\n\n") + 2;
    const text = await passThrough(messagesCodec, [encoder.encode(withoutStop)]);
    expect(text.slice(0, lastEnded)).toBe(withoutStop.slice(0, lastEnded));
    expect(text.slice(lastEnded)).toMatch(/^event: error\ndata: .*the last event was cut off/);
  });

  it("reports as cut off a partial event after a generate-content stream's last chunk (its end is the body's end, not an event)", async () => {
    const whole = chunksAsSse("generate-content/text-thought-signature.chunks.jsonl");
    const text = await passThrough(generateContentCodec, [encoder.encode(`${whole}data: {"candidates":[`)]);
    expect(text.startsWith(whole)).toBe(true);
    expect(text.slice(whole.length)).toMatch(/^data: \{"error":\{"code":502,.*the last event was cut off/);
  });
});
