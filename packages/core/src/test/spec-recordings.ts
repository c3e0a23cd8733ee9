import { readdirSync, readFileSync } from "node:fs";
import { decodeJsonEventStream } from "../sse/decode-sse-stream";
import { StreamParseFailure } from "../sse/stream-parse-failure";
import { specPath } from "./spec-path";
import type { SpecFormat } from "./spec-validator";

/** One recorded wire object and the spec schema it is an instance of. */
export interface SpecRecordingValue {
  /** `<file>` plus where in it: `#3` (JSONL line or SSE event), `[1].response`, ... */
  source: string;
  schemaName: string;
  value: unknown;
}

/** The schema names of each format's bodies and stream events. */
const schemaNames: Record<SpecFormat, { request: string; response: string; event: string; error: string }> = {
  messages: {
    request: "CreateMessageParams",
    response: "Message",
    event: "MessageStreamEvent",
    error: "ErrorResponse",
  },
  responses: {
    request: "CreateResponse",
    response: "Response",
    event: "ResponseStreamEvent",
    error: "ErrorResponse",
  },
  "chat-completions": {
    request: "CreateChatCompletionRequest",
    response: "CreateChatCompletionResponse",
    event: "CreateChatCompletionStreamResponse",
    error: "ErrorResponse",
  },
  "generate-content": {
    request: "GenerateContentRequest",
    response: "GenerateContentResponse",
    event: "GenerateContentResponse",
    error: "Error",
  },
};

/**
 * Every wire object in `recordings/<format>/` with its schema: response bodies, error bodies,
 * each JSONL stream chunk, each SSE event payload, and the request and response bodies of
 * recorded exchanges (`.http.json`, `.nock.json`; a string body is an SSE stream).
 */
export async function readSpecRecordings(format: SpecFormat): Promise<SpecRecordingValue[]> {
  const names = schemaNames[format];
  const directory = specPath("recordings", format);
  const values: SpecRecordingValue[] = [];
  for (const file of readdirSync(directory).sort()) {
    const text = readFileSync(`${directory}/${file}`, "utf8");
    if (file.endsWith(".chunks.jsonl")) {
      text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .forEach((line, index) => {
          values.push({ source: `${file}#${index + 1}`, schemaName: names.event, value: JSON.parse(line) });
        });
    } else if (file.endsWith(".sse")) {
      values.push(...(await sseValues(file, text, names.event)));
    } else if (file.endsWith(".http.json") || file.endsWith(".nock.json")) {
      const exchanges = JSON.parse(text) as RecordedExchange[];
      for (const [index, exchange] of exchanges.entries()) {
        const request = exchange.request?.body ?? exchange.body;
        if (request !== undefined)
          values.push({ source: `${file}[${index}].request`, schemaName: names.request, value: request });
        const response = exchange.response?.body ?? exchange.response;
        const source = `${file}[${index}].response`;
        if (typeof response === "string") values.push(...(await sseValues(source, response, names.event)));
        else values.push({ source, schemaName: bodySchema(response, names), value: response });
      }
    } else if (file.endsWith(".json")) {
      const body: unknown = JSON.parse(text);
      values.push({ source: file, schemaName: bodySchema(body, names), value: body });
    }
  }
  return values;
}

interface RecordedExchange {
  request?: { body?: unknown };
  response?: { body?: unknown } & Record<string, unknown>;
  body?: unknown;
}

/** Error bodies of all three formats hold an `error` object and at most `type` and `request_id` besides. */
function bodySchema(body: unknown, names: { response: string; error: string }): string {
  const fields = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const isError =
    typeof fields.error === "object" &&
    fields.error !== null &&
    Object.keys(fields).every((key) => key === "error" || key === "type" || key === "request_id");
  return isError ? names.error : names.response;
}

async function sseValues(source: string, text: string, schemaName: string): Promise<SpecRecordingValue[]> {
  const values: SpecRecordingValue[] = [];
  const events = decodeJsonEventStream(new Response(text).body as ReadableStream<Uint8Array>);
  for await (const event of events as unknown as AsyncIterable<unknown>) {
    if (StreamParseFailure.isInstance(event)) throw new Error(`${source}: ${event.message}: ${event.raw}`);
    values.push({ source: `${source}#${values.length + 1}`, schemaName, value: event });
  }
  return values;
}
