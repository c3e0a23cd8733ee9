import {
  CanonicalError,
  type ChatResponse,
  type ConversionContext,
  type ErrorData,
  pointer,
  statusByErrorKind,
  traceFields,
} from "@interlingua/core";
import { generateContentErrorByKind, generateContentErrorStatuses } from "@interlingua/generate-content";
import { isWireObject, remainingFields, type WireObject } from "../interactions-extensions";
import { decodeInteractionsSteps } from "../request/decode-interactions-steps";
import { traceInteractionsParts } from "../request/trace-interactions-parts";
import { InteractionsResponse } from "../wire/interactions-response-schema";
import { decodeInteractionsStatus } from "./interactions-status";
import { secondsOfInteractionsTime } from "./interactions-time";
import { decodeInteractionsUsage } from "./interactions-usage";

/** Fields of the `Interaction` this decoder maps; the others stay in extensions. */
const mappedFields = ["id", "model", "status", "created", "steps", "usage", "errors"];

/**
 * Canonical answer fields and the `Interaction` fields they come from, for loss paths. The input
 * steps an answer echoes are not traced: they are the caller's own input, never a loss to another format.
 */
const responseSources: Record<string, string> = {
  "/id": "/id",
  "/model": "/model",
  "/status": "/status",
  "/finishReason": "/status",
  "/created": "/created",
  "/usage": "/usage",
  "/error": "/errors/0",
  "/error/code": "/errors/0/code",
  "/error/message": "/errors/0/message",
};

/** An interaction error entry (`{code, message}`) as canonical error data. */
export function decodeInteractionsErrorEntry(entry: WireObject | undefined): ErrorData {
  const code = typeof entry?.code === "string" ? entry.code : undefined;
  const kind = (code !== undefined && generateContentErrorStatuses[code]?.kind) || "internal";
  const data: ErrorData = {
    kind,
    status: statusByErrorKind[kind],
    message: typeof entry?.message === "string" ? entry.message : "The interaction failed",
  };
  // The status its kind is sent as says no more than the kind: no code for another format.
  if (code !== undefined && code !== generateContentErrorByKind[kind].status) data.code = code;
  return data;
}

/**
 * Whether the canonical error says these errors exactly: one entry of a Gemini status and a
 * message, nothing else (another format's failed answer carries it; the list is kept otherwise).
 */
function saidByError(errors: WireObject[]): boolean {
  const [entry] = errors;
  return (
    errors.length === 1 &&
    isWireObject(entry) &&
    Object.keys(entry).every((key) => key === "code" || key === "message") &&
    typeof entry.message === "string" &&
    typeof entry.code === "string" &&
    generateContentErrorStatuses[entry.code] !== undefined
  );
}

/** How many of the steps are the caller's input echoed back: up to the last input or tool-result step. */
export function echoedInputLength(steps: WireObject[]): number {
  let length = 0;
  steps.forEach((step, index) => {
    if (step.type === "user_input" || step.type === "function_result") length = index + 1;
  });
  return length;
}

/**
 * An `Interaction` resource as a canonical response: the steps after the echoed input become the
 * output parts (thoughts, model output, function and hosted tool calls), `status` the lifecycle state
 * and finish reason, `usage` the token counts, the first of `errors` the error of a failed one. The
 * echoed input steps, the echoed settings and every field with no canonical meaning stay in
 * `extensions.interactions`, so the same format gets the resource back exactly.
 */
export function decodeInteractionsResponse(wire: unknown, context: ConversionContext): ChatResponse {
  const parsed = InteractionsResponse.safeParse(wire);
  if (!parsed.success)
    throw new CanonicalError(
      "unavailable",
      `The upstream answered with a malformed interaction: ${parsed.error.message}`,
    );
  context.startSource();
  const body = wire as WireObject;
  const steps = Array.isArray(body.steps) ? (body.steps as WireObject[]) : [];
  const inputLength = echoedInputLength(steps);
  const turns = decodeInteractionsSteps(steps, "/steps", context, inputLength);
  const parts = turns.messages.flatMap((message) => message.parts);
  traceInteractionsParts(
    context,
    parts,
    turns.sources.flatMap((source) => source.parts),
    "/parts",
  );
  const calledFunction = parts.some((part) => part.type === "tool-call");
  const { status, finishReason } = decodeInteractionsStatus(String(body.status), calledFunction);
  const response: ChatResponse = {
    id: String(body.id),
    model: typeof body.model === "string" ? body.model : "",
    parts,
    finishReason,
    usage: isWireObject(body.usage) ? decodeInteractionsUsage(body.usage, { context, source: "/usage" }) : {},
    status,
  };
  const rest = remainingFields(body, mappedFields);
  const created = secondsOfInteractionsTime(body.created);
  if (created !== undefined) response.created = created;
  if (
    body.created !== undefined &&
    (created === undefined || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(String(body.created)))
  )
    rest.created = body.created;
  if (body.model === undefined) rest.noModel = true;
  // Completed though it called a function: finer than the tool-calls stop that requires_action
  // also is, so a field of this format (another format's answer reports it dropped).
  if (body.status === "completed" && calledFunction) rest.status = body.status;
  if (inputLength > 0) rest.inputSteps = steps.slice(0, inputLength);
  if (body.steps === undefined) rest.noSteps = true;
  if (body.usage === undefined) rest.noUsage = true;
  const errors = Array.isArray(body.errors) ? (body.errors as WireObject[]) : undefined;
  if (errors) {
    if (errors[0] && status === "failed") response.error = decodeInteractionsErrorEntry(errors[0]);
    if (!(response.error && saidByError(errors))) rest.errors = errors;
  }
  if (Object.keys(rest).length > 0) response.extensions = { interactions: rest };
  traceFields(context, body, responseSources);
  for (const key of Object.keys(rest))
    if (body[key] !== undefined)
      context.trace(pointer("/extensions/interactions", key), pointer("", key), true);
  return response;
}
