import {
  type AnyCodec,
  collect,
  createConversionContext,
  createJsonSseEncoderStream,
  readableFrom,
  replayEvents,
  toCanonicalError,
} from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import type { GatewayConfig } from "../../src/index";
import { textAnswer } from "../support/scenario-answers";

/** Figures of what the upstreams saw. */
export interface UpstreamFigures {
  /** Calls answered. */
  answered: number;
  /** Calls whose body the upstream's codec refused (the gateway sent what the vendor would reject). */
  refused: number;
  /** The first few refusals, to read. */
  refusals: string[];
}

const upstreamCodecs: Record<string, AnyCodec> = {
  "messages.upstream.test": messagesCodec,
  "responses.upstream.test": responsesCodec,
  "generate-content.upstream.test": generateContentCodec,
};

/**
 * Three vendor upstreams answered in process, through the gateway's `fetch` option: each decodes what
 * the gateway sends with its own codec (refusing, as the vendor would, what does not decode) and
 * answers a short text, whole or streamed. Fast enough for 100k fuzzed requests; the routes send
 * `*-messages`, `*-responses` and `*-gc` models to them, anything else to the first.
 */
export function inProcessUpstreams(): {
  config: Pick<GatewayConfig, "providers" | "routes" | "fetch">;
  figures: UpstreamFigures;
} {
  const figures: UpstreamFigures = { answered: 0, refused: 0, refusals: [] };
  const upstreamFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const codec = upstreamCodecs[url.hostname];
    const location = codec?.http.matchChatRequest(request.method, url);
    if (!codec || !location) return new Response("not found", { status: 404 });
    const context = createConversionContext();
    let decoded: ReturnType<AnyCodec["decodeRequest"]>;
    try {
      decoded = codec.decodeRequest(JSON.parse(await request.text()), context, location);
    } catch (thrown) {
      const error = codec.errorToWire(toCanonicalError(thrown));
      figures.refused++;
      if (figures.refusals.length < 5) figures.refusals.push(`${codec.id}: ${(thrown as Error).message}`);
      return Response.json(error.body, { status: error.status < 500 ? error.status : 400 });
    }
    figures.answered++;
    const answer = textAnswer("fuzz answer");
    if (decoded.stream !== true) return Response.json(codec.encodeResponse(answer, context));
    const bytes = await collect(
      readableFrom(replayEvents(answer))
        .pipeThrough(codec.createStreamEncoder(context))
        .pipeThrough(createJsonSseEncoderStream((event) => codec.sseEventName(event))),
    );
    return new Response(readableFrom(bytes), { headers: { "content-type": "text/event-stream" } });
  };
  return {
    figures,
    config: {
      fetch: upstreamFetch as typeof fetch,
      providers: {
        messages: { type: "messages", baseURL: "http://messages.upstream.test", apiKey: "upstream-key" },
        responses: { type: "responses", baseURL: "http://responses.upstream.test", apiKey: "upstream-key" },
        gc: {
          type: "generate-content",
          baseURL: "http://generate-content.upstream.test",
          apiKey: "upstream-key",
        },
      },
      routes: [
        { model: "*-responses", provider: "responses" },
        { model: "*-gc", provider: "gc" },
        { model: "*", provider: "messages" },
      ],
    },
  };
}
