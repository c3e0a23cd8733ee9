import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  type AnyCodec,
  type ChatEvent,
  collect,
  createConversionContext,
  decodeJsonEventStream,
  readableFrom,
  StreamParseFailure,
  transformAll,
} from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import * as z from "zod/mini";

/** How a client of one front calls the gateway: its codec, its request, and how its stream is framed. */
export interface FrontClient {
  name: string;
  codec: AnyCodec;
  /** Whether this client can ask for a whole answer (the JSON-array stream form cannot). */
  whole: boolean;
  request(base: string, key: string, model: string, stream: boolean): Request;
  framing: "sse" | "json-array";
  /**
   * The data of the SSE line that closes every stream of this format (chat-completions `[DONE]`):
   * not JSON, so not an event, and only allowed as the very last line.
   */
  sseDoneData?: string;
}

/** Whether a wire stream event is one of the format's failure events. */
function isErrorEvent(codec: AnyCodec, data: unknown): boolean {
  const event = data as { type?: unknown; error?: unknown };
  if (codec.id === "generate-content" || codec.id === "chat-completions")
    return typeof event.error === "object" && event.error !== null;
  return event.type === "error" || (codec.id === "responses" && event.type === "response.failed");
}

const json = (body: unknown) => JSON.stringify(body);

/** The five ways a client reaches the gateway: each front, generate-content in both stream forms. */
export const frontClients: FrontClient[] = [
  {
    name: "messages",
    codec: messagesCodec,
    whole: true,
    framing: "sse",
    request: (base, key, model, stream) =>
      new Request(`${base}/v1/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key, "anthropic-version": "2023-06-01" },
        body: json({ model, max_tokens: 64, stream, messages: [{ role: "user", content: "Hello" }] }),
      }),
  },
  {
    name: "responses",
    codec: responsesCodec,
    whole: true,
    framing: "sse",
    request: (base, key, model, stream) =>
      new Request(`${base}/v1/responses`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: json({ model, stream, input: "Hello" }),
      }),
  },
  {
    name: "generate-content (alt=sse)",
    codec: generateContentCodec,
    whole: true,
    framing: "sse",
    request: (base, key, model, stream) =>
      new Request(
        `${base}/v1beta/models/${model}:${stream ? "streamGenerateContent?alt=sse" : "generateContent"}`,
        {
          method: "POST",
          headers: { "content-type": "application/json", "x-goog-api-key": key },
          body: json({ contents: [{ role: "user", parts: [{ text: "Hello" }] }] }),
        },
      ),
  },
  {
    name: "generate-content (JSON array)",
    codec: generateContentCodec,
    whole: false,
    framing: "json-array",
    request: (base, key, model) =>
      new Request(`${base}/v1beta/models/${model}:streamGenerateContent`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-goog-api-key": key },
        body: json({ contents: [{ role: "user", parts: [{ text: "Hello" }] }] }),
      }),
  },
  {
    name: "chat-completions",
    codec: chatCompletionsCodec,
    whole: true,
    framing: "sse",
    sseDoneData: "[DONE]",
    request: (base, key, model, stream) =>
      new Request(`${base}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
        body: json({
          model,
          stream,
          ...(stream ? { stream_options: { include_usage: true } } : {}),
          messages: [{ role: "user", content: "Hello" }],
        }),
      }),
  },
];

/** What a client made of the gateway's answer. */
export type ClientOutcome =
  | { type: "success"; text: string }
  | { type: "http error"; status: number; kind: string; body: string }
  | { type: "stream error"; kind: string; status: number; body: string }
  | { type: "malformed"; problem: string; body: string };

const textOf = (events: ChatEvent[]) =>
  events.flatMap((event) => (event.type === "text-delta" ? [event.text] : [])).join("");

/** Runs the front codec's own stream decoder over wire events, as that format's client would. */
async function decodeWire(codec: AnyCodec, wire: unknown[], body: string): Promise<ClientOutcome> {
  const events = await transformAll(wire, codec.createStreamDecoder(createConversionContext()));
  const last = events.at(-1);
  if (last?.type === "response-end") return { type: "success", text: textOf(events) };
  if (last?.type !== "error") return { type: "malformed", problem: "the stream has no end", body };
  if (!isErrorEvent(codec, wire.at(-1)))
    return { type: "malformed", problem: `the last event is not an error event: ${json(wire.at(-1))}`, body };
  return { type: "stream error", kind: last.error.kind, status: last.error.status, body };
}

/**
 * Reads a gateway answer the way the front's clients do and says what it was: a success, an HTTP
 * error in the format's shape, a stream that ended with the format's error event, or something
 * malformed (not the format's error shape, bad framing, bad JSON, a stream without an end).
 */
export async function readOutcome(
  client: FrontClient,
  response: Response,
  stream: boolean,
): Promise<ClientOutcome> {
  const body = await response.text();
  const { codec } = client;
  if (response.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return { type: "malformed", problem: `HTTP ${response.status} with a body that is not JSON`, body };
    }
    if (!z.safeParse(codec.schemas.error, parsed).success)
      return { type: "malformed", problem: "an error body not in the format's shape", body };
    return {
      type: "http error",
      status: response.status,
      kind: codec.errorFromWire(response.status, parsed).kind,
      body,
    };
  }
  if (!stream) {
    try {
      const decoded = codec.decodeResponse(JSON.parse(body), createConversionContext());
      const text = decoded.parts.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
      return { type: "success", text };
    } catch (thrown) {
      return {
        type: "malformed",
        problem: `a 200 that is not an answer: ${(thrown as Error).message}`,
        body,
      };
    }
  }
  if (client.framing === "json-array") {
    let elements: unknown;
    try {
      elements = JSON.parse(body);
    } catch {
      return { type: "malformed", problem: "the JSON array stream is not valid JSON", body };
    }
    if (!Array.isArray(elements))
      return { type: "malformed", problem: "the stream is not a JSON array", body };
    return decodeWire(codec, elements, body);
  }
  const wire = await collect(decodeJsonEventStream(readableFrom([new TextEncoder().encode(body)])));
  // The format's closing line (`data: [DONE]`) is not JSON: allowed as the last line only, and the
  // format's readers take it as the end, as the gateway's own reader of passed-through bytes does.
  const last = wire.at(-1);
  const closed =
    client.sseDoneData !== undefined &&
    StreamParseFailure.isInstance(last) &&
    last.raw.trim() === client.sseDoneData;
  if (closed) wire.pop();
  const failure = wire.find((item) => StreamParseFailure.isInstance(item));
  if (failure)
    return { type: "malformed", problem: `bad SSE: ${(failure as StreamParseFailure).message}`, body };
  const outcome = await decodeWire(codec, wire, body);
  // The closing line says the answer is complete: every finished stream has it, a failed one not.
  if (outcome.type === "success" && client.sseDoneData !== undefined && !closed)
    return { type: "malformed", problem: `the stream does not end with data: ${client.sseDoneData}`, body };
  if (outcome.type === "stream error" && closed)
    return { type: "malformed", problem: `a failed stream closed with data: ${client.sseDoneData}`, body };
  return outcome;
}
