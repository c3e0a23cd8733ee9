import {
  type ConversionContext,
  pointer,
  traceFields,
  type Usage,
  usageAccounting,
  usageFromWire,
  usageToWire,
} from "@interlingua/core";
import { remainingFields, type WireObject, withResponsesExtensions } from "../responses-extensions";

/**
 * A `usage` object as canonical usage, by the responses accounting (`input_tokens` includes cached
 * tokens, `output_tokens` reasoning tokens). Detail fields with no canonical place stay in extensions.
 */
export function decodeResponsesUsage(usage: WireObject): Usage {
  const inputDetails = usage.input_tokens_details as WireObject | undefined;
  const outputDetails = usage.output_tokens_details as WireObject | undefined;
  const decoded = usageFromWire(
    {
      input: usage.input_tokens as number | undefined,
      cacheRead: inputDetails?.cached_tokens as number | undefined,
      cacheWrite: inputDetails?.cache_write_tokens as number | undefined,
      output: usage.output_tokens as number | undefined,
      reasoning: outputDetails?.reasoning_tokens as number | undefined,
      total: usage.total_tokens as number | undefined,
    },
    usageAccounting.responses,
  );
  const rest =
    remainingFields(usage, [
      "input_tokens",
      "output_tokens",
      "total_tokens",
      "input_tokens_details",
      "output_tokens_details",
    ]) ?? {};
  const inputRest = inputDetails && remainingFields(inputDetails, ["cached_tokens", "cache_write_tokens"]);
  const outputRest = outputDetails && remainingFields(outputDetails, ["reasoning_tokens"]);
  if (inputRest) rest.inputTokensDetails = inputRest;
  if (outputRest) rest.outputTokensDetails = outputRest;
  return withResponsesExtensions(decoded, Object.keys(rest).length > 0 ? rest : undefined);
}

/** The wire holder of each detail object {@link decodeResponsesUsage} keeps under another name. */
const detailHolders: Record<string, string> = {
  inputTokensDetails: "input_tokens_details",
  outputTokensDetails: "output_tokens_details",
};

/**
 * Traces each usage field {@link decodeResponsesUsage} kept in the extensions of the canonical
 * usage at `/usage` to its place in the response at `/usage`, for the losses of formats without it.
 */
export function traceResponsesUsage(context: ConversionContext, body: unknown, usage: Usage): void {
  const fields: Record<string, string> = {};
  const base = "/usage/extensions/responses";
  for (const [key, value] of Object.entries(usage.extensions?.responses ?? {})) {
    const holder = detailHolders[key];
    if (holder === undefined) fields[pointer(base, key)] = pointer("/usage", key);
    else
      for (const member of Object.keys(value as object))
        fields[pointer(base, key, member)] = pointer("/usage", holder, member);
  }
  traceFields(context, body, fields, {}, true);
}

/** Canonical usage as a `usage` object; counts the usage lacks are 0, the total their sum. */
export function encodeResponsesUsage(usage: Usage): WireObject {
  const counts = usageToWire(usage, usageAccounting.responses);
  const { inputTokensDetails, outputTokensDetails, ...rest } = (usage.extensions?.responses ??
    {}) as WireObject;
  const input = counts.input ?? 0;
  const output = counts.output ?? 0;
  const inputDetails: WireObject = {
    cached_tokens: counts.cacheRead ?? 0,
    ...(inputTokensDetails as WireObject),
  };
  if (counts.cacheWrite !== undefined) inputDetails.cache_write_tokens = counts.cacheWrite;
  return {
    input_tokens: input,
    input_tokens_details: inputDetails,
    output_tokens: output,
    output_tokens_details: {
      reasoning_tokens: counts.reasoning ?? 0,
      ...(outputTokensDetails as WireObject),
    },
    total_tokens: counts.total ?? input + output,
    ...rest,
  };
}
