import {
  CanonicalError,
  type ChatRequest,
  type ConversionContext,
  createConversionContext,
  type RequestLocation,
  type UpstreamRequest,
} from "@interlingua/core";
import type { GatewayFormat } from "../formats/gateway-format";
import type { TokenCountBinding } from "../formats/token-count-binding";
import { toResponse } from "../http/gateway-answer";
import { readLimitedBody } from "../http/read-limited-body";
import { carriesSealedState } from "../opaque/carries-sealed-state";
import { unsealRequest } from "../opaque/unseal-request";
import { checkPassedThroughAnswer } from "./check-passed-through-answer";
import { estimateInputTokens } from "./estimate-input-tokens";
import type { Front, GatewayRuntime, ProviderTarget } from "./gateway-runtime";
import { lossesHeader, parseJson, strictHeader } from "./handle-chat-request";
import { redactJsonText } from "./redact-json-text";
import { callUpstream, readUpstreamJson, upstreamBadAnswer } from "./upstream-exchange";

/** Response header saying where a count came from: `upstream` (the backend counted) or `estimate` (the gateway did). */
export const tokenCountHeader = "x-interlingua-token-count";

/** A backend that counts tokens itself: its format, with a counting endpoint, and call options. */
type CountingBackend = Required<ProviderTarget>["direct"] & {
  format: GatewayFormat & { tokenCount: TokenCountBinding };
};

function countingBackend(target: ProviderTarget): CountingBackend | undefined {
  return target.direct?.format.tokenCount ? (target.direct as CountingBackend) : undefined;
}

/**
 * One token count at a front's counting endpoint: the body (size-limited) read as the front's chat
 * request, routed by model like chat, then counted by the backend or estimated. Same format behind
 * → the caller's body goes to the backend's counting endpoint as it came (model renamed, key
 * swapped) and its answer comes back as it was, checked. Another format with a counting endpoint →
 * the request is converted and shaped as that endpoint's body, and the count comes back in the
 * front's shape. A backend without one (an in-process provider) → an estimate from a tokenizer over
 * the request's text, marked `x-interlingua-token-count: estimate`. Errors are thrown as
 * CanonicalErrors, for the gateway to answer in the front's format.
 */
export async function handleTokenCount(
  runtime: GatewayRuntime,
  front: Front,
  counting: TokenCountBinding,
  request: Request,
  location: RequestLocation,
): Promise<Response> {
  const { codec } = front.format;
  const context = createConversionContext({ strict: request.headers.get(strictHeader) === "1" });
  const wire = parseJson(await readLimitedBody(request, runtime.maxBodyBytes));
  const decoded = codec.decodeRequest(counting.toChatBody(wire), context, location);
  const route = runtime.router.resolve(decoded.model);
  if (!route)
    throw new CanonicalError("not_found", `The model '${decoded.model}' is not served here.`, {
      param: "model",
      code: "model_not_found",
    });
  const target = runtime.targets.get(route.provider);
  if (!target) throw new CanonicalError("internal", `Route to unknown provider '${route.provider}'.`);
  const backend = countingBackend(target);

  if (backend?.format.codec.id === codec.id && !carriesSealedState(wire)) {
    const headers: Record<string, string> = { ...backend.options.headers };
    for (const name of backend.format.passThroughHeaders) {
      const value = request.headers.get(name);
      if (value !== null) headers[name] = value;
    }
    const upstream = backend.format.tokenCount.buildUpstreamRequest({
      ...backend.options,
      headers,
      model: route.upstreamModel,
      body: wire,
    });
    return passCountThrough(
      runtime,
      backend,
      await callUpstreamCount(runtime, backend, upstream, request.signal),
    );
  }

  const backendFormat = target.provider.capabilities.wireFormat;
  let counted: ChatRequest = await unsealRequest(decoded, backendFormat, runtime.sealer, context);
  const conversation = backendFormat === codec.id ? undefined : front.conversation;
  if (conversation)
    counted = await conversation.expand(
      counted,
      context,
      runtime.keys.tenantOf(codec.http.readApiKey(request)),
    );
  // Counting asks for no answer: no output budget (a placeholder of the front's) and no stream.
  const { maxOutputTokens: _budget, stream: _stream, ...rest } = counted;
  counted = { ...rest, model: route.upstreamModel };
  if (!backend) {
    const count = await estimateInputTokens(counted);
    return countResponse(counting.encodeCount(count), "estimate", context.losses.length);
  }
  const upstream = backend.format.tokenCount.buildUpstreamRequest({
    ...backend.options,
    model: route.upstreamModel,
    body: countBody(backend, counted, context),
  });
  const response = await callUpstreamCount(runtime, backend, upstream, request.signal);
  const count = await convertedCount(runtime, backend, response);
  return countResponse(counting.encodeCount(count), "upstream", context.losses.length);
}

/**
 * The backend's counting body for a request: encoded as its chat body, then shaped for its counting
 * endpoint. A chat body may need an output budget the request has none of (a count asks for no
 * answer), so that one loss is no loss here; every other goes to `context` (and fails a strict
 * caller).
 */
function countBody(backend: CountingBackend, request: ChatRequest, context: ConversionContext): unknown {
  const scratch = createConversionContext();
  const body = backend.format.codec.encodeRequest(request, scratch);
  for (const loss of scratch.losses)
    if (loss.path !== "/maxOutputTokens") context.lose(loss.code, loss.path, loss.message);
  return backend.format.tokenCount.fromChatBody(body);
}

function countResponse(body: unknown, source: "upstream" | "estimate", losses: number): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: {
      "content-type": "application/json",
      [tokenCountHeader]: source,
      [lossesHeader]: String(losses),
    },
  });
}

/** A successful counting answer read whole and parsed, with its count; one without a count is a 502. */
async function readCountAnswer(
  backend: CountingBackend,
  response: Response,
): Promise<{ text: string; parsed: unknown; count: number }> {
  const { text, parsed } = await readUpstreamJson(response, () =>
    upstreamBadAnswer("The upstream's count answer is not valid JSON (it was cut off or is not an answer)."),
  );
  return { text, parsed, count: backend.format.tokenCount.readCount(parsed) };
}

/**
 * Same format both sides: the backend's answer as it was written, checked like a chat
 * pass-through's (an error in its own format goes on, anything else is a 502; a success must carry
 * its count), secrets redacted.
 */
async function passCountThrough(runtime: GatewayRuntime, backend: CountingBackend, response: Response) {
  if (!response.ok)
    return toResponse(await checkPassedThroughAnswer(response, backend.format.codec, runtime.redact));
  const { text, parsed } = await readCountAnswer(backend, response);
  return new Response(redactJsonText(text, parsed, runtime.redact), {
    status: 200,
    headers: { "content-type": "application/json", [tokenCountHeader]: "upstream", [lossesHeader]: "0" },
  });
}

/** Another format behind: the backend's count, or its error thrown for the front to answer. */
async function convertedCount(runtime: GatewayRuntime, backend: CountingBackend, response: Response) {
  const { codec } = backend.format;
  if (response.ok) return (await readCountAnswer(backend, response)).count;
  const checked = toResponse(await checkPassedThroughAnswer(response, codec, runtime.redact));
  throw codec.errorFromWire(checked.status, await checked.json(), checked.headers);
}

/** The upstream counting call of `backend`. */
function callUpstreamCount(
  runtime: GatewayRuntime,
  backend: CountingBackend,
  upstream: UpstreamRequest,
  signal: AbortSignal,
): Promise<Response> {
  return callUpstream(backend.options.fetch ?? runtime.fetch, upstream.url, {
    method: upstream.method,
    headers: upstream.headers,
    body: upstream.body,
    signal,
  });
}
