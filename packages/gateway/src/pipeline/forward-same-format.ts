import { CanonicalError } from "@interlingua/core";
import { encodeTerminalError } from "./encode-event-stream";
import type { GatewayRuntime, ProviderTarget } from "./gateway-runtime";

/** What {@link forwardSameFormat} sends. */
export interface SameFormatCall {
  /** The caller's body as parsed, sent on unchanged except for the model. */
  wire: unknown;
  /** The caller's headers, of which the format's pass-through headers go upstream. */
  headers: Headers;
  upstreamModel: string;
  stream: boolean;
  signal: AbortSignal;
}

/**
 * Same format in front and behind: the caller's body goes upstream as it came (model renamed), and
 * the upstream's answer, error or stream comes back byte for byte. Only a stream that breaks off
 * gets the format's own error event appended, so it never ends as a silent success.
 */
export async function forwardSameFormat(
  runtime: GatewayRuntime,
  target: Required<ProviderTarget>["direct"],
  call: SameFormatCall,
): Promise<Response> {
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
  let response: Response;
  try {
    response = await (target.options.fetch ?? runtime.fetch)(upstream.url, {
      method: upstream.method,
      headers: upstream.headers,
      body: upstream.body,
      signal: call.signal,
    });
  } catch (thrown) {
    throw new CanonicalError(
      "unavailable",
      `The upstream could not be reached: ${(thrown as Error).message}`,
    );
  }
  const answerHeaders = new Headers({
    "content-type": response.headers.get("content-type") ?? "application/json",
  });
  const retryAfter = response.headers.get("retry-after");
  if (retryAfter) answerHeaders.set("retry-after", retryAfter);
  if (!response.ok || !response.body)
    return new Response(runtime.redact(await response.text()), {
      status: response.status,
      headers: answerHeaders,
    });
  answerHeaders.set("x-interlingua-losses", "0");
  if (!call.stream) return new Response(response.body, { status: response.status, headers: answerHeaders });
  answerHeaders.set("cache-control", "no-cache");
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (thrown) {
        const error = new CanonicalError(
          "unavailable",
          `The upstream stream broke off: ${(thrown as Error).message}`,
        );
        for (const bytes of await encodeTerminalError(codec, error, runtime.redact))
          controller.enqueue(bytes);
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, headers: answerHeaders });
}
