import {
  CanonicalError,
  type ChatEvent,
  type ChatRequest,
  type ChatResponse,
  createConversionContext,
  createJsonSseEncoderStream,
  replay,
  toCanonicalError,
} from "@interlingua/core";
import { generateContentCodec } from "../../src/generate-content-codec";
import { matchGenerateContentPath } from "../../src/http/generate-content-http-binding";

/** What the echo server saw: each decoded request, the URL path version and the key. */
export interface SeenRequest {
  request: ChatRequest;
  apiVersion: string;
  apiKey: string | undefined;
  url: string;
}

/**
 * The canonical answer of the echo backend: a tool call when tools are offered and no result came
 * back yet, else text that reads back the last user text or tool result.
 */
export function echoAnswer(request: ChatRequest): ChatResponse {
  const last = request.messages.at(-1);
  const result = last?.parts.find((part) => part.type === "tool-result");
  const tool = request.tools?.find((candidate) => candidate.type === "function");
  const base = {
    id: "resp_echo_1",
    model: request.model,
    status: "completed" as const,
    usage: { inputTokens: 11, outputTokens: 7, totalTokens: 18 },
  };
  if (tool && !result) {
    return {
      ...base,
      parts: [{ type: "tool-call", id: "call_echo_1", name: tool.name, arguments: { city: "Paris" } }],
      finishReason: { reason: "tool_calls" },
    };
  }
  const text =
    result?.type === "tool-result"
      ? `tool ${result.name} said: ${result.content.map((part) => (part.type === "text" ? part.text : "")).join("")}`
      : `echo: ${last?.parts.map((part) => (part.type === "text" ? part.text : "")).join("")}`;
  return { ...base, parts: [{ type: "text", text }], finishReason: { reason: "stop" } };
}

/** A fetch handler speaking the generate-content format (both /v1beta and /v1), answering with {@link echoAnswer}. */
export function createEchoGenerateContentHandler(seen: SeenRequest[]) {
  return async (httpRequest: Request): Promise<Response> => {
    const url = new URL(httpRequest.url);
    const location = generateContentCodec.http.matchChatRequest(httpRequest.method, url);
    if (!location) {
      const wire = generateContentCodec.errorToWire(
        new CanonicalError("not_found", `No route for ${url.pathname}`),
      );
      return Response.json(wire.body, { status: wire.status });
    }
    const context = createConversionContext();
    try {
      const apiKey = generateContentCodec.http.readApiKey(httpRequest);
      if (!apiKey) {
        const wire = generateContentCodec.errorToWire(
          new CanonicalError("authentication", "API key not valid."),
        );
        return Response.json(wire.body, { status: wire.status });
      }
      const request = generateContentCodec.decodeRequest(await httpRequest.json(), context, location);
      seen.push({
        request,
        apiVersion: matchGenerateContentPath(url.pathname)!.apiVersion,
        apiKey,
        url: httpRequest.url,
      });
      const answer = echoAnswer(request);
      if (!request.stream) return Response.json(generateContentCodec.encodeResponse(answer, context));
      const events = replay(answer).pipeThrough(splitTextDeltas());
      const body = events
        .pipeThrough(generateContentCodec.createStreamEncoder(context))
        .pipeThrough(createJsonSseEncoderStream(generateContentCodec.sseEventName));
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    } catch (thrown) {
      const wire = generateContentCodec.errorToWire(toCanonicalError(thrown));
      return Response.json(wire.body, { status: wire.status, headers: wire.headers });
    }
  };
}

/** Splits each text delta in two, so a streamed answer arrives in several chunks. */
function splitTextDeltas() {
  return new TransformStream<ChatEvent, ChatEvent>({
    transform(event, controller) {
      if (event.type !== "text-delta" || event.text.length < 2) {
        controller.enqueue(event);
        return;
      }
      const middle = Math.floor(event.text.length / 2);
      controller.enqueue({ ...event, text: event.text.slice(0, middle) });
      controller.enqueue({ ...event, text: event.text.slice(middle) });
    },
  });
}
