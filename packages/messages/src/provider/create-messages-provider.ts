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
import { messagesErrorFromWire } from "../errors/messages-error-from-wire";
import { buildMessagesUpstreamRequest, type MessagesAuthStyle } from "../http/messages-http-binding";
import { encodeMessagesRequest } from "../request/encode-messages-request";
import { decodeMessagesResponse } from "../response/decode-messages-response";
import { createMessagesStreamDecoderTransformer } from "../stream/create-messages-stream-decoder";

/** Options of {@link createMessagesProvider}. */
export interface MessagesProviderOptions {
  /** Base URL of the upstream, without `/v1` (`https://api.anthropic.com`). */
  baseURL: string;
  /** API key for the upstream. */
  apiKey: string;
  /** Fetch implementation; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Extra headers on every call (`anthropic-beta`, ...). */
  headers?: Record<string, string>;
  /** `x-api-key` (default) or `Authorization: Bearer`. */
  authStyle?: MessagesAuthStyle;
  /** Provider id for logs and routing; defaults to `messages`. */
  id?: string;
}

function abortError(signal: AbortSignal | undefined, thrown: unknown): CanonicalError {
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
 * A streamed body as canonical events, in one stage: bytes → SSE → JSON → the messages stream
 * decoder, fused. When reading the body fails (network loss, abort) before the stream ended, the
 * events end with an `error` event instead of the stream erroring.
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
    chainTransformers(createJsonEventDecoderTransformer(), createMessagesStreamDecoderTransformer(context)),
    watchEnd,
  );
  return transformReadable(body, decoder, {
    onSourceError(thrown, controller) {
      if (!ended) controller.enqueue({ type: "error", error: abortError(signal, thrown).toData() });
    },
  });
}

/**
 * A {@link ChatProvider} for an upstream that speaks the messages format: requests are encoded
 * with the messages codec, answers and streams decoded with it, upstream HTTP errors and stream
 * `error` events become {@link CanonicalError}s, and the signal aborts the call.
 */
export function createMessagesProvider(options: MessagesProviderOptions): ChatProvider {
  const fetchUpstream = options.fetch ?? globalThis.fetch;

  async function call(
    request: ChatRequest,
    stream: boolean,
    callOptions: ProviderCallOptions,
  ): Promise<{ response: Response; context: ConversionContext }> {
    const context = callOptions.context ?? createConversionContext({ request });
    const body = encodeMessagesRequest(request, context);
    const upstream = buildMessagesUpstreamRequest(
      {
        baseURL: options.baseURL,
        apiKey: options.apiKey,
        model: request.model,
        stream,
        body,
        headers: options.headers,
      },
      options.authStyle,
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
      throw abortError(callOptions.signal, thrown);
    }
    if (!response.ok)
      throw messagesErrorFromWire(response.status, await readBody(response), response.headers);
    return { response, context };
  }

  return {
    id: options.id ?? "messages",
    capabilities: {
      streaming: true,
      wireFormat: "messages",
      hostedTools: ["web_search", "code_execution", "computer", "bash", "text_editor"],
      inputMedia: ["image", "document"],
    },
    async generate(request, callOptions = {}) {
      const { response, context } = await call(request, false, callOptions);
      let body: unknown;
      try {
        body = await response.json();
      } catch (thrown) {
        throw abortError(callOptions.signal, thrown);
      }
      return decodeMessagesResponse(body, context);
    },
    async stream(request, callOptions = {}) {
      const { response, context } = await call(request, true, callOptions);
      if (!response.body) throw new CanonicalError("unavailable", "The upstream answered without a body");
      return decodeEventBody(response.body, context, callOptions.signal);
    },
  };
}
