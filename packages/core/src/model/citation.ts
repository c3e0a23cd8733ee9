import * as z from "zod/mini";
import { Extensions } from "./extensions";

/**
 * A source that backs a span of text: a web page, an uploaded document or file, or a search
 * result. Offsets are character offsets into the cited part's text unless the kind says otherwise.
 */
export const Citation = z.object({
  /** What is being cited. */
  kind: z.enum(["url", "document", "file", "search-result", "other"]),
  /** Address of a web source. */
  url: z.optional(z.string()),
  /** Title of the source. */
  title: z.optional(z.string()),
  /** Id of a stored file or of the cited document. */
  fileId: z.optional(z.string()),
  /** The quoted text, when the vendor returns it. */
  citedText: z.optional(z.string()),
  /** First character of the supported span in the part's text. */
  startIndex: z.optional(z.int()),
  /** End (exclusive) of the supported span in the part's text. */
  endIndex: z.optional(z.int()),
  /** Format-specific fields (document indexes, page numbers, encrypted indexes, licences). */
  extensions: z.optional(Extensions),
});
/** A source backing a span of text; see {@link Citation}. */
export type Citation = z.infer<typeof Citation>;
