import {
  type ChatResponse,
  type ConversionContext,
  pointer,
  reportForeignAnswerFields,
} from "@interlingua/core";
import { interactionsFormat, readInteractionsExtension, type WireObject } from "../interactions-extensions";
import { encodeInteractionsParts } from "../request/encode-interactions-steps";
import type { InteractionsResponse } from "../wire/interactions-response-schema";
import { interactionsErrorCode } from "./interactions-error-code";
import { encodeInteractionsStatus, reportInteractionsStatusLoss } from "./interactions-status";
import { interactionsTimeOfSeconds } from "./interactions-time";
import { encodeInteractionsUsage } from "./interactions-usage";

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
  if (response.created !== undefined) wire.created = interactionsTimeOfSeconds(response.created);
  const output = encodeInteractionsParts(response.parts, "model_output", "/parts", context);
  // A tool result in the model's output (a responses answer may list one) is a function_result step,
  // which an interaction's client reads as the caller's own input echoed back, not as output.
  response.parts.forEach((part, index) => {
    if (part.type === "tool-result")
      context.lose(
        "approximated",
        pointer("/parts", index),
        "A tool result in the output is sent as a function_result step, which reads as the caller's input",
      );
  });
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
  if (response.error && extra.errors === undefined) {
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
