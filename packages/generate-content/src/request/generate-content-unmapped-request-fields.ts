import type { UnmappedRequestFields } from "@interlingua/core";
import { generateContentPartObjects } from "./decode-generate-content-part";

/**
 * The generate-content request fields kept in `extensions["generate-content"]` that another format
 * cannot take (`labels`, unmapped `generationConfig` and `toolConfig` members, ...), apart from
 * the decoder's own marks.
 */
export const generateContentUnmappedRequestFields: UnmappedRequestFields = {
  marks: ["snakeCaseKeys", "model", "generationConfig/original"],
  holders: ["generationConfig", "toolConfig", "functionCallingConfig"],
  // A declaration's and a hosted tool's fields beside these marks are its caller fields (see
  // `decodeGenerateContentTools`).
  toolMarks: ["tool", "parameters", "parametersJsonSchema", "parametersOmitted"],
  hostedToolMarks: ["tool", "field", "options"],
  // A turn's and the instruction's fields beside these marks are the caller's: a turn's unknown
  // fields and the `function` / `tool` role another format's tool results cannot say.
  messageMarks: ["roleOmitted", "instructionRole"],
  // A part's fields beside these marks are the caller's (video metadata, an unknown field, a
  // signature or outcome the canonical part cannot hold); a wire object's unmapped members are kept
  // under its name (see `decodeGenerateContentPart`).
  partMarks: ["thoughtOff", "urlSafeBase64", "syntheticId", "argsOmitted", "wrapper", "noData"],
  partHolders: generateContentPartObjects,
};
