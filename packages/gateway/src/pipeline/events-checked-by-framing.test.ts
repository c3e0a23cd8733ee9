import { readdirSync, readFileSync } from "node:fs";
import { type AnyCodec, CanonicalError, collect, readableFrom } from "@interlingua/core";
import { specPath } from "@interlingua/core/test";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteSourceStream } from "../http/byte-source";
import { type ExchangeRecord, recordAnswerEvent } from "../observe/exchange-record";
import { checkPassedThroughStream } from "./check-passed-through-stream";
import { createSecretRedactor } from "./create-secret-redactor";
import { eventsCheckedByFraming } from "./events-checked-by-framing";

const secret = "sk-secret-0123456789";
const redact = createSecretRedactor([secret]);
const encoder = new TextEncoder();
const codecs = { messages: messagesCodec, responses: responsesCodec } as const;

/** One recorded stream as SSE events: an `.sse` recording's, or a `.chunks.jsonl` one's named by their `type`. */
function recordedEvents(format: keyof typeof codecs, name: string): string[] {
  const text = readFileSync(specPath("recordings", format, name), "utf8").replaceAll("\r\n", "\n");
  if (name.endsWith(".sse")) return text.split("\n\n").filter((event) => event.trim() !== "");
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}`);
}

const recordings = (Object.keys(codecs) as (keyof typeof codecs)[]).flatMap((format) =>
  readdirSync(specPath("recordings", format))
    .filter((name) => name.endsWith(".sse") || name.endsWith(".chunks.jsonl"))
    .map((name) => ({ format, name, events: recordedEvents(format, name) })),
);

/** What the gateway takes from a checked stream: the caller's bytes, the record's fields, the ids told, how it ended. */
async function outcome(codec: AnyCodec, chunks: Uint8Array[]) {
  const record = { losses: [] } as unknown as ExchangeRecord;
  const ids: string[] = [];
  let end: string | undefined = "not ended";
  try {
    const body = await checkPassedThroughStream(
      readableFrom(chunks).getReader(),
      codec,
      redact,
      undefined,
      (id) => {
        ids.push(id);
      },
      { event: (event) => recordAnswerEvent(record, event), end: (error) => (end = error?.message) },
    );
    const text = (await collect(byteSourceStream(body)))
      .map((chunk) => new TextDecoder().decode(chunk))
      .join("");
    const { responseId, responseModel, usage, finishReason } = record;
    // The error a failed responses stream ends with names a response made for it, id and time.
    const made = text
      .replaceAll(/resp_[0-9a-f]{32}/g, "resp_made")
      .replaceAll(/"created_at":\d+/g, '"created_at":0');
    return { text: made, record: { responseId, responseModel, usage, finishReason }, ids, end };
  } catch (thrown) {
    return { thrown: CanonicalError.isInstance(thrown) ? thrown.message : String(thrown) };
  }
}

/** The codec with an id no table knows: its check decodes every event, as before lever 20. */
const decodingAll = (codec: AnyCodec): AnyCodec => ({ ...codec, id: `${codec.id}-decoding-all` });

/** Bytes cut at the given points. */
function split(data: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (data.length + 1)))].sort((a, b) => a - b);
  return [...points, data.length].map((point, index, all) =>
    data.slice(index === 0 ? 0 : all[index - 1], point),
  );
}

describe("eventsCheckedByFraming", () => {
  it("names only events its formats' recordings have, so the property below covers every one", () => {
    for (const [format, events] of Object.entries(eventsCheckedByFraming)) {
      const recorded = new Set(
        recordings
          .filter((recording) => recording.format === format)
          .flatMap(({ events }) => events.map((event) => /^event: (.*)$/m.exec(event)?.[1])),
      );
      for (const name of events.keys()) expect(recorded, name).toContain(name);
    }
  });

  it.each(recordings.map(({ format, name }) => [`${format}/${name}`, format, name] as const))(
    "%s: the check gives the caller the same bytes and the gateway the same answer as decoding every event, whole, cut, failed or ended early anywhere",
    async (_label, format, name) => {
      const events = recordings.find((found) => found.format === format && found.name === name)!.events;
      const codec = codecs[format];
      const error = `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded ${secret}"}}`;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(
            "whole",
            "no end",
            "error after it",
            "cut mid-event",
            "delta not JSON",
            "error under a delta's name",
          ),
          fc.nat(),
          fc.array(fc.nat(), { maxLength: 8 }),
          async (variant, position, cuts) => {
            // Where a fault comes: after any of the events, the opening's included.
            const at = position % events.length;
            const last = events.length - 1;
            const delta = format === "messages" ? "content_block_delta" : "response.output_text.delta";
            const sent = {
              whole: events,
              "no end": events.slice(0, last),
              "error after it": [...events.slice(0, at), error],
              "cut mid-event": [...events.slice(0, at), events[at]!.slice(0, 20)],
              "delta not JSON": [...events.slice(0, at), `event: ${delta}\ndata: {"type":"${delta}","ind`],
              "error under a delta's name": [
                ...events.slice(0, at),
                error.replace("event: error", `event: ${delta}`),
              ],
            }[variant];
            const text =
              variant === "cut mid-event"
                ? `${sent.slice(0, -1).join("\n\n")}\n\n${sent.at(-1)}`
                : `${sent.join("\n\n")}\n\n`;
            const chunks = split(encoder.encode(text), cuts);
            expect(await outcome(codec, chunks)).toEqual(await outcome(decodingAll(codec), chunks));
          },
        ),
        { numRuns: 30 },
      );
    },
  );

  it("still refuses a delta whose data is not JSON, and answers an error spelled under a delta's name", async () => {
    const events = recordedEvents("messages", "text-with-ping.sse");
    const opening = events.slice(0, 4).join("\n\n");
    for (const [bad, expected] of [
      [
        'event: content_block_delta\ndata: {"type":"content_block_delta","ind',
        /malformed stream: event data that is not JSON/,
      ],
      [
        'event: content_block_delta\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Busy"}}',
        /Busy/,
      ],
    ] as const) {
      const got = await outcome(messagesCodec, [encoder.encode(`${opening}\n\n${bad}\n\n`)]);
      expect("end" in got && got.end).toMatch(expected);
    }
  });

  it("takes a keepalive before any content as no content: an error after it is still an HTTP error", async () => {
    const [start] = recordedEvents("messages", "text-with-ping.sse");
    const sent = [
      start,
      'event: ping\ndata: {"type":"ping"}',
      'event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Busy"}}',
    ].join("\n\n");
    const chunks = [encoder.encode(`${sent}\n\n`)];
    const got = await outcome(messagesCodec, chunks);
    expect(got).toEqual({ thrown: "Busy" });
    expect(got).toEqual(await outcome(decodingAll(messagesCodec), chunks));
  });
});
