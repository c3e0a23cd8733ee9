import { interactionsApiVersion } from "@interlingua/interactions/http";
import type { SideEndpointCall } from "../formats/gateway-format";
import type { SecretRedactor } from "./create-secret-redactor";
import type { ProviderTarget } from "./gateway-runtime";
import { callUpstream, readUpstreamJson, upstreamBadAnswer } from "./upstream-exchange";

/** Query parameters of a retrieve call that go upstream (never the caller's `key`). */
const forwardedQuery = ["stream", "last_event_id", "include_input"];

/** `body` with `redact` applied line by line (a secret never straddles two lines of SSE). */
function redactLines(body: ReadableStream<Uint8Array>, redact: SecretRedactor): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        pending += decoder.decode(chunk, { stream: true });
        const end = pending.lastIndexOf("\n");
        if (end === -1) return;
        controller.enqueue(encoder.encode(redact(pending.slice(0, end + 1))));
        pending = pending.slice(end + 1);
      },
      flush(controller) {
        pending += decoder.decode();
        if (pending !== "") controller.enqueue(encoder.encode(redact(pending)));
      },
    }),
  );
}

/**
 * `GET`, `DELETE` or `POST …/cancel` of an interaction that an interactions upstream keeps (one the
 * caller's tenant created through a same-format pass-through), sent to that upstream with the
 * gateway's key for it, and its answer passed back as it came (status and body, a resumed stream
 * as it streams), secrets redacted. The caller's key and other query parameters stay here.
 */
export async function forwardInteractionCall(
  call: SideEndpointCall,
  target: Required<ProviderTarget>["direct"],
  id: string,
): Promise<Response> {
  const { runtime, request } = call;
  const { options } = target;
  const cancel = call.params.cancel === "true";
  const url = new URL(
    `${options.baseURL.replace(/\/+$/, "")}/${interactionsApiVersion}/interactions/${encodeURIComponent(id)}${cancel ? "/cancel" : ""}`,
  );
  const search = new URL(request.url).searchParams;
  if (call.method === "GET")
    for (const name of forwardedQuery) {
      const value = search.get(name);
      if (value !== null) url.searchParams.set(name, value);
    }
  const streaming = call.method === "GET" && search.get("stream") === "true";
  const response = await callUpstream(options.fetch ?? runtime.fetch, url.toString(), {
    method: call.method,
    headers: {
      ...options.headers,
      "x-goog-api-key": options.apiKey,
      accept: streaming ? "text/event-stream" : "application/json",
      ...(cancel ? { "content-type": "application/json" } : {}),
    },
    ...(cancel ? { body: "{}" } : {}),
    signal: request.signal,
  });
  const contentType = response.headers.get("content-type") ?? "application/json";
  if (streaming && response.ok && response.body)
    return new Response(redactLines(response.body, runtime.redact), {
      status: response.status,
      headers: { "content-type": contentType, "cache-control": "no-cache" },
    });
  const { text } = await readUpstreamJson(response, () =>
    upstreamBadAnswer(
      `The upstream answered ${response.status} with a body that is not JSON.`,
      response.status,
    ),
  ).catch((thrown) => {
    // An empty body (a DELETE's) is an answer too.
    if (response.ok) return { text: "{}" };
    throw thrown;
  });
  return new Response(runtime.redact(text), {
    status: response.status,
    headers: { "content-type": "application/json" },
  });
}
