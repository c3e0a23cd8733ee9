import type { ChatResponse } from "../model/chat-response";
import type { Extensions } from "../model/extensions";
import type { Part } from "../model/part";
import { type ConversionContext, pointer } from "./conversion-context";

const isContainer = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

/**
 * A value that says nothing a client could miss: `null`, an empty object or list, and in usage a
 * count of 0 (no such tokens, which a format without the count says too) or a detail object of such.
 */
const isEmpty = (value: unknown, usage: boolean): boolean =>
  value === null ||
  (usage && value === 0) ||
  (isContainer(value) && Object.values(value).every((member) => isEmpty(member, usage)));

/**
 * Reports, as `dropped`, each vendor field another format's decoder kept in an answer's
 * `extensions` (the answer's own, its usage's, each part's and citation's, each candidate's) when
 * the answer is encoded to `target`, a format that never reads them: an upstream's `container`,
 * `system_fingerprint`, safety ratings or cache-creation split. A field is one the decoder traced to
 * the upstream answer (its loss path is that field's pointer there); keys a codec keeps for its own
 * bookkeeping are not traced and are not reported, nor are empty ones (`null`, `{}`, a usage count
 * of 0). Fields of the `target` format itself are put
 * back by its encoder, so nothing is reported for them. Every codec's answer encoder calls it.
 */
export function reportForeignAnswerFields(
  response: ChatResponse,
  target: string,
  context: ConversionContext,
): void {
  report(response.extensions, "", target, context);
  report(response.usage.extensions, "/usage", target, context);
  reportParts(response.parts, "/parts", target, context);
  response.candidates?.forEach((candidate, index) => {
    const path = pointer("/candidates", index);
    report(candidate.extensions, path, target, context);
    reportParts(candidate.parts, pointer(path, "parts"), target, context);
  });
}

function reportParts(parts: readonly Part[], base: string, target: string, context: ConversionContext): void {
  parts.forEach((part, index) => {
    const path = pointer(base, index);
    report(part.extensions, path, target, context);
    if (part.type === "text")
      for (const [position, citation] of (part.citations ?? []).entries())
        report(citation.extensions, pointer(path, "citations", position), target, context);
  });
}

/** The foreign fields of one canonical node's `extensions`, the node being at `base`. */
function report(
  extensions: Extensions | undefined,
  base: string,
  target: string,
  context: ConversionContext,
): void {
  if (extensions === undefined) return;
  const holder = context.sourcePath(base);
  const visit = (path: string, fields: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(fields)) {
      if (isEmpty(value, base === "/usage")) continue;
      const keyPath = pointer(path, key);
      const source = context.sourcePath(keyPath);
      // A key traced to a field of its own is that field; an untraced one (a codec's mark, a
      // holder of fields traced one by one) resolves to its node, and what it holds is looked at.
      if (source !== holder && source !== "")
        context.lose("dropped", keyPath, `the upstream answer's ${key} has no place in a ${target} answer`);
      else if (isContainer(value)) visit(keyPath, value);
    }
  };
  for (const [format, fields] of Object.entries(extensions))
    if (format !== target && isContainer(fields)) visit(pointer(base, "extensions", format), fields);
}
