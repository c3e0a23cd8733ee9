import { type ConversionContext, obfuscationPadding } from "@interlingua/core";
import { responsesFormatId, type WireObject } from "../responses-extensions";
import type { ResponsesStreamEvent } from "../wire/responses-response-schema";

/**
 * Whether the caller asked for `obfuscation` padding on the stream's delta events
 * (`stream_options.include_obfuscation: true`), which the front's stream encoder then adds itself:
 * a converted stream has none of the upstream's (decision 0050).
 */
export function asksObfuscation(context: ConversionContext): boolean {
  const options = context.request?.extensions?.[responsesFormatId]?.stream_options as WireObject | undefined;
  return typeof options === "object" && options !== null && options.include_obfuscation === true;
}

/** A `*.delta` event with padding over its delta text (the spec's `obfuscation`); others as they are. */
export function withObfuscation(event: ResponsesStreamEvent): ResponsesStreamEvent {
  const { delta } = event as WireObject;
  if (typeof delta !== "string" || !event.type.endsWith(".delta")) return event;
  return { ...event, obfuscation: obfuscationPadding(delta.length) } as ResponsesStreamEvent;
}
