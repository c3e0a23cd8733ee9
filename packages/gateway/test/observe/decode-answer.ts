import {
  type AnyCodec,
  accumulate,
  type ChatResponse,
  collect,
  createConversionContext,
  decodeJsonEventStream,
  readableFrom,
  type Usage,
} from "@interlingua/core";
import { answerEvents, sseChunks, wholeBody } from "../reliability/fault-upstream";
import type { FrontClient } from "../reliability/front-client";

const textEncoder = new TextEncoder();

/** A successful answer body as the front's client reads it, accumulated into one response. */
export async function decodeClientAnswer(
  client: FrontClient,
  body: string,
  stream: boolean,
): Promise<ChatResponse> {
  const { codec } = client;
  if (!stream) return codec.decodeResponse(JSON.parse(body), createConversionContext());
  const wire =
    client.framing === "json-array"
      ? (JSON.parse(body) as unknown[])
      : await collect(decodeJsonEventStream(readableFrom([textEncoder.encode(body)])));
  return accumulate(readableFrom(wire).pipeThrough(codec.createStreamDecoder(createConversionContext())));
}

/** Usage without its format-specific extensions, and without counts that are absent. */
export function countsOf(usage: Usage | undefined): Usage | undefined {
  if (!usage) return undefined;
  const { extensions: _extensions, ...counts } = usage;
  const present = Object.entries(counts).filter(([, value]) => value !== undefined);
  return present.length === 0 ? undefined : Object.fromEntries(present);
}

/**
 * The usage the fault upstream of `backend` reports for its proper answer, read with the backend
 * codec's own decoder (so mapped by the canonical usage rules), whole or streamed.
 */
export async function upstreamReportedUsage(backend: AnyCodec, stream: boolean): Promise<Usage | undefined> {
  if (!stream)
    return countsOf(
      backend.decodeResponse(JSON.parse(await wholeBody(backend, answerEvents())), createConversionContext())
        .usage,
    );
  const chunks = await sseChunks(backend, answerEvents());
  const response = await accumulate(
    decodeJsonEventStream(readableFrom(chunks)).pipeThrough(
      backend.createStreamDecoder(createConversionContext()),
    ),
  );
  return countsOf(response.usage);
}
