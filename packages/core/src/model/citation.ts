import * as z from "zod";
import { Extensions } from "./extensions";

/**
 * A source that backs a span of text: a web page, an uploaded document or file, or a search
 * result. Offsets are character offsets into the cited part's text unless the kind says otherwise.
 */
export const Citation = z.object({
  /** What is being cited. */
  kind: z.enum(["url", "document", "file", "search-result", "other"]),
  /** Address of a web source. */
  url: z.string().optional(),
  /** Title of the source. */
  title: z.string().optional(),
  /** Id of a stored file or of the cited document. */
  fileId: z.string().optional(),
  /** The quoted text, when the vendor returns it. */
  citedText: z.string().optional(),
  /** First character of the supported span in the part's text. */
  startIndex: z.number().int().optional(),
  /** End (exclusive) of the supported span in the part's text. */
  endIndex: z.number().int().optional(),
  /** Format-specific fields (document indexes, page numbers, encrypted indexes, licences). */
  extensions: Extensions.optional(),
});
/** A source backing a span of text; see {@link Citation}. */
export type Citation = z.infer<typeof Citation>;
