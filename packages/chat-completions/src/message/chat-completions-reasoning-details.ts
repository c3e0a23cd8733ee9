import type { OpaqueState } from "@interlingua/core";
import { isWireObject } from "../chat-completions-extensions";

/** The `format` of the one `reasoning_details` entry that carries opaque state of ours. */
const opaqueDetailFormat = "interlingua";

/**
 * `reasoning_details` (OpenRouter's list of reasoning entries) as this format's opaque state: the
 * list as JSON, or, for the single `reasoning.encrypted` entry this codec writes around state that
 * is not such a list (a gateway's sealed state), that state itself.
 */
export function decodeReasoningDetails(details: readonly unknown[]): string {
  const [only] = details;
  if (
    details.length === 1 &&
    isWireObject(only) &&
    only.type === "reasoning.encrypted" &&
    only.format === opaqueDetailFormat &&
    typeof only.data === "string"
  )
    return only.data;
  return JSON.stringify(details);
}

/**
 * This format's opaque state as `reasoning_details`: a list it came as, back as that list; any other
 * value as one `reasoning.encrypted` entry, which {@link decodeReasoningDetails} reads back.
 */
export function encodeReasoningDetails(state: OpaqueState): unknown[] {
  try {
    const parsed: unknown = JSON.parse(state.data);
    if (Array.isArray(parsed)) return parsed;
  } catch {
    // Not a list: opaque state of another kind.
  }
  return [{ type: "reasoning.encrypted", format: opaqueDetailFormat, data: state.data }];
}
