import {
  CanonicalError,
  type ChatResponse,
  type ConversionContext,
  type ErrorData,
  type FinishReason,
  type Part,
  pointer,
  statusByErrorKind,
  traceExtensions,
  traceFields,
} from "@interlingua/core";
import { responsesErrorKindForCode, responsesResponseErrorCodeByKind } from "../errors/responses-error-kinds";
import { decodeResponsesOutput, type TraceSource } from "../items/decode-responses-items";
import { isWireObject, remainingFields, type WireObject } from "../responses-extensions";
import { ResponsesResponse } from "../wire/responses-response-schema";
import { responsesEchoedFields } from "./responses-echoed-fields";
import { decodeResponsesUsage, traceResponsesUsage } from "./responses-usage";

/** Response fields mapped to canonical ones; everything else (the echoed settings) stays in extensions. */
const responseFields = [
  "id",
  "model",
  "created_at",
  "output",
  "usage",
  "status",
  "error",
  "incomplete_details",
];

/**
 * An upstream response object as a canonical response: output items as parts, usage by the
 * responses accounting, the status with a finish reason derived from it (`incomplete_details.reason`
 * for incomplete ones, `tool_calls` when the output calls functions), and a failed response's error.
 */
export function decodeResponsesResponse(wire: unknown, context: ConversionContext): ChatResponse {
  context.startSource();
  const parsed = ResponsesResponse.safeParse(wire);
  if (!parsed.success)
    throw new CanonicalError(
      "unavailable",
      `The upstream response is not a responses object: ${parsed.error.issues[0]?.message}`,
      {
        cause: parsed.error,
      },
    );
  const partSources: string[] = [];
  const response = decodeResponsesResponseObject(wire as WireObject, (canonical, source) => {
    context.trace(canonical, source);
    const part = /^\/parts\/(\d+)$/.exec(canonical);
    if (part) partSources[Number(part[1])] = source;
  });
  const lastItem = lastItemMadeIncomplete(wire as WireObject, response.status);
  response.parts.forEach((part, index) => {
    const source = partSources[index];
    const madeIncomplete = source !== undefined && lastItem !== undefined && itemOf(source) === lastItem;
    traceItemFields(context, wire, part, pointer("/parts", index), source, madeIncomplete);
  });
  traceFields(context, wire, responseSources);
  // Only an incomplete answer says why in `incomplete_details`; the others say it by their status.
  if (response.status !== "incomplete") traceFields(context, wire, { "/finishReason": "/status" });
  // Fields another format can lose: not `object`, the constant every response object has, nor the
  // request's settings a response echoes.
  const kept = Object.keys(response.extensions?.responses ?? {}).filter(
    (key) => !responsesEchoedFields.has(key),
  );
  traceExtensions(context, wire, "responses", kept);
  // A status the canonical model has no value for is kept raw beside the nearest one.
  traceFields(context, wire, { "/extensions/responses/statusRaw": "/status" });
  traceResponsesUsage(context, wire, response.usage);
  return response;
}

/** The output item a part came from, given the part's source (the item or one of its content entries). */
function itemOf(source: string): string {
  return source.replace(/\/content(\/\d+)?$/, "");
}

/**
 * The pointer of the output item an answer of another format may get back as `incomplete` when this
 * answer is incomplete (a `cancelled` one too, read as incomplete): the encoder marks the last item
 * when a message or a function call (see its `markLastItemIncomplete`), and the items after this
 * answer's last such item are ones a target may leave out (seed 1352157303: a hosted call after the
 * message, which interactions cannot say). Undefined when the answer is not incomplete.
 */
function lastItemMadeIncomplete(wire: WireObject, status: ChatResponse["status"]): string | undefined {
  if (status !== "incomplete" || !Array.isArray(wire.output)) return undefined;
  const output = wire.output as WireObject[];
  const last = output.findLastIndex((item) => item?.type === "message" || item?.type === "function_call");
  return last === -1 ? undefined : pointer("/output", last);
}

/**
 * An output item's fields a decoded part keeps (`extensions.responses`, a message item's under
 * `item`) traced to the item, or its content entry, they came from: an item's `id` and the like are
 * the upstream's own, lost in another format. Its `type` and a `completed` status say what the part
 * and the answer's status say already, and a call's `arguments` text (kept for its exact spelling) what the
 * call's input says. The `completed` status of the item an incomplete answer of another format marks
 * `incomplete` (`madeIncomplete`) says more: that item was finished although the answer was not.
 */
function traceItemFields(
  context: ConversionContext,
  wire: unknown,
  part: Part,
  canonical: string,
  source: string | undefined,
  madeIncomplete: boolean,
): void {
  if (source === undefined) return;
  const item = itemOf(source);
  const fields: Record<string, string> = {};
  const base = pointer(canonical, "extensions", "responses");
  // A status other than completed (an item cut short, or still in progress) says more than that.
  const said = (key: string, value: unknown) =>
    key === "type" || key === "arguments" || (key === "status" && value === "completed" && !madeIncomplete);
  for (const [key, value] of Object.entries(part.extensions?.responses ?? {})) {
    if (key === "item" && typeof value === "object" && value !== null) {
      for (const [member, held] of Object.entries(value))
        if (!said(member, held)) fields[pointer(base, key, member)] = pointer(item, member);
    } else if (key === "newItem") fields[pointer(base, key)] = item;
    else if (!said(key, value)) fields[pointer(base, key)] = pointer(source, key);
  }
  traceFields(context, wire, fields, {}, true);
}

/** Canonical response fields and the responses fields they come from, for loss paths. */
const responseSources: Record<string, string> = {
  "/id": "/id",
  "/model": "/model",
  "/created": "/created_at",
  "/parts": "/output",
  "/usage": "/usage",
  "/usage/totalTokens": "/usage/total_tokens",
  "/usage/inputTokens": "/usage/input_tokens",
  "/usage/outputTokens": "/usage/output_tokens",
  "/usage/cacheReadTokens": "/usage/input_tokens_details/cached_tokens",
  "/usage/cacheWriteTokens": "/usage/input_tokens_details/cache_write_tokens",
  "/usage/reasoningTokens": "/usage/output_tokens_details/reasoning_tokens",
  "/status": "/status",
  "/finishReason": "/incomplete_details",
  "/error": "/error",
};

/** {@link decodeResponsesResponse} for an object already known to be a response (stream lifecycle events). */
export function decodeResponsesResponseObject(body: WireObject, trace?: TraceSource): ChatResponse {
  const parts = decodeResponsesOutput(body.output as WireObject[], trace);
  const status = decodeResponsesStatus(body.status);
  const response: ChatResponse = {
    id: body.id as string,
    model: body.model as string,
    created: body.created_at as number,
    parts,
    finishReason: decodeResponsesFinishReason(body, parts.some(callsTool)),
    usage: body.usage ? decodeResponsesUsage(body.usage as WireObject) : {},
    status,
  };
  const error = decodeResponsesErrorData(body.error);
  if (error) response.error = error;
  const rest = remainingFields(body, responseFields) ?? {};
  if (typeof body.status === "string" && body.status !== status) rest.statusRaw = body.status;
  // Details of an answer that is not incomplete say what its status does not: kept as they came.
  const details = body.incomplete_details;
  if (body.status !== "incomplete" && isWireObject(details) && Object.keys(details).length > 0)
    rest.incomplete_details = details;
  if (body.usage === null) rest.usage = null;
  if (Object.keys(rest).length > 0) response.extensions = { responses: rest };
  return response;
}

/** A response `status` as a canonical status (`queued` and `cancelled` are kept raw beside it). */
export function decodeResponsesStatus(status: unknown): ChatResponse["status"] {
  switch (status) {
    case "completed":
    case "incomplete":
    case "failed":
    case "in_progress":
      return status;
    case "cancelled":
      return "incomplete";
    default:
      return status === undefined ? "completed" : "in_progress";
  }
}

/** Whether a part asks the caller to run a tool (a function call, or a computer-use action). */
export function callsTool(part: Part): boolean {
  return part.type === "tool-call" || (part.type === "hosted-tool-call" && part.tool === "computer");
}

/** Why a response stopped, read from its status and `incomplete_details`, and whether its output calls tools. */
export function decodeResponsesFinishReason(body: WireObject, callsTools: boolean): FinishReason {
  switch (body.status) {
    case "incomplete": {
      const reason = (body.incomplete_details as WireObject | null | undefined)?.reason as string | undefined;
      if (reason === "content_filter") return { reason: "content_filter", raw: reason };
      return reason === undefined
        ? { reason: "length" }
        : { reason: reason === "max_output_tokens" ? "length" : "other", raw: reason };
    }
    case "failed":
      return { reason: "error" };
    case "completed":
      return { reason: callsTools ? "tool_calls" : "stop" };
    default:
      return { reason: "other" };
  }
}

/** A failed response's `error` (`{code, message}`) as canonical error data. */
export function decodeResponsesErrorData(error: unknown): ErrorData | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, message } = error as WireObject;
  const kind = responsesErrorKindForCode(code as string | null | undefined);
  const data: ErrorData = { kind, status: statusByErrorKind[kind], message: String(message ?? "") };
  // The code its kind is sent as says no more than the kind: no code for another format.
  if (typeof code === "string" && code !== responsesResponseErrorCodeByKind[kind]) data.code = code;
  return data;
}
