import { chatCompletionsCodec } from "@interlingua/chat-completions";
import {
  type AnyCodec,
  type ChatResponse,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
  readableFrom,
  replayEvents,
} from "@interlingua/core";
import type { SpecFormat } from "@interlingua/core/test";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { type ConversionReport, createGateway, type Gateway } from "../../src/index";
import type { BackendRequest } from "./rules/backend-rule";

/** A format the legality property covers: those with a stored vendor spec, and interactions. */
export type LegalityFormat = SpecFormat | "interactions";

/** Each format's codec. */
export const codecs: Record<LegalityFormat, AnyCodec> = {
  messages: messagesCodec,
  responses: responsesCodec,
  "generate-content": generateContentCodec,
  "chat-completions": chatCompletionsCodec,
  interactions: interactionsCodec,
};

/** What the backend answers a captured request with: a canonical answer, and a raw finish reason to put on the wire instead of the encoded one. */
export interface BackendAnswer {
  response: ChatResponse;
  rawFinishReason?: string;
}

/** A gateway in front of one backend format, and what its backend saw. */
export interface LegalityGateway {
  gateway: Gateway;
  /** The last request the backend received, if any since the last {@link LegalityGateway.reset}. */
  received(): BackendRequest | undefined;
  /** The last conversion report. */
  report(): ConversionReport | undefined;
  /** Forgets the last request and report, and sets how the backend answers the next one. */
  reset(answer: (request: BackendRequest) => BackendAnswer): void;
}

/** Puts an unknown or unusual finish reason on a backend's whole answer, the way each format carries it. */
function withRawFinishReason(format: LegalityFormat, wire: Record<string, unknown>, raw: string): void {
  if (format === "messages") wire.stop_reason = raw;
  else if (format === "interactions") wire.status = raw;
  else if (format === "chat-completions") {
    for (const choice of (wire.choices as Record<string, unknown>[] | undefined) ?? [])
      choice.finish_reason = raw;
  } else if (format === "responses") {
    wire.status = "incomplete";
    wire.incomplete_details = { reason: raw };
  } else {
    for (const candidate of (wire.candidates as Record<string, unknown>[] | undefined) ?? [])
      candidate.finishReason = raw;
  }
}

/**
 * A gateway whose only provider speaks `format`, routing every model to it unchanged, with the
 * backend answered in process: it keeps the request it received (model and body) and answers with
 * what the test chose, whole or streamed.
 */
export function createLegalityGateway(format: LegalityFormat): LegalityGateway {
  const codec = codecs[format];
  let received: BackendRequest | undefined;
  let report: ConversionReport | undefined;
  let answer: (request: BackendRequest) => BackendAnswer = () => {
    throw new Error("no answer set");
  };
  const upstreamFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const location = codec.http.matchChatRequest("POST", url);
    const body = (await request.json()) as Record<string, unknown>;
    const model = (location?.model as string | undefined) ?? (body.model as string);
    received = { model: model.replace(/^models\//, ""), body };
    const planned = answer(received);
    const context = createConversionContext();
    const streamed = format === "generate-content" ? url.pathname.includes(":stream") : body.stream === true;
    if (!streamed) {
      const wire = codec.encodeResponse(planned.response, context) as Record<string, unknown>;
      if (planned.rawFinishReason !== undefined) withRawFinishReason(format, wire, planned.rawFinishReason);
      return Response.json(wire);
    }
    const bytes = await collect(
      readableFrom(replayEvents(planned.response))
        .pipeThrough(codec.createStreamEncoder(context))
        .pipeThrough(createJsonSseEncoderStream((event) => codec.sseEventName(event))),
    );
    return new Response(readableFrom(bytes), { headers: { "content-type": "text/event-stream" } });
  };
  const gateway = createGateway({
    providers: { backend: { type: format, baseURL: `http://${format}.backend.test`, apiKey: "backend-key" } },
    routes: [{ model: "*", provider: "backend" }],
    fetch: upstreamFetch as typeof fetch,
    secret: "a-sealing-secret-for-legality",
    onConversion(conversion) {
      report = conversion;
    },
  });
  return {
    gateway,
    received: () => received,
    report: () => report,
    reset(next) {
      received = undefined;
      report = undefined;
      answer = next;
    },
  };
}

/** How a caller of `format` sends a wire request for `model` to the gateway (in strict mode when `strict`). */
export function frontRequest(
  format: LegalityFormat,
  wire: Record<string, unknown>,
  model: string,
  stream: boolean,
  strict = false,
): Request {
  const mode = strict ? { "x-interlingua-strict": "1" } : {};
  if (format === "messages")
    return new Request("http://gateway.test/v1/messages", {
      method: "POST",
      headers: {
        "x-api-key": "caller",
        "anthropic-version": "2023-06-01",
        "content-type": "application/json",
        ...mode,
      },
      body: JSON.stringify({ ...wire, model, stream }),
    });
  if (format === "chat-completions")
    return new Request("http://gateway.test/v1/chat/completions", {
      method: "POST",
      headers: { authorization: "Bearer caller", "content-type": "application/json", ...mode },
      body: JSON.stringify({ ...wire, model, stream }),
    });
  if (format === "interactions")
    return new Request("http://gateway.test/v1beta/interactions", {
      method: "POST",
      headers: { "x-goog-api-key": "caller", "content-type": "application/json", ...mode },
      body: JSON.stringify({ ...wire, model, stream }),
    });
  if (format === "responses")
    return new Request("http://gateway.test/v1/responses", {
      method: "POST",
      headers: { authorization: "Bearer caller", "content-type": "application/json", ...mode },
      body: JSON.stringify({ ...wire, model, stream }),
    });
  const method = stream ? "streamGenerateContent?alt=sse" : "generateContent";
  const { model: _model, ...body } = wire;
  return new Request(`http://gateway.test/v1beta/models/${model}:${method}`, {
    method: "POST",
    headers: { "x-goog-api-key": "caller", "content-type": "application/json", ...mode },
    body: JSON.stringify(body),
  });
}

/** The JSON data of every event of an SSE body. */
export function sseData(text: string): unknown[] {
  return text.split(/\r?\n\r?\n/).flatMap((block) => {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trimStart())
      .join("\n");
    return data === "" || data === "[DONE]" ? [] : [JSON.parse(data)];
  });
}
