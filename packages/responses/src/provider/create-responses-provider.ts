import {
  CanonicalError,
  type ChatEvent,
  type ChatProvider,
  type ChatRequest,
  type ConversionContext,
  chainTransformers,
  createConversionContext,
  createJsonEventDecoderTransformer,
  type ProviderCallOptions,
  transformReadable,
} from "@interlingua/core";
import { responsesCodec } from "../responses-codec";
import { createResponsesStreamDecoderTransformer } from "../stream/create-responses-stream-decoder";

/** Options for {@link createResponsesProvider}. */
export interface ResponsesProviderOptions {
  /** Upstream base URL without the version path (`https://api.openai.com`). */
  baseURL: string;
  /** API key sent as `Authorization: Bearer`. */
  apiKey: string;
  /** The fetch to call with; defaults to the global one. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers on every upstream call. */
  headers?: Record<string, string>;
}

/**
 * A streamed body as canonical events, in one stage: bytes → SSE → JSON → the responses stream
 * decoder, fused. When reading the body fails (network loss, abort) before the stream ended, the
 * events end with an `unavailable` error event instead of the stream erroring.
 */
function decodeResponsesEventBody(
  body: ReadableStream<Uint8Array>,
  context: ConversionContext,
  signal: AbortSignal | undefined,
): ReadableStream<ChatEvent> {
  let ended = false;
  const watchEnd: Transformer<ChatEvent, ChatEvent> = {
    transform(event, controller) {
      if (event.type === "error" || event.type === "response-end") ended = true;
      controller.enqueue(event);
    },
  };
  const decoder = chainTransformers(
    chainTransformers(createJsonEventDecoderTransformer(), createResponsesStreamDecoderTransformer(context)),
    watchEnd,
  );
  return transformReadable(body, decoder, {
    onSourceError(thrown, controller) {
      if (ended) return;
      const message =
        signal?.aborted === true
          ? "The upstream call was aborted"
          : `The upstream stream broke off: ${(thrown as Error)?.message ?? String(thrown)}`;
      controller.enqueue({ type: "error", error: new CanonicalError("unavailable", message).toData() });
    },
  });
}

/**
 * A backend that speaks the responses format upstream: canonical requests are encoded with the
 * responses codec, sent to `{baseURL}/v1/responses`, and the answer (whole or streamed) decoded back.
 * Upstream error answers become `CanonicalError`s through the codec; network failures are
 * `unavailable`, and an aborted call rejects with `unavailable` naming the abort.
 */
export function createResponsesProvider(options: ResponsesProviderOptions): ChatProvider {
  const fetchUpstream = options.fetch ?? globalThis.fetch;

  const call = async (
    request: ChatRequest,
    stream: boolean,
    callOptions: ProviderCallOptions,
    context: ConversionContext,
  ) => {
    const upstream = responsesCodec.http.buildUpstreamRequest({
      baseURL: options.baseURL,
      apiKey: options.apiKey,
      model: request.model,
      stream,
      body: responsesCodec.encodeRequest(request, context),
      headers: options.headers,
    });
    let response: Response;
    try {
      response = await fetchUpstream(upstream.url, {
        method: upstream.method,
        headers: upstream.headers,
        body: upstream.body,
        signal: callOptions.signal,
      });
    } catch (error) {
      const aborted = callOptions.signal?.aborted === true;
      throw new CanonicalError(
        "unavailable",
        aborted
          ? "The upstream call was aborted"
          : `The upstream could not be reached: ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (!response.ok) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // Not JSON: the text itself is the message.
      }
      throw responsesCodec.errorFromWire(response.status, body, response.headers);
    }
    return response;
  };

  return {
    id: "responses",
    capabilities: {
      streaming: true,
      wireFormat: responsesCodec.id,
      hostedTools: ["web_search", "file_search", "computer"],
      inputMedia: ["image", "document", "file"],
    },
    async generate(request, callOptions = {}) {
      const context = callOptions.context ?? createConversionContext();
      const response = await call(request, false, callOptions, context);
      return responsesCodec.decodeResponse(await response.json(), context);
    },
    async stream(request, callOptions = {}): Promise<ReadableStream<ChatEvent>> {
      const context = callOptions.context ?? createConversionContext();
      const response = await call(request, true, callOptions, context);
      if (!response.body) throw new CanonicalError("unavailable", "The upstream answered without a body");
      return decodeResponsesEventBody(response.body, context, callOptions.signal);
    },
  };
}
