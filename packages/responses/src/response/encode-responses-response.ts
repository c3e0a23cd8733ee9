import {
  type ChatRequest,
  type ChatResponse,
  type ConversionContext,
  createConversionContext,
  type ErrorData,
  type FinishReason,
  pointer,
  reportForeignAnswerFields,
} from "@interlingua/core";
import { isResponsesContextOverflow } from "../errors/responses-context-overflow";
import {
  responsesResponseErrorCodeByKind,
  responsesResponseErrorCodes,
} from "../errors/responses-error-kinds";
import { encodeResponsesParts } from "../items/encode-responses-items";
import { encodeResponsesRequest } from "../request/encode-responses-request";
import { encodeResponsesTools } from "../request/encode-responses-tool";
import { responsesExtensions, type WireObject } from "../responses-extensions";
import { callsTool } from "./decode-responses-response";
import { encodeResponsesUsage } from "./responses-usage";

/**
 * The settings a response echoes, with the defaults the service fills in: from the canonical request
 * being answered when there is one (`context.request`), else the defaults alone. `service_tier`
 * appears only when the request set it.
 */
export function responsesEchoedSettings(request: ChatRequest | undefined): WireObject {
  const echo: WireObject = {
    instructions: null,
    max_output_tokens: null,
    parallel_tool_calls: true,
    previous_response_id: null,
    reasoning: { effort: null, summary: null },
    store: true,
    temperature: 1,
    text: { format: { type: "text" } },
    tool_choice: "auto",
    tools: [],
    top_p: 1,
    truncation: "disabled",
    metadata: {},
  };
  if (request === undefined) return echo;
  // The echo is a courtesy copy of settings: what it cannot carry was already reported when the
  // request itself was converted, so its losses are not this response's.
  const scratch = createConversionContext();
  const wire = encodeResponsesRequest({ ...request, messages: [] }, scratch) as WireObject;
  for (const key of [
    "instructions",
    "max_output_tokens",
    "parallel_tool_calls",
    "previous_response_id",
    "store",
    "temperature",
    "tool_choice",
    "top_p",
    "truncation",
    "metadata",
    "user",
    "service_tier",
  ]) {
    if (wire[key] !== undefined && wire[key] !== null) echo[key] = wire[key];
  }
  if (wire.reasoning) echo.reasoning = { effort: null, summary: null, ...(wire.reasoning as WireObject) };
  if (wire.text && (wire.text as WireObject).format) echo.text = wire.text;
  echo.tools = encodeResponsesTools(request.tools ?? [], scratch, true);
  return echo;
}

/**
 * A canonical response as a response object: the echo of the request's settings (see
 * {@link responsesEchoedSettings}; a response decoded from this format keeps its own), the output
 * items, usage, and a status with `incomplete_details` or `error` to match.
 */
export function encodeResponsesResponse(response: ChatResponse, context: ConversionContext): WireObject {
  const fields = responsesExtensions(response);
  const { statusRaw, usage: usageMark, ...rest } = fields ?? {};
  const wire: WireObject = {
    id: response.id,
    object: "response",
    created_at: response.created ?? Math.floor(context.now() / 1000),
    ...(fields === undefined ? responsesEchoedSettings(context.request) : undefined),
    ...rest,
  };
  wire.model = response.model;
  const { status, incompleteDetails } = encodeResponsesStatus(response);
  wire.status = (statusRaw as string | undefined) ?? status;
  wire.error = response.error ? encodeResponsesErrorObject(response.error) : null;
  // Details its status does not say (an upstream's of this format) are kept; others follow the status.
  wire.incomplete_details = rest.incomplete_details ?? incompleteDetails;
  wire.output = encodeResponsesParts(response.parts, "assistant", "output", context, "/parts");
  if (fields === undefined && wire.status === "incomplete")
    markLastItemIncomplete(wire.output as WireObject[]);
  loseUnsayableFinishReason(response.finishReason, response.status, response.parts.some(callsTool), context);
  // A refusal is said by a refusal content part; without one the answer reads as a plain stop.
  if (
    response.finishReason.reason === "refusal" &&
    response.status === "completed" &&
    !response.parts.some((part) => part.type === "refusal")
  )
    context.lose("approximated", "/finishReason", "a refusal without refusal content is sent as completed");
  const hasUsage = Object.keys(response.usage).some((key) => key !== "extensions");
  wire.usage =
    !hasUsage && (usageMark === null || response.status === "in_progress")
      ? null
      : encodeResponsesUsage(response.usage);
  for (const index of (response.candidates ?? []).keys())
    context.lose("unsupported", pointer("/candidates", index), "the responses format returns one candidate");
  if (response.stopSequence !== undefined)
    context.lose("dropped", "/stopSequence", "the responses format does not report a matched stop sequence");
  reportForeignAnswerFields(response, "responses", context);
  return wire;
}

/**
 * Gives the last output item of an answer cut short the status `incomplete`, as the API does (the
 * item it was writing when the limit or the filter stopped it). Only for an answer of another
 * format, whose items have no status of their own; one of this format keeps its items' statuses.
 */
function markLastItemIncomplete(output: WireObject[]): void {
  const last = output.at(-1);
  // Only the items whose status may be `incomplete` (a hosted call's may not).
  if ((last?.type === "message" || last?.type === "function_call") && last.status === "completed")
    last.status = "incomplete";
}

/** The wire status and `incomplete_details` of a canonical response. */
export function encodeResponsesStatus(response: Pick<ChatResponse, "status" | "finishReason">): {
  status: string;
  incompleteDetails: WireObject | null;
} {
  const reason = response.finishReason.reason;
  const cutShort = reason === "length" || reason === "content_filter";
  if (response.status === "incomplete" || (response.status === "completed" && cutShort)) {
    const raw = response.finishReason.raw;
    const detail =
      raw === "max_output_tokens" || raw === "content_filter"
        ? raw
        : reason === "content_filter"
          ? "content_filter"
          : "max_output_tokens";
    return { status: "incomplete", incompleteDetails: { reason: detail } };
  }
  return { status: response.status, incompleteDetails: null };
}

/**
 * A completed response says why it stopped only through its output: `tool_calls` when it calls
 * tools, `stop` otherwise. A finish reason that contradicts the output (a tool-use stop with no
 * call, say), or that has no value here (`other`, `pause`, `error`; an incomplete response's
 * unknown reason or a pause; a running state other than in_progress), cannot be said, so it is
 * recorded as a loss at `/finishReason`.
 */
export function loseUnsayableFinishReason(
  finishReason: FinishReason,
  status: ChatResponse["status"] | undefined,
  callsTools: boolean,
  context: ConversionContext,
): void {
  const reason = finishReason.reason;
  const raw = finishReason.raw;
  if (
    status === "incomplete" &&
    (reason === "pause" || (reason === "other" && raw !== undefined && raw !== "max_output_tokens"))
  )
    context.lose(
      "approximated",
      "/finishReason",
      `the finish reason ${raw ?? reason} is sent as incomplete_details.reason max_output_tokens`,
    );
  // A state another format has beside running (an interaction still queued) is sent as running.
  if (status === "in_progress" && raw !== undefined && raw !== "in_progress")
    context.lose("approximated", "/finishReason", `the state ${raw} is sent as in_progress`);
  if ((status ?? "completed") !== "completed") return;
  // A completed answer reads back as a plain stop or tool use: a matched stop sequence is not said.
  if (reason === "other" || reason === "pause" || reason === "error" || reason === "stop_sequence") {
    context.lose(
      "approximated",
      "/finishReason",
      `the finish reason ${raw ?? reason} cannot be said; the response is sent as completed`,
    );
    return;
  }
  if (reason !== "stop" && reason !== "tool_calls") return;
  const said = callsTools ? "tool_calls" : "stop";
  if (reason !== said)
    context.lose(
      "unsupported",
      "/finishReason",
      `the responses format infers "${said}" from the output, so "${reason}" cannot be said`,
    );
}

/**
 * Canonical error data as a failed response's `error` (`{code, message}`); codes the format lacks
 * become the kind's code. An input over the context window, whichever backend said it, is
 * `context_length_exceeded`, as live traffic says it and as Codex reads it from `response.failed`.
 */
export function encodeResponsesErrorObject(error: ErrorData): WireObject {
  const code = isResponsesContextOverflow(error)
    ? "context_length_exceeded"
    : error.code !== undefined && responsesResponseErrorCodes.has(error.code)
      ? error.code
      : responsesResponseErrorCodeByKind[error.kind];
  return { code, message: error.message };
}
