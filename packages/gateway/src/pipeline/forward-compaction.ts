import { CanonicalError, createConversionContext } from "@interlingua/core";
import * as z from "zod/mini";
import type { SideEndpointCall } from "../formats/gateway-format";
import { readLimitedBody } from "../http/read-limited-body";
import { lossesHeader, strictHeader } from "./handle-chat-request";
import { prepareCompactionBody } from "./prepare-compaction-body";
import { redactJsonText } from "./redact-json-text";
import { asCallerError } from "./upstream-auth-failure";
import { callUpstream, readUpstreamJson, upstreamBadAnswer } from "./upstream-exchange";

function readObject(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CanonicalError("invalid_request", "The request body is not valid JSON.", {
      code: "invalid_json",
    });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new CanonicalError("invalid_request", "The request body must be a JSON object.", {
      code: "invalid_type",
    });
  return parsed as Record<string, unknown>;
}

/**
 * `POST /v1/responses/compact`: the caller's body goes, model renamed, to the routed upstream's own
 * `/v1/responses/compact` when that upstream speaks the front's format. First, as for a chat
 * request, a conversation the gateway keeps is filled in and sealed state opened (see
 * `prepareCompactionBody`), and an id the upstream keeps is passed on only for the tenant that got
 * it. The answer comes back checked (a success must be a `response.compaction` object; an error
 * keeps its status and body; the upstream refusing the gateway's credentials is a 502), with
 * secrets redacted. Compaction is the backend's own summarising of a conversation into opaque
 * items, which no other format can produce, so a model routed to a backend of another format is
 * answered 400 `compaction_unsupported` naming `model` (a 4xx, which clients do not retry, rather
 * than a 404 that reads as a missing route).
 */
export async function forwardCompaction(call: SideEndpointCall): Promise<Response> {
  const { runtime, front, request } = call;
  const wire = readObject(await readLimitedBody(request, runtime.maxBodyBytes));
  const model = wire.model;
  if (typeof model !== "string" || model === "")
    throw new CanonicalError(
      "invalid_request",
      "Compaction needs a 'model' naming the model to compact with.",
      {
        param: "model",
        code: "missing_required_parameter",
      },
    );
  const route = runtime.router.resolve(model);
  if (!route)
    throw new CanonicalError("not_found", `The model '${model}' is not served here.`, {
      param: "model",
      code: "model_not_found",
    });
  const direct = runtime.targets.get(route.provider)?.direct;
  if (direct?.format.codec.id !== front.format.codec.id)
    throw new CanonicalError(
      "invalid_request",
      `Compaction needs a backend speaking the ${front.format.codec.id} format; the model '${model}' is served by '${route.provider}', which does not.`,
      { param: "model", code: "compaction_unsupported" },
    );
  const context = createConversionContext({ strict: request.headers.get(strictHeader) === "1" });
  const body = await prepareCompactionBody(wire, front, call.tenant, runtime.sealer, context);
  // A conversation the upstream keeps itself is continued only by the tenant that got its id.
  const continuation = front.format.continuationOf?.(body);
  if (continuation) await runtime.continuations.check(continuation.id, call.tenant, continuation.param);
  const { options } = direct;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
    authorization: `Bearer ${options.apiKey}`,
    ...options.headers,
  };
  for (const name of direct.format.passThroughHeaders) {
    const value = request.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  const response = await callUpstream(
    options.fetch ?? runtime.fetch,
    `${options.baseURL.replace(/\/+$/, "")}/v1/responses/compact`,
    {
      method: "POST",
      headers,
      body: JSON.stringify({ ...body, model: route.upstreamModel }),
      signal: request.signal,
    },
  );
  const answer = await checkCompactionAnswer(response, call);
  answer.headers.set(lossesHeader, String(context.losses.length));
  return answer;
}

async function checkCompactionAnswer(response: Response, call: SideEndpointCall): Promise<Response> {
  const { codec } = call.front.format;
  const { text, parsed } = await readUpstreamJson(response, () =>
    upstreamBadAnswer(`The upstream answered HTTP ${response.status} with a body that is not JSON.`),
  );
  const headers = { "content-type": "application/json" };
  const redacted = () => redactJsonText(text, parsed, call.runtime.redact);
  if (response.ok) {
    const answer = parsed as { object?: unknown; output?: unknown } | null;
    if (answer?.object !== "response.compaction" || !Array.isArray(answer.output))
      throw upstreamBadAnswer(
        "The upstream's answer is not a compaction (no 'response.compaction' object with output).",
      );
    return new Response(redacted(), { status: response.status, headers });
  }
  const error = codec.errorFromWire(response.status, parsed, response.headers);
  const callerError = asCallerError(error);
  if (callerError !== error || !z.safeParse(codec.schemas.error, parsed).success) throw callerError;
  return new Response(redacted(), { status: response.status, headers });
}
