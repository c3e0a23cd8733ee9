import type { MediaPart, TextPart } from "@interlingua/core";

/**
 * `functionResponse.response` must be a JSON object, while a canonical tool result is text (and
 * media). The mapping, lossless both ways:
 * - `{"output": "<text>"}` ⇄ the text (the key the format's documentation names for results);
 * - `{"error": "<text>"}` ⇄ the text with `isError` (the documented key for failures);
 * - any other object ⇄ its JSON text.
 * Encoding text that is not a JSON object wraps it as `{"output": text}` (or `{"error": text}`);
 * text that is a JSON object written as `JSON.stringify` writes it is sent as that object, unless
 * the decoder marked it as wrapped (other spacing or escapes could not come back as written).
 */
export type FunctionOutputWrapper = "output" | "error";

/** A `response` object as tool-result text, with the wrapper it was unwrapped from. */
export function unwrapFunctionOutput(response: Record<string, unknown>): {
  text: string;
  wrapper?: FunctionOutputWrapper;
} {
  let onlyKey: string | undefined;
  let count = 0;
  for (const key in response) {
    onlyKey = key;
    if (++count > 1) break;
  }
  if (count === 1 && (onlyKey === "output" || onlyKey === "error") && typeof response[onlyKey] === "string") {
    return { text: response[onlyKey] as string, wrapper: onlyKey };
  }
  return { text: JSON.stringify(response) };
}

/** Tool-result text as a `response` object; see {@link FunctionOutputWrapper}. */
export function wrapFunctionOutput(
  text: string,
  isError: boolean | undefined,
  wrapper: FunctionOutputWrapper | undefined,
): Record<string, unknown> {
  if (wrapper) return { [wrapper]: text };
  if (isError) return { error: text };
  const first = text.trimStart()[0];
  if (first === "{") {
    try {
      const parsed: unknown = JSON.parse(text);
      // Only text that reads back the same: other spacing or escapes would change on the way back.
      if (
        typeof parsed === "object" &&
        parsed !== null &&
        !Array.isArray(parsed) &&
        JSON.stringify(parsed) === text &&
        unwrapFunctionOutput(parsed as Record<string, unknown>).wrapper === undefined
      )
        return parsed as Record<string, unknown>;
    } catch {
      // Not JSON: sent as text below.
    }
  }
  return { output: text };
}

/** The text of tool-result content: the text parts joined. */
export function toolResultText(content: readonly (TextPart | MediaPart)[]): {
  text: string;
  textParts: number;
} {
  let text = "";
  let textParts = 0;
  for (const part of content) {
    if (part.type !== "text") continue;
    text += part.text;
    textParts++;
  }
  return { text, textParts };
}
