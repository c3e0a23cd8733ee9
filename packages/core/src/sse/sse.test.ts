import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collect } from "../stream/collect";
import { readableFrom } from "../stream/readable-from";
import { specPath } from "../test/spec-path";
import { decodeJsonEventStream, decodeSseStream } from "./decode-sse-stream";
import { createJsonSseEncoderStream, encodeJsonEventStream, formatSseMessage } from "./encode-sse";
import { StreamParseFailure } from "./stream-parse-failure";

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

/** Splits bytes at the given cut points (which may fall inside a UTF-8 sequence). */
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

const recordings = [
  "messages/text-with-ping.sse",
  "messages/text-then-tool-use-streamed-input.sse",
  "responses/text.sse",
];

describe("decodeSseStream", () => {
  it.each(recordings)("yields the same events for any split of %s", async (name) => {
    const data = new Uint8Array(readFileSync(specPath("recordings", name)));
    const whole = await collect(decodeSseStream(readableFrom([data])));
    expect(whole.length).toBeGreaterThan(3);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 40 }), async (cuts) => {
        expect(await collect(decodeSseStream(readableFrom(split(data, cuts))))).toEqual(whole);
      }),
      { numRuns: 60 },
    );
  });

  it("handles CRLF, LF and CR line endings, split UTF-8, and skips comments", async () => {
    const text =
      ': keep-alive\r\nevent: a\r\ndata: "héllo 🌍"\r\n\r\nevent: b\ndata: 1\n\nevent: c\rdata: 2\r\r';
    const data = bytes(text);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        const events = await collect(decodeSseStream(readableFrom(split(data, cuts))));
        expect(events).toEqual([
          { event: "a", data: '"héllo 🌍"' },
          { event: "b", data: "1" },
          { event: "c", data: "2" },
        ]);
      }),
    );
  });

  it("keeps malformed lines in the stream as parse failures", async () => {
    const events = await collect(
      decodeSseStream(readableFrom([bytes('{"error": "not sse"}\n\ndata: 1\n\n')])),
    );
    expect(StreamParseFailure.isInstance(events[0])).toBe(true);
    expect(events[1]).toEqual({ data: "1" });
  });
});

describe("decodeJsonEventStream", () => {
  it("parses JSON data and turns bad JSON into a parse failure item", async () => {
    const events = await collect(
      decodeJsonEventStream(readableFrom([bytes('data: {"a":1}\n\ndata: {oops\n\n')])),
    );
    expect(events[0]).toEqual({ a: 1 });
    expect(StreamParseFailure.isInstance(events[1])).toBe(true);
    expect((events[1] as StreamParseFailure).raw).toBe("{oops");
  });
});

describe("SSE encoding", () => {
  it("frames event, id and multi-line data", () => {
    expect(formatSseMessage({ event: "ping", id: "7", data: "a\nb" })).toBe(
      "event: ping\nid: 7\ndata: a\ndata: b\n\n",
    );
  });

  it.each(["bad\nname", "bad\rname"])("refuses CR or LF in an event name (%j)", (event) => {
    expect(() => formatSseMessage({ event, data: "x" })).toThrow(/CR or LF/);
  });

  it("refuses CR or LF in an id", () => {
    expect(() => formatSseMessage({ id: "1\n2", data: "x" })).toThrow(/CR or LF/);
  });

  it("round-trips any JSON events through encoding and decoding", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ type: fc.string(), value: fc.jsonValue() }), { maxLength: 10 }),
        async (events) => {
          const normalized = JSON.parse(JSON.stringify(events)) as { type: string }[];
          const encoded = readableFrom(normalized).pipeThrough(
            createJsonSseEncoderStream((event: { type: string }) =>
              /[\r\n]/.test(event.type) ? undefined : event.type,
            ),
          );
          expect(await collect(decodeJsonEventStream(encoded))).toEqual(normalized);
        },
      ),
    );
  });

  it("sends the same bytes in one stage (encodeJsonEventStream) as through the TransformStream", async () => {
    const events = [{ type: "a", text: "line\nbreak" }, { type: "ping" }, { type: "b", n: 1 }];
    const name = (event: { type: string }) => (event.type === "ping" ? undefined : event.type);
    const text = async (stream: ReadableStream<Uint8Array>) =>
      (await collect(stream)).map((chunk) => new TextDecoder().decode(chunk));
    const piped = await text(readableFrom(events).pipeThrough(createJsonSseEncoderStream(name)));
    expect(await text(encodeJsonEventStream(readableFrom(events), name))).toEqual(piped);
    expect(piped).toEqual([
      'event: a\ndata: {"type":"a","text":"line\\nbreak"}\n\n',
      'data: {"type":"ping"}\n\n',
      'event: b\ndata: {"type":"b","n":1}\n\n',
    ]);
  });

  it("refuses an event name with CR or LF when encoding a stream", async () => {
    const encoded = encodeJsonEventStream(readableFrom([{ type: "x" }]), () => "bad\nname");
    await expect(collect(encoded)).rejects.toThrow(/CR or LF/);
  });
});
