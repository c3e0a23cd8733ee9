import type { Citation, ConversionContext } from "@interlingua/core";
import { responsesExtensions, type WireObject } from "../responses-extensions";

/**
 * A canonical citation as an output-text annotation, or undefined (with a loss) when it has neither
 * a URL nor a file id. Foreign citations without a span get `start_index`/`end_index` 0 (approximated).
 */
export function encodeResponsesAnnotation(
  citation: Citation,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  const rest = responsesExtensions(citation);
  if (citation.kind === "other" && rest?.type !== undefined) {
    const annotation: WireObject = { ...rest };
    if (citation.fileId !== undefined) annotation.file_id = citation.fileId;
    return annotation;
  }
  if (citation.url !== undefined) {
    if (citation.startIndex === undefined || citation.endIndex === undefined)
      context.lose(
        "approximated",
        path,
        "url_citation needs a text span; the citation had none, so 0..0 was used",
      );
    return {
      type: "url_citation",
      ...rest,
      url: citation.url,
      title: citation.title ?? "",
      start_index: citation.startIndex ?? 0,
      end_index: citation.endIndex ?? 0,
    };
  }
  if (citation.fileId !== undefined) {
    if (citation.kind !== "file" || rest === undefined)
      context.lose("approximated", path, `a ${citation.kind} citation became a file_citation`);
    const foreignDefaults = rest === undefined ? { index: 0, filename: citation.title ?? "" } : undefined;
    return { type: "file_citation", ...foreignDefaults, ...rest, file_id: citation.fileId };
  }
  context.lose(
    "dropped",
    path,
    `a ${citation.kind} citation with neither URL nor file id has no responses annotation`,
  );
  return undefined;
}
