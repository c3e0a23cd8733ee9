import type { Citation } from "@interlingua/core";
import { remainingFields, type WireObject, withResponsesExtensions } from "../responses-extensions";

/**
 * An output-text annotation as a canonical citation: `url_citation` is a url citation with its span,
 * `file_citation` a file citation; anything else (`file_path`, `container_file_citation`) is kind
 * `other`. Fields with no canonical place (the `index`, the `type` where it is not implied) stay in
 * `extensions.responses`.
 */
export function decodeResponsesAnnotation(annotation: WireObject): Citation {
  switch (annotation.type) {
    case "url_citation": {
      const citation: Citation = { kind: "url" };
      if (typeof annotation.url === "string") citation.url = annotation.url;
      if (typeof annotation.title === "string") citation.title = annotation.title;
      if (typeof annotation.start_index === "number") citation.startIndex = annotation.start_index;
      if (typeof annotation.end_index === "number") citation.endIndex = annotation.end_index;
      return withResponsesExtensions(
        citation,
        remainingFields(annotation, ["type", "url", "title", "start_index", "end_index"]),
      );
    }
    case "file_citation": {
      const citation: Citation = { kind: "file" };
      if (typeof annotation.file_id === "string") citation.fileId = annotation.file_id;
      return withResponsesExtensions(citation, remainingFields(annotation, ["type", "file_id"]));
    }
    default: {
      const citation: Citation = { kind: "other" };
      if (typeof annotation.file_id === "string") citation.fileId = annotation.file_id;
      return withResponsesExtensions(citation, remainingFields(annotation, ["file_id"]));
    }
  }
}
