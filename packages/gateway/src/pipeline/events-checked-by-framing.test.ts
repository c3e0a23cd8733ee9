import { readdirSync, readFileSync } from "node:fs";
import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  type AnyCodec,
  CanonicalError,
  type ChatEvent,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
  readableFrom,
} from "@interlingua/core";
import { specPath } from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { byteSourceStream } from "../http/byte-source";
import { type ExchangeRecord, recordAnswerEvent } from "../observe/exchange-record";
import { checkPassedThroughStream } from "./check-passed-through-stream";
import { createSecretRedactor } from "./create-secret-redactor";
import { eventsCheckedByFraming } from "./events-checked-by-framing";
import { plainTextChunks } from "./plain-text-chunks";

const secret = "sk-secret-0123456789";
const redact = createSecretRedactor([secret]);
const encoder = new TextEncoder();
const codecs = {
  messages: messagesCodec,
  responses: responsesCodec,
  "chat-completions": chatCompletionsCodec,
  "generate-content": generateContentCodec,
} as const;
type Format = keyof typeof codecs;
/** The formats whose events have no SSE name: their chunks are told apart by their data alone. */
const dataOnly = (format: Format) => format === "chat-completions" || format === "generate-content";

/**
 * One recorded stream as SSE events: an `.sse` recording's, or a `.chunks.jsonl` one's named by their
 * `type` (data-only formats: unnamed, chat-completions closed by `[DONE]` as on the wire).
 */
function recordedEvents(format: Format, name: string): string[] {
  const text = readFileSync(specPath("recordings", format, name), "utf8").replaceAll("\r\n", "\n");
  if (name.endsWith(".sse")) return text.split("\n\n").filter((event) => event.trim() !== "");
  const lines = text.split("\n").filter((line) => line.trim() !== "");
  if (dataOnly(format)) {
    const events = lines.map((line) => `data: ${line}`);
    return format === "chat-completions" ? [...events, "data: [DONE]"] : events;
  }
  return lines.map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}`);
}

/** A text answer in twelve deltas with its usage, as the format's own stream encoder writes it (as the benchmark's upstream does). */
async function encodedTextStream(format: Format): Promise<string[]> {
  const codec: AnyCodec = codecs[format];
  const texts = Array.from({ length: 12 }, (_, index) => `word${index} `);
  const events: ChatEvent[] = [
    { type: "response-start", id: "resp_text_1", model: "text-model" },
    { type: "part-start", index: 0, kind: "text" },
    ...texts.map((text): ChatEvent => ({ type: "text-delta", index: 0, text })),
    { type: "part-end", index: 0, part: { type: "text", text: texts.join("") } },
    { type: "response-end", finishReason: { reason: "stop" }, usage: { inputTokens: 42, outputTokens: 12 } },
  ];
  const chunks = await collect(
    readableFrom(events)
      .pipeThrough(codec.createStreamEncoder(createConversionContext()))
      .pipeThrough(createJsonSseEncoderStream((event) => codec.sseEventName(event))),
  );
  const sse = chunks
    .map((chunk) => new TextDecoder().decode(chunk))
    .join("")
    .split("\n\n")
    .filter((event) => event.trim() !== "");
  return format === "chat-completions" ? [...sse, "data: [DONE]"] : sse;
}

const recordings = [
  ...(Object.keys(codecs) as Format[]).flatMap((format) =>
    readdirSync(specPath("recordings", format))
      .filter((name) => name.endsWith(".sse") || name.endsWith(".chunks.jsonl"))
      .map((name) => ({ format, name, events: recordedEvents(format, name) })),
  ),
  ...(await Promise.all(
    (Object.keys(codecs) as Format[]).map(async (format) => ({
      format,
      name: "encoded-text",
      events: await encodedTextStream(format),
    })),
  )),
];

/** Per format, an error as the upstream streams it, with a secret in it. */
const errorEvents: Record<Format, string> = {
  messages: `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded ${secret}"}}`,
  responses: `event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded ${secret}"}}`,
  "chat-completions": `data: {"error":{"message":"Overloaded ${secret}","type":"server_error","code":null}}`,
  "generate-content": `data: {"error":{"code":503,"message":"Overloaded ${secret}","status":"UNAVAILABLE"}}`,
};

/** Per data-only format, a plain text chunk with usage beside its text (which the check must decode). */
const textWithUsage: Record<Format, string> = {
  messages: "",
  responses: "",
  "chat-completions":
    'data: {"id":"x","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"more"},"finish_reason":null}],"usage":{"prompt_tokens":77,"completion_tokens":7,"total_tokens":84}}',
  "generate-content":
    'data: {"candidates":[{"content":{"parts":[{"text":"more"}],"role":"model"}}],"usageMetadata":{"promptTokenCount":77,"candidatesTokenCount":7,"totalTokenCount":84}}',
};

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
    // The error a failed responses stream ends with names a response made for it, id and time; a
    // generate-content stream whose first chunk has no id gets one made up.
    const made = (said: string) => said.replaceAll(/resp_[0-9a-f]{32}/g, "resp_made");
    const madeText = made(text).replaceAll(/"created_at":\d+/g, '"created_at":0');
    const told = { responseId: responseId && made(responseId), responseModel, usage, finishReason };
    return { text: madeText, record: told, ids: ids.map(made), end };
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
      const error = errorEvents[format];
      const variants = dataOnly(format)
        ? ([
            "whole",
            "no end",
            "error after it",
            "cut mid-event",
            "delta not JSON",
            "text with usage",
          ] as const)
        : ([
            "whole",
            "no end",
            "error after it",
            "cut mid-event",
            "delta not JSON",
            "error under a delta's name",
          ] as const);
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...variants),
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
              "delta not JSON": dataOnly(format)
                ? [...events.slice(0, at), 'data: {"choices":[{"index":0,"delta":{"content":"wor']
                : [...events.slice(0, at), `event: ${delta}\ndata: {"type":"${delta}","ind`],
              "error under a delta's name": [
                ...events.slice(0, at),
                error.replace("event: error", `event: ${delta}`),
              ],
              "text with usage": [...events.slice(0, at), textWithUsage[format]],
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

  it.each(["chat-completions", "generate-content"] as const)(
    "takes the plain text chunks of a %s stream after its opening without the decoder, and no other chunk",
    async (format) => {
      const events = recordings.find(
        (found) => found.format === format && found.name === "encoded-text",
      )!.events;
      const codec = codecs[format];
      const fed: unknown[] = [];
      const counting: AnyCodec = {
        ...codec,
        createStreamDecoderTransformer: (context) => {
          const decoder = codec.createStreamDecoderTransformer!(context);
          return {
            ...decoder,
            transform(chunk, controller) {
              fed.push(chunk);
              return decoder.transform!(chunk, controller);
            },
          };
        },
      };
      const got = await outcome(counting, [encoder.encode(`${events.join("\n\n")}\n\n`)]);
      expect(got).toEqual(await outcome(decodingAll(codec), [encoder.encode(`${events.join("\n\n")}\n\n`)]));
      const plain = events.filter(
        (event) => event.startsWith("data: {") && plainTextChunks[format]!(JSON.parse(event.slice(6))),
      );
      // All but the first text delta (which ends the opening) go by without the decoder.
      expect(plain.length).toBe(12);
      expect(fed.length).toBe(events.length - 11);
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
