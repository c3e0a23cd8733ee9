import * as z from "zod/mini";
import type { Codec } from "../contracts/codec";
import { CanonicalError } from "../errors/canonical-error";
import { errorKindForStatus } from "../errors/error-status";
import { ChatEvent } from "../model/chat-event";
import { ChatRequest } from "../model/chat-request";
import { ChatResponse } from "../model/chat-response";
import { replayEvents } from "../stream/replay";
import { testCodec } from "./test-codec";

/**
 * The smallest possible codec: the wire format is the canonical model itself. It shows what a
 * third-party codec looks like and proves testCodec against a codec that is right by construction.
 */
const canonicalErrorBody = z.object({ error: z.object({ kind: z.string(), message: z.string() }) });

const canonicalCodec: Codec<ChatRequest, ChatResponse, ChatEvent, z.infer<typeof canonicalErrorBody>> = {
  id: "canonical",
  schemas: { request: ChatRequest, response: ChatResponse, event: ChatEvent, error: canonicalErrorBody },
  decodeRequest: (wire) => ChatRequest.parse(wire),
  encodeRequest: (request) => request,
  decodeResponse: (wire) => ChatResponse.parse(wire),
  encodeResponse: (response) => response,
  createStreamDecoder: () =>
    new TransformStream({ transform: (event, controller) => controller.enqueue(ChatEvent.parse(event)) }),
  createStreamEncoder: () => new TransformStream(),
  sseEventName: (event) => event.type,
  errorToWire: (error) => ({
    status: error.status,
    body: { error: { kind: error.kind, message: error.message } },
  }),
  errorFromWire: (status, body) => {
    const parsed = canonicalErrorBody.parse(body);
    return new CanonicalError(errorKindForStatus(status), parsed.error.message, { status });
  },
  http: {
    matchChatRequest: (method, url) => (method === "POST" && url.pathname === "/canonical" ? {} : undefined),
    readApiKey: (request) => request.headers.get("x-key") ?? undefined,
    buildUpstreamRequest: ({ baseURL, apiKey, body }) => ({
      url: `${baseURL}/canonical`,
      method: "POST",
      headers: { "x-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  },
};

const response: ChatResponse = {
  id: "r1",
  model: "m",
  parts: [{ type: "text", text: "hi" }],
  finishReason: { reason: "stop", raw: "stop" },
  usage: { inputTokens: 1, outputTokens: 1 },
  status: "completed",
};

testCodec(canonicalCodec, {
  requests: [
    {
      name: "minimal",
      wire: { model: "m", messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }] },
    },
  ],
  responses: [{ name: "text", wire: response }],
  streams: [{ name: "replayed text", events: replayEvents(response), exact: true, response }],
  errors: [
    { name: "not found", status: 404, body: { error: { kind: "not_found", message: "no such model" } } },
  ],
});
