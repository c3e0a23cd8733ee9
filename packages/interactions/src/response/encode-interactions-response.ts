import {
  type ChatResponse,
  type ConversionContext,
  pointer,
  reportForeignAnswerFields,
  reportUnsplitUsage,
} from "@interlingua/core";
import { interactionsFormat, readInteractionsExtension, type WireObject } from "../interactions-extensions";
import { encodeInteractionsParts } from "../request/encode-interactions-steps";
import type { InteractionsResponse } from "../wire/interactions-response-schema";
import { interactionsErrorCode } from "./interactions-error-code";
import { encodeInteractionsStatus, reportInteractionsStatusLoss } from "./interactions-status";
import { encodeInteractionsCreated } from "./interactions-time";
import { encodeInteractionsUsage, interactionsUsageAccounting } from "./interactions-usage";

/** Extension fields that are marks of the decoder, not wire fields. */
const responseMarks = ["noModel", "inputSteps", "noSteps", "noUsage"];

/**
 * A canonical response as an `Interaction` resource: its parts as output steps (after the input
 * steps it echoed, when it came from this format), its state as `status` (`requires_action` when it
 * waits for tool results), usage, and a failed response's error as `errors`. Extra candidates have
 * no place in an interaction and are reported as losses.
 */
export function encodeInteractionsResponse(
  response: ChatResponse,
  context: ConversionContext,
): InteractionsResponse {
  const extra = readInteractionsExtension(response) ?? {};
  const calledFunction = response.parts.some((part) => part.type === "tool-call");
  const wire: WireObject = {
    id: response.id,
    status: encodeInteractionsStatus(response.status, response.finishReason, calledFunction),
  };
  reportInteractionsStatusLoss(
    wire.status as string,
    response.finishReason,
    calledFunction,
    "/finishReason",
    context,
  );
  if (extra.noModel !== true) wire.model = response.model;
  if (response.created !== undefined) wire.created = encodeInteractionsCreated(response.created, context);
  const output = withoutFunctionResults(
    encodeInteractionsParts(response.parts, "model_output", "/parts", context),
    response,
    context,
  );
  const steps = [...(Array.isArray(extra.inputSteps) ? (extra.inputSteps as WireObject[]) : []), ...output];
  if (extra.noSteps !== true || steps.length > 0) wire.steps = steps;
  if (extra.noUsage !== true || Object.keys(response.usage).length > 0)
    wire.usage = encodeInteractionsUsage(response.usage);
  if (response.usage.cacheWriteTokens)
    context.lose(
      "approximated",
      "/usage/cacheWriteTokens",
      "The interactions usage has no cache-write count: those tokens are counted as uncached input tokens",
    );
  reportUnsplitUsage(response.usage, interactionsUsageAccounting, "interactions", context);
  // An interaction's errors say why it failed: one that did not fail has none.
  if (response.error && response.status !== "failed")
    context.lose("dropped", "/error", "An interaction that did not fail says no error");
  else if (response.error && extra.errors === undefined) {
    wire.errors = [
      {
        code: interactionsErrorCode(response.error, "/error", context),
        message: response.error.message,
      },
    ];
  }
  if (response.stopSequence !== undefined)
    context.lose("dropped", "/stopSequence", "This format does not say which stop sequence ended the output");
  // Each at its own path, so the loss points at the choice or candidate the upstream sent.
  for (const index of (response.candidates ?? []).keys())
    context.lose(
      "unsupported",
      pointer("/candidates", index),
      "An interaction has one output; other candidates are not sent",
    );
  reportForeignAnswerFields(response, interactionsFormat, context);
  for (const key in extra) if (!responseMarks.includes(key)) wire[key] = extra[key];
  return wire as InteractionsResponse;
}

/**
 * The output steps without `function_result` steps, each reported unsupported at its part: an
 * interaction reads every step up to its last input or function result as the caller's echoed
 * input, so a function result in an answer (a responses `function_call_output` output item) would
 * turn the answer's steps before it into input.
 */
function withoutFunctionResults(
  steps: WireObject[],
  response: ChatResponse,
  context: ConversionContext,
): WireObject[] {
  response.parts.forEach((part, index) => {
    if (part.type === "tool-result")
      context.lose(
        "unsupported",
        pointer("/parts", index),
        "an interaction's answer has no function result step: it would read as the caller's input",
      );
  });
  return steps.filter((step) => step.type !== "function_result");
}
