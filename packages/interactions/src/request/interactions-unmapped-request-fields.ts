import type { UnmappedRequestFields } from "@interlingua/core";

/**
 * The interactions request fields kept in `extensions.interactions` that another format cannot
 * take (`background`, `labels`, `webhook_config`, unmapped `generation_config` members, a response
 * format, modalities or safety settings kept verbatim, a function tool's other members, ...), apart
 * from the decoder's own marks (the form `input` came in, a function declared without parameters),
 * the boundary between two input steps of one kind in a row, and content block fields with no
 * canonical place.
 */
export const interactionsUnmappedRequestFields: UnmappedRequestFields = {
  marks: ["inputForm"],
  holders: ["generationConfig"],
  toolMarks: ["noParameters"],
  // A known hosted tool's declaration is kept whole for this format; its fields, kept by name too,
  // are what another format's tool lacks.
  hostedToolMarks: ["declaration"],
  // Where a content step follows another of its kind (other formats join the two), and content
  // block fields no canonical part has (kept, as other annotations than URL citations are).
  partFields: [
    "newStep",
    "annotations",
    "resolution",
    "channels",
    "sample_rate",
    "processing",
    "uri",
    "name",
    // An empty MIME type, which names none.
    "mime_type",
    // A hosted call step's own fields (no other format has its step).
    "search_type",
    "signature",
    // A function result's text as blocks rather than a string, and a result said not to be an
    // error: no other format tells either from a plain result.
    "resultTextBlocks",
    "is_error",
  ],
};
