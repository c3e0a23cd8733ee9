import type { ChatProvider, ProviderCallOptions, ProviderCapabilities } from "../contracts/chat-provider";
import type { Codec, UpstreamRequest, UpstreamRequestOptions } from "../contracts/codec";
import { type ConversionContext, createConversionContext } from "../conversion/conversion-context";
import { CanonicalError } from "../errors/canonical-error";
import { toCanonicalError } from "../errors/to-canonical-error";
import type { ChatEvent } from "../model/chat-event";
import type { ChatRequest } from "../model/chat-request";
import { createJsonEventDecoderTransformer, decodeJsonEventStream } from "../sse/decode-sse-stream";
import { chainTransformers } from "../stream/chain-transformers";
import { decodeEventBatches, eventBatchesOf } from "../stream/event-batches";
import type { StreamTransformer } from "../stream/stream-transformer";
import { transformReadable } from "../stream/transform-readable";
import type { BodyAnswer, FetchWithoutResponse } from "./fetch-without-response";

/** Options of {@link createCodecProvider}. */
export interface CodecProviderOptions<WireRequest = unknown> {
  /** Base URL of the upstream, without the version path (`https://api.example.com`). */
  baseURL: string;
  /** API key for the upstream, sent the way the codec's binding sends it. */
  apiKey: string;
  /** Fetch implementation; defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every call. */
  headers?: Record<string, string>;
  /** Provider id for logs and routing. */
  id: string;
  /** What the provider declares about itself (`wireFormat` enables pass-through). */
  capabilities: ProviderCapabilities;
  /**
   * Builds the upstream HTTP request instead of `codec.http.buildUpstreamRequest`, for a binding
   * with options of its own (an auth style, an API version in the path).
   */
  buildUpstreamRequest?: (options: UpstreamRequestOptions<WireRequest>) => UpstreamRequest;
}

/**
 * A failed or aborted upstream call as a {@link CanonicalError}: an abort by a `TimeoutError` is
 * `timeout`, any other abort or network failure `unavailable`; canonical errors pass through.
 */
function upstreamFailure(signal: AbortSignal | undefined, thrown: unknown): CanonicalError {
  if (signal?.aborted) {
    const reason = signal.reason;
    if (reason instanceof Error && reason.name === "TimeoutError") return toCanonicalError(reason);
    return new CanonicalError("unavailable", "The upstream call was aborted", { cause: reason });
  }
  if (CanonicalError.isInstance(thrown)) return thrown;
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new CanonicalError("unavailable", `The upstream could not be reached: ${message}`, {
    cause: thrown,
  });
}

/** An error answer's body: JSON when it parses, else its text. */
async function readErrorBody(response: Pick<Response, "text">): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A streamed body as canonical events. With the codec's decoder as a transformer this is one
 * stage (bytes → SSE → JSON → stream decoder, fused); without, the codec's decoder stream is piped
 * in. When reading the body fails (network loss, abort) before the stream ended, the events end
 * with an `error` event instead of the stream erroring.
 */
function decodeEventBody(
  codec: Pick<Codec, "createStreamDecoder" | "createStreamDecoderTransformer">,
  body: ReadableStream<Uint8Array>,
  context: ConversionContext,
  signal: AbortSignal | undefined,
): ReadableStream<ChatEvent> {
  let ended = false;
  const watchEnd: StreamTransformer<ChatEvent, ChatEvent> = {
    transform(event, controller) {
      if (event.type === "error" || event.type === "response-end") ended = true;
      controller.enqueue(event);
    },
  };
  const options = {
    onSourceError(thrown: unknown, controller: ReadableStreamDefaultController<ChatEvent>) {
      if (!ended) controller.enqueue({ type: "error", error: upstreamFailure(signal, thrown).toData() });
    },
  };
  if (codec.createStreamDecoderTransformer) {
    const decoder = chainTransformers(
      chainTransformers(createJsonEventDecoderTransformer(), codec.createStreamDecoderTransformer(context)),
      watchEnd,
    );
    return transformReadable(body, decoder, options);
  }
  const events = decodeJsonEventStream(body).pipeThrough(codec.createStreamDecoder(context));
  return transformReadable(events, watchEnd, options);
}

/**
 * A {@link ChatProvider} for an upstream that speaks `codec`'s format: the codec run the other way.
 * Requests are encoded with the codec and sent through its HTTP binding, whole answers and streams
 * decoded with it, non-2xx answers mapped through its `errorFromWire`, and the call's signal aborts
 * the fetch. Network failures and aborts are `unavailable` (`timeout` for a `TimeoutError`); a
 * stream whose body breaks off before its end closes with an `error` event.
 */
export function createCodecProvider<WireRequest>(
  codec: Codec<WireRequest, unknown, unknown, unknown>,
  options: CodecProviderOptions<WireRequest>,
): ChatProvider {
  const fetchUpstream = options.fetch ?? globalThis.fetch;
  const buildUpstreamRequest =
    options.buildUpstreamRequest ?? ((upstream) => codec.http.buildUpstreamRequest(upstream));

  /** The upstream call of `request`: where it goes and what it sends, with the conversion context. */
  function upstreamCall(request: ChatRequest, stream: boolean, callOptions: ProviderCallOptions) {
    const context = callOptions.context ?? createConversionContext({ request });
    context.request ??= request;
    const upstream = buildUpstreamRequest({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      model: request.model,
      stream,
      body: codec.encodeRequest(request, context),
      headers: options.headers,
    });
    const init: RequestInit = {
      method: upstream.method,
      headers: upstream.headers,
      body: upstream.body,
      signal: callOptions.signal,
    };
    return { url: upstream.url, init, context };
  }

  /** `answer` when it is a success, else its error through the codec. */
  async function succeeded<Answer extends BodyAnswer | Response>(answer: Answer): Promise<Answer> {
    if (!answer.ok) throw codec.errorFromWire(answer.status, await readErrorBody(answer), answer.headers);
    return answer;
  }

  /** One upstream call through `send` (the fetch, or its answer without a `Response`), checked a success. */
  async function call<Answer extends BodyAnswer | Response>(
    send: (url: string, init: RequestInit) => Promise<Answer>,
    request: ChatRequest,
    stream: boolean,
    callOptions: ProviderCallOptions,
  ): Promise<{ answer: Answer; context: ConversionContext }> {
    const { url, init, context } = upstreamCall(request, stream, callOptions);
    let answer: Answer;
    try {
      answer = await send(url, init);
    } catch (thrown) {
      throw upstreamFailure(callOptions.signal, thrown);
    }
    return { answer: await succeeded(answer), context };
  }

  return {
    id: options.id,
    capabilities: options.capabilities,
    async generate(request, callOptions = {}) {
      // Without a Response where the fetch can answer so, as streamBatches (decision 0053).
      const withoutResponse = (fetchUpstream as FetchWithoutResponse).withoutResponse;
      const send = withoutResponse ? withoutResponse.bind(fetchUpstream) : fetchUpstream;
      const { answer, context } = await call<BodyAnswer | Response>(send, request, false, callOptions);
      let body: unknown;
      try {
        body = JSON.parse(await answer.text());
      } catch (thrown) {
        throw upstreamFailure(callOptions.signal, thrown);
      }
      return codec.decodeResponse(body, context);
    },
    async stream(request, callOptions = {}) {
      const { answer: response, context } = await call(fetchUpstream, request, true, callOptions);
      if (!response.body) throw new CanonicalError("unavailable", "The upstream answered without a body");
      return decodeEventBody(codec, response.body, context, callOptions.signal);
    },
    async streamBatches(request, callOptions = {}) {
      const decoderOf = codec.createStreamDecoderTransformer;
      const withoutResponse = (fetchUpstream as FetchWithoutResponse).withoutResponse;
      const failed = (thrown: unknown): ChatEvent => ({
        type: "error",
        error: upstreamFailure(callOptions.signal, thrown).toData(),
      });
      if (decoderOf && withoutResponse) {
        const { answer, context } = await call(
          withoutResponse.bind(fetchUpstream),
          request,
          true,
          callOptions,
        );
        const body = answer.body;
        if (!body) throw new CanonicalError("unavailable", "The upstream answered without a body");
        const decoder = chainTransformers(createJsonEventDecoderTransformer(), decoderOf(context));
        return decodeEventBatches(body, decoder, failed);
      }
      const { answer: response, context } = await call(fetchUpstream, request, true, callOptions);
      if (!response.body) throw new CanonicalError("unavailable", "The upstream answered without a body");
      if (!decoderOf)
        return eventBatchesOf(decodeEventBody(codec, response.body, context, callOptions.signal));
      const decoder = chainTransformers(createJsonEventDecoderTransformer(), decoderOf(context));
      return decodeEventBatches(response.body.getReader(), decoder, failed);
    },
  };
}
