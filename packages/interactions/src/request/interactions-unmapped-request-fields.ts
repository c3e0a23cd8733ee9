import type { UnmappedRequestFields } from "@interlingua/core";

/**
 * The interactions request fields kept in `extensions.interactions` that another format cannot
 * take (`background`, `labels`, `webhook_config`, unmapped `generation_config` members, a response
 * format, modalities or safety settings kept verbatim, a function tool's other members, ...), apart
 * from the decoder's own marks (the form `input` came in, a function declared without parameters).
 */
export const interactionsUnmappedRequestFields: UnmappedRequestFields = {
  marks: ["inputForm"],
  holders: ["generationConfig"],
  toolMarks: ["noParameters"],
};
