import type { UnmappedRequestFields } from "@interlingua/core";

/**
 * The generate-content request fields kept in `extensions["generate-content"]` that another format
 * cannot take (`labels`, unmapped `generationConfig` and `toolConfig` members, ...), apart from
 * the decoder's own marks.
 */
export const generateContentUnmappedRequestFields: UnmappedRequestFields = {
  marks: ["snakeCaseKeys", "model", "generationConfig/original"],
  holders: ["generationConfig", "toolConfig", "functionCallingConfig"],
};
