import { type ConversionContext, type Part, pointer } from "@interlingua/core";
import {
  interactionsFormat,
  isWireObject,
  keptWireFields,
  readInteractionsExtension,
} from "../interactions-extensions";

/** Canonical part fields and the step or content block fields they come from, by part type. */
const partFields: Partial<Record<Part["type"], Record<string, string>>> = {
  text: { text: "text", citations: "annotations" },
  media: { source: "data", mediaType: "mime_type" },
  reasoning: { summary: "summary", signature: "signature" },
  "tool-call": { id: "id", name: "name", arguments: "arguments" },
  "tool-result": { callId: "call_id", name: "name", content: "result", isError: "is_error" },
  code: { id: "id", code: "arguments/code", language: "arguments/language" },
  "code-result": { id: "call_id", output: "result", outcome: "is_error" },
  "hosted-tool-call": { id: "id", input: "arguments" },
  "hosted-tool-result": { callId: "call_id", output: "result", isError: "is_error" },
};

/** Fields whose value is copied as it was, so a pointer below them has the same tokens below the source. */
const sameShapeFields = new Set(["arguments", "input", "output"]);

/**
 * Traces each canonical part to the step or content block it was decoded from (`sources`, one per
 * part, under the canonical `base` from index `first` on), its fields to theirs, and the wire fields it keeps in
 * `extensions.interactions` (a content step's own fields to the step) as nodes of the same shape.
 */
export function traceInteractionsParts(
  context: ConversionContext,
  parts: readonly Part[],
  sources: readonly string[],
  base: string,
  first = 0,
): void {
  parts.forEach((part, index) => {
    const source = sources[index];
    if (source === undefined) return;
    const at = pointer(base, first + index);
    context.trace(at, source);
    for (const [field, wire] of Object.entries(partFields[part.type] ?? {}))
      if ((part as Record<string, unknown>)[field] !== undefined)
        context.trace(pointer(at, field), `${source}/${wire}`, sameShapeFields.has(field));
    if (part.type === "media" && part.source.type === "url")
      context.trace(pointer(at, "source"), `${source}/uri`);
    const extra = readInteractionsExtension(part);
    if (!extra) return;
    const extensions = pointer(at, "extensions", interactionsFormat);
    for (const key of Object.keys(keptWireFields(part)))
      context.trace(pointer(extensions, key), pointer(source, key), true);
    if (isWireObject(extra.stepFields)) {
      const step = source.replace(/\/content\/\d+$/, "");
      for (const key of Object.keys(extra.stepFields))
        context.trace(pointer(extensions, "stepFields", key), pointer(step, key), true);
    }
  });
}
