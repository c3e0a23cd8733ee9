import type { ToolNameRule } from "@interlingua/core";

/**
 * The function names the generate-content API takes: a letter or `_`, then up to 63 letters, digits,
 * `_`, `.`, `:` or `-` (the API's "Invalid function name" answer); another format's other names are
 * renamed on the way and back.
 */
export const generateContentToolNameRule: ToolNameRule = {
  legal: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
  character: /[A-Za-z0-9_.:-]/,
  maxLength: 64,
  letterFirst: true,
};
