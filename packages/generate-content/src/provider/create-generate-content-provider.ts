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
  toCanonicalError,
  transformReadable,
} from "@interlingua/core";
import { generateContentErrorFromWire } from "../errors/generate-content-error-from-wire";
import {
  buildGenerateContentUpstreamRequest,
  generateContentApiVersion,
} from "../http/generate-content-http-binding";
import { encodeGenerateContentRequest } from "../request/encode-generate-content-request";
import { decodeGenerateContentResponse } from "../response/decode-generate-content-response";
import { createGenerateContentStreamDecoderTransformer } from "../stream/create-generate-content-stream-decoder";

/** Options of {@link createGenerateContentProvider}. */
export interface GenerateContentProviderOptions {
  /** Base URL of the upstream, without the version (`https://generativelanguage.googleapis.com`). */
  baseURL: string;
  /** API key, sent as `x-goog-api-key`. */
  apiKey: string;
  /** Path version to call: `v1beta` (default) or `v1`. */
  apiVersion?: string;
  /** Fetch implementation; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Extra headers on every call. */
  headers?: Record<string, string>;
  /** Provider id for logs and routing; defaults to `generate-content`. */
  id?: string;
}

function failure(signal: AbortSignal | undefined, thrown: unknown): CanonicalError {
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

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A streamed body as canonical events, in one stage: bytes → SSE → JSON → the stream decoder,
 * fused. When reading the body fails (network loss, abort) before the stream ended, the events end
 * with an `error` event instead of the stream erroring.
 */
function decodeEventBody(
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
    chainTransformers(
      createJsonEventDecoderTransformer(),
      createGenerateContentStreamDecoderTransformer(context),
    ),
    watchEnd,
  );
  return transformReadable(body, decoder, {
    onSourceError(thrown, controller) {
      if (!ended) controller.enqueue({ type: "error", error: failure(signal, thrown).toData() });
    },
  });
}

/**
 * A {@link ChatProvider} for an upstream that speaks the generate-content format: requests are
 * encoded with this codec and sent to `{baseURL}/{apiVersion}/models/{model}:generateContent`
 * (or `:streamGenerateContent?alt=sse`), answers and streams decoded with it, HTTP errors and
 * error chunks mapped to {@link CanonicalError}s, and the signal aborts the call.
 */
export function createGenerateContentProvider(options: GenerateContentProviderOptions): ChatProvider {
  const fetchUpstream = options.fetch ?? globalThis.fetch;
  const apiVersion = options.apiVersion ?? generateContentApiVersion;

  async function call(
    request: ChatRequest,
    stream: boolean,
    callOptions: ProviderCallOptions,
  ): Promise<{ response: Response; context: ConversionContext }> {
    const context = callOptions.context ?? createConversionContext({ request });
    context.request ??= request;
    const upstream = buildGenerateContentUpstreamRequest(
      {
        baseURL: options.baseURL,
        apiKey: options.apiKey,
        model: request.model,
        stream,
        body: encodeGenerateContentRequest(request, context),
        headers: options.headers,
      },
      apiVersion,
    );
    let response: Response;
    try {
      response = await fetchUpstream(upstream.url, {
        method: upstream.method,
        headers: upstream.headers,
        body: upstream.body,
        signal: callOptions.signal,
      });
    } catch (thrown) {
      throw failure(callOptions.signal, thrown);
    }
    if (!response.ok)
      throw generateContentErrorFromWire(response.status, await readBody(response), response.headers);
    return { response, context };
  }

  return {
    id: options.id ?? "generate-content",
    capabilities: {
      streaming: true,
      wireFormat: "generate-content",
      hostedTools: ["code_execution", "web_search", "url_context", "file_search", "computer"],
      inputMedia: ["image", "audio", "video", "document", "file"],
    },
    async generate(request, callOptions = {}) {
      const { response, context } = await call(request, false, callOptions);
      let body: unknown;
      try {
        body = await response.json();
      } catch (thrown) {
        throw failure(callOptions.signal, thrown);
      }
      return decodeGenerateContentResponse(body, context);
    },
    async stream(request, callOptions = {}) {
      const { response, context } = await call(request, true, callOptions);
      if (!response.body) throw new CanonicalError("unavailable", "The upstream answered without a body");
      return decodeEventBody(response.body, context, callOptions.signal);
    },
  };
}
