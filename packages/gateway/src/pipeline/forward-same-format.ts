import { CanonicalError, type ChatEvent } from "@interlingua/core";
import type { PlainAnswer } from "../http/gateway-answer";
import {
  countBytesOut,
  type ExchangeRecord,
  recordAnswer,
  recordAnswerEvent,
} from "../observe/exchange-record";
import { checkPassedThroughAnswer } from "./check-passed-through-answer";
import { checkPassedThroughStream } from "./check-passed-through-stream";
import type { GatewayRuntime, ProviderTarget } from "./gateway-runtime";
import type { PassThroughWatch } from "./pass-through-watch";
import { callUpstreamForAnswer } from "./upstream-exchange";

/** What {@link forwardSameFormat} sends. */
export interface SameFormatCall {
  /** The caller's body as parsed, sent on unchanged except for the model. */
  wire: unknown;
  /** The caller's headers, of which the format's pass-through headers go upstream. */
  headers: Headers;
  upstreamModel: string;
  stream: boolean;
  signal: AbortSignal;
  /** Told the id of the upstream's answer (whole or streamed), when it has one. */
  onAnswerId?: (id: string) => void | Promise<void>;
  /** The exchange's record: filled in with the answer, and finished when a stream ends. */
  record: ExchangeRecord;
}

/**
 * Same format in front and behind: the caller's body goes upstream as it came (model renamed), and
 * the upstream's answer comes back as it was written, but checked on the way: a whole answer or
 * error is parsed before it is forwarded, a stream is checked event by event and always ends with
 * the format's end or its error event (see `checkPassedThroughStream`), and secrets are redacted.
 * Failures before the first byte (an unreachable upstream, a timeout, an HTML error page, a stream
 * that fails at once) are thrown as {@link CanonicalError}s for the caller's HTTP error.
 */
export async function forwardSameFormat(
  runtime: GatewayRuntime,
  target: Required<ProviderTarget>["direct"],
  call: SameFormatCall,
): Promise<PlainAnswer> {
  const { codec } = target.format;
  const headers: Record<string, string> = { ...target.options.headers };
  for (const name of target.format.passThroughHeaders) {
    const value = call.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const upstream = codec.http.buildUpstreamRequest({
    ...target.options,
    headers,
    model: call.upstreamModel,
    stream: call.stream,
    body: call.wire,
  });
  const response = await callUpstreamForAnswer(target.options.fetch ?? runtime.fetch, upstream.url, {
    method: upstream.method,
    headers: upstream.headers,
    body: upstream.body,
    signal: call.signal,
  });
  const { record } = call;
  const watch: PassThroughWatch = {
    answer: (answer) => recordAnswer(record, answer),
    event: (event: ChatEvent) => recordAnswerEvent(record, event),
    bytes: (count) => countBytesOut(record, count),
    end: (error) => runtime.observation.finish(record, response.status, error),
  };
  if (!call.stream || !response.ok || !response.body)
    return checkPassedThroughAnswer(response, codec, runtime.redact, call.onAnswerId, watch);
  const keepaliveMs = target.format.sseComments ? runtime.keepaliveMs : undefined;
  const body = await checkPassedThroughStream(
    response.body,
    codec,
    runtime.redact,
    keepaliveMs,
    call.onAnswerId,
    watch,
  );
  return {
    status: response.status,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-interlingua-losses": "0",
    },
    body,
  };
}
