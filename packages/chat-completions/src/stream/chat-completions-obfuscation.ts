import type { ConversionContext } from "@interlingua/core";
import { chatCompletionsFormatId, isWireObject } from "../chat-completions-extensions";

/**
 * Whether the caller asked for `obfuscation` padding on the chunks
 * (`stream_options.include_obfuscation: true`), which the front's stream encoder then adds itself:
 * a converted stream has none of the upstream's (decision 0050).
 */
export function asksObfuscation(context: ConversionContext): boolean {
  const options = context.request?.extensions?.[chatCompletionsFormatId]?.stream_options;
  return isWireObject(options) && options.include_obfuscation === true;
}
