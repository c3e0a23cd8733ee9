import {
  type ChatRequest,
  type ChatResponse,
  createConversionContext,
  createJsonSseEncoderStream,
  replay,
  toCanonicalError,
} from "@interlingua/core";
import { messagesCodec } from "../../src/messages-codec";

/** What the echo server saw: each decoded request and the headers it came with. */
export interface SeenRequest {
  request: ChatRequest;
  headers: Headers;
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
    id: "msg_echo_1",
    model: request.model,
    status: "completed" as const,
    usage: { inputTokens: 11, outputTokens: 7 },
  };
  if (tool && !result) {
    return {
      ...base,
      parts: [
        { type: "text", text: "Calling the tool." },
        { type: "tool-call", id: "toolu_echo_1", name: tool.name, arguments: { city: "Paris" } },
      ],
      finishReason: { reason: "tool_calls" },
    };
  }
  const text = result
    ? `tool said: ${result.type === "tool-result" ? result.content.map((part) => (part.type === "text" ? part.text : "")).join("") : ""}`
    : `echo: ${last?.parts.map((part) => (part.type === "text" ? part.text : "")).join("")}`;
  return { ...base, parts: [{ type: "text", text }], finishReason: { reason: "stop" } };
}

/** A fetch handler speaking the messages format, answering with {@link echoAnswer}. */
export function createEchoMessagesHandler(seen: SeenRequest[]) {
  return async (httpRequest: Request): Promise<Response> => {
    const url = new URL(httpRequest.url);
    if (!messagesCodec.http.matchChatRequest(httpRequest.method, url))
      return new Response("not found", { status: 404 });
    const context = createConversionContext();
    try {
      const request = messagesCodec.decodeRequest(await httpRequest.json(), context);
      seen.push({
        request,
        headers: httpRequest.headers,
        apiKey: messagesCodec.http.readApiKey(httpRequest),
        url: httpRequest.url,
      });
      const answer = echoAnswer(request);
      if (!request.stream) return Response.json(messagesCodec.encodeResponse(answer, context));
      const body = replay(answer)
        .pipeThrough(messagesCodec.createStreamEncoder(context))
        .pipeThrough(createJsonSseEncoderStream(messagesCodec.sseEventName));
      return new Response(body, { headers: { "content-type": "text/event-stream" } });
    } catch (thrown) {
      const wire = messagesCodec.errorToWire(toCanonicalError(thrown));
      return Response.json(wire.body, { status: wire.status, headers: wire.headers });
    }
  };
}
