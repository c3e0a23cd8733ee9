import { type ConversionContext, type Part, pointer } from "@interlingua/core";
import { isWireObject, keptWireFields, readInteractionsExtension } from "../interactions-extensions";

/** A canonical part field, the step or content block field it comes from, and whether it was copied as it was. */
type FieldSource = readonly [canonical: string, source: string, sameShape: boolean];

/**
 * The part fields other formats most often cannot carry, and the step or content block fields they
 * come from, by part type (other fields resolve to the part's own step or block).
 */
const partFields: Partial<Record<Part["type"], readonly FieldSource[]>> = {
  text: [["citations", "/annotations", false]],
  reasoning: [
    ["summary", "/summary", false],
    ["signature", "/signature", false],
  ],
  "tool-call": [["arguments", "/arguments", true]],
  "tool-result": [
    ["content", "/result", false],
    ["name", "/name", false],
    ["structured", "/result", false],
  ],
  "hosted-tool-call": [["input", "/arguments", true]],
  "hosted-tool-result": [["output", "/result", true]],
  media: [["mediaType", "/mime_type", false]],
  code: [["id", "/id", false]],
  "code-result": [["id", "/call_id", false]],
};

/**
 * Traces each canonical part to the step or content block it was decoded from (`sources`, one per
 * part, under the canonical `base` from index `first` on), the fields other formats most often
 * cannot carry to theirs, and the wire fields
 * it keeps in `extensions.interactions` (a content step's own fields to the step) as nodes of the
 * same shape, and a `newStep` mark to the step it begins (another format joins that step to the
 * one before it, a loss at the step). Paths are joined by hand: every token but a kept wire field's name is known to need
 * no escaping, and this runs for every part of every request.
 */
export function traceInteractionsParts(
  context: ConversionContext,
  parts: readonly Part[],
  sources: readonly string[],
  base: string,
  first = 0,
): void {
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    const source = sources[index];
    if (source === undefined) continue;
    const at = `${base}/${first + index}`;
    context.trace(at, source);
    for (const [field, wire, sameShape] of partFields[part.type] ?? [])
      if ((part as Record<string, unknown>)[field] !== undefined)
        context.trace(`${at}/${field}`, source + wire, sameShape);
    if (!part.extensions) continue;
    const extra = readInteractionsExtension(part);
    if (!extra) continue;
    const extensions = `${at}/extensions/interactions`;
    for (const key of Object.keys(keptWireFields(part)))
      context.trace(pointer(extensions, key), pointer(source, key), true);
    const step = source.replace(/\/content\/\d+$/, "");
    if (isWireObject(extra.stepFields))
      for (const key of Object.keys(extra.stepFields))
        context.trace(pointer(extensions, "stepFields", key), pointer(step, key), true);
    // A function result's text given as blocks, which another format reads back as a string.
    if (extra.resultTextBlocks === true) context.trace(`${extensions}/resultTextBlocks`, `${source}/result`);
    // Where a step begins that another format joins to the step before it: that step's own.
    if (extra.newStep === true) context.trace(`${extensions}/newStep`, step);
  }
}
