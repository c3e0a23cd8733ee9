/**
 * Recorded-traffic benchmarks. `benchmarks` (run by `pnpm bench`): converting one long streamed
 * exchange, as a ratio to parsing and serialising its JSONL line. `memoryBenchmarks`: converting a
 * large generated JSONL recording and HAR capture in a stream, reporting the peak memory growth
 * (target: at most 64 MB whatever the input size) and its ratio to the input size. `pnpm bench`
 * runs both, with `--expose-gc` so the peak is the retained memory; `RECORDINGS_BENCH_MB` sets the
 * input size (default 64).
 */

import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  convertExchange,
  convertExchanges,
  defaultRecordingFormats as formats,
  type RecordedExchange,
  readExchanges,
} from "@interlingua/recordings";
import type { Benchmark } from "./harness";
import type { MemoryBenchmark } from "./memory-harness";

/** A streamed messages exchange: a tool-using request and an answer of `deltas` text deltas then a tool call. */
function streamedExchange(index: number, deltas: number): RecordedExchange {
  const events: unknown[] = [
    {
      type: "message_start",
      message: {
        id: `msg_${index}`,
        type: "message",
        role: "assistant",
        model: "claude-bench",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 900, output_tokens: 1 },
      },
    },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
  ];
  for (let delta = 0; delta < deltas; delta++)
    events.push({
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text: `word${delta} ` },
    });
  events.push(
    { type: "content_block_stop", index: 0 },
    {
      type: "content_block_start",
      index: 1,
      content_block: { type: "tool_use", id: `toolu_${index}`, name: "lookup", input: {} },
    },
    {
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: '{"query": "orders"}' },
    },
    { type: "content_block_stop", index: 1 },
    {
      type: "message_delta",
      delta: { stop_reason: "tool_use", stop_sequence: null },
      usage: { output_tokens: deltas + 10 },
    },
    { type: "message_stop" },
  );
  return {
    format: "messages",
    method: "POST",
    path: "/v1/messages",
    id: `bench-${index}`,
    request: {
      headers: { "content-type": "application/json", "x-api-key": "[redacted]" },
      body: {
        model: "claude-bench",
        max_tokens: 2048,
        stream: true,
        tools: [
          {
            name: "lookup",
            description: "Looks things up.",
            input_schema: { type: "object", properties: { query: { type: "string" } } },
          },
        ],
        messages: [{ role: "user", content: `Request ${index}: ${"context ".repeat(200)}` }],
      },
    },
    response: { status: 200, headers: { "content-type": "text/event-stream" }, events },
  };
}

const single = streamedExchange(0, 2000);
const singleLine = JSON.stringify(single);

/** Timing benchmarks for `pnpm bench`. */
export const benchmarks: Benchmark[] = [
  {
    name: "recordings: convert a 2,000-event streamed exchange, messages → responses",
    floorName: "JSON.parse + JSON.stringify of its JSONL line",
    floor: () => JSON.stringify(JSON.parse(singleLine)),
    subject: () => convertExchange(single, { to: "responses", formats }),
    payloadBytes: singleLine.length,
  },
];

const inputMegabytes = Number(process.env.RECORDINGS_BENCH_MB ?? 64);
const inputPath = join(tmpdir(), `interlingua-recordings-bench-${process.pid}.jsonl`);
const harPath = join(tmpdir(), `interlingua-recordings-bench-${process.pid}.har`);

/** Memory benchmarks: a large JSONL recording converted in a stream. */
export const memoryBenchmarks: MemoryBenchmark[] = [
  {
    name: `recordings: stream-convert a generated ${inputMegabytes} MB JSONL recording, messages → responses`,
    async prepare() {
      const output = createWriteStream(inputPath);
      let written = 0;
      for (let index = 0; written < inputMegabytes * 1024 * 1024; index++) {
        const line = `${JSON.stringify(streamedExchange(index, 300))}\n`;
        written += line.length;
        if (!output.write(line)) await once(output, "drain");
      }
      output.end();
      await once(output, "close");
      return (await stat(inputPath)).size;
    },
    async subject() {
      await convertAll(inputPath, "responses");
    },
    async cleanup() {
      await rm(inputPath, { force: true });
    },
    targetMegabytes: 64,
  },
  {
    name: `recordings: stream-convert a generated ${inputMegabytes} MB HAR capture, messages → generate-content`,
    async prepare() {
      const output = createWriteStream(harPath);
      output.write('{"log":{"version":"1.2","creator":{"name":"bench","version":"1"},"entries":[');
      let written = 0;
      for (let index = 0; written < inputMegabytes * 1024 * 1024; index++) {
        const entry = `${index === 0 ? "" : ","}${JSON.stringify(harEntry(streamedExchange(index, 300)))}`;
        written += entry.length;
        if (!output.write(entry)) await once(output, "drain");
      }
      output.end("]}}");
      await once(output, "close");
      return (await stat(harPath)).size;
    },
    async subject() {
      await convertAll(harPath, "generate-content");
    },
    async cleanup() {
      await rm(harPath, { force: true });
    },
    targetMegabytes: 64,
  },
];

/** An exchange as a HAR entry: the stream answer as SSE text, as browsers and proxies save it. */
function harEntry(exchange: RecordedExchange): unknown {
  const events = exchange.response?.events ?? [];
  const text = events
    .map((event) => `event: ${(event as { type: string }).type}\ndata: ${JSON.stringify(event)}\n\n`)
    .join("");
  return {
    startedDateTime: "2026-01-01T00:00:00.000Z",
    time: 1,
    request: {
      method: "POST",
      url: `https://api.example.test${exchange.path}`,
      headers: [{ name: "content-type", value: "application/json" }],
      postData: { mimeType: "application/json", text: JSON.stringify(exchange.request?.body) },
    },
    response: {
      status: 200,
      headers: [{ name: "content-type", value: "text/event-stream" }],
      content: { size: text.length, mimeType: "text/event-stream", text },
    },
  };
}

/** Converts a file in a stream, keeping nothing but counts. */
async function convertAll(path: string, to: string): Promise<void> {
  const exchanges = readExchanges(createReadStream(path), { formats, name: path });
  let converted = 0;
  for await (const conversion of convertExchanges(exchanges, { to, formats })) {
    if (conversion.failure) throw new Error(`${conversion.id}: ${conversion.failure.message}`);
    converted++;
  }
  if (converted === 0) throw new Error("nothing was converted");
}
