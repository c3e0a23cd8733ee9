import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for generate-content documents (issue #15), one per class: the
 * first path token of what is lost and why it is still open. Each is a defect to fix, not a rule.
 */
export const generateContentLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent usageMetadata counts below their details",
    reason:
      "a cached count above the prompt count that includes it (the spec allows it, no server sends it) cannot be split into another format's counts, and comes back otherwise",
    kind: "silent",
    path: /^\/usageMetadata\/(promptTokenCount|candidatesTokenCount)$/,
  },
  {
    name: "silent answer extra candidates",
    reason:
      "candidates after the first are dropped by formats with one answer; the loss is reported at /candidates, which a stream's trace cannot place",
    kind: "silent",
    path: /^\/answer\/candidates\/[1-9]\d*(\/|$)/,
  },
  {
    name: "silent answer error",
    reason: "an error chunk's status and code come back as the nearest of the error kind, without a loss",
    kind: "silent",
    path: /^\/answer\/error(\/|$)/,
  },
  {
    name: "false-loss speechConfig to chat-completions",
    reason:
      "the audio format chat-completions needs (wav) is reported as an approximation, and is one: the caller asked for none; the chat-completions decoder keeps the format among its own marks (extensions), not in the canonical speech settings the loss names, so reading the target's request back cannot see it (the canonical model has no speech format)",
    kind: "false-loss",
    to: "chat-completions",
    path: /^\/generationConfig\/speechConfig$/,
  },
  {
    name: "silent illegal function names in turns",
    reason:
      "a function call in a turn named what the API refuses for a declaration (`line\\nbreak`) comes back under its legalised name (`line_break`), without a loss; generated documents only",
    kind: "silent",
    path: /^\/contents\/\d+\/parts\/\d+\/functionCall\/name$/,
  },

  {
    name: "silent non-object function parameters",
    reason:
      "a declaration whose parameters are not an object (NUMBER, NULL) reaches chat-completions, responses and interactions as no parameters, without a loss (messages reports it since this session); generated documents only",
    kind: "silent",
    path: /^\/tools\/function \d+\/parameters\/type$/,
  },
  {
    name: "silent second file search to responses",
    reason:
      "a second fileSearch tool's store names do not come back through responses, and no loss says so (not yet investigated); generated documents only",
    kind: "silent",
    to: "responses",
    path: /^\/tools\/fileSearch [1-9]\d*\/retrievalResources\/\d+\/ragStoreName$/,
  },
  {
    name: "silent unspecified schema type",
    reason:
      "a responseSchema of TYPE_UNSPECIFIED with anyOf comes back as STRING, its alternatives' fields otherwise, without a loss; generated documents only",
    kind: "silent",
    path: /^\/generationConfig\/responseSchema(\/type|\/anyOf\/\d+\/.+)$/,
  },
  {
    name: "silent answer citation licence and empty text",
    reason:
      "a citation's license (every target), its place (messages), and an empty text part (chat-completions) come back otherwise in a stream, without a loss",
    kind: "silent",
    path: /^\/answer\/candidates\/\d+\/(citationMetadata\/citationSources\/\d+\/(license|startIndex|endIndex|uri)|content\/parts\/\d+\/text)$/,
  },
  {
    name: "false-loss second web search to chat-completions",
    reason:
      "of two web search tools (googleSearchRetrieval and googleSearch), chat-completions carries the first as web_search_options and reports the second unsupported; the first comes back spelled googleSearch, so the second looks whole: the loss is real, the round trip cannot see it (ldet's false-loss rule)",
    kind: "false-loss",
    to: "chat-completions",
    path: /^\/tools\/\d+\/googleSearch$/,
  },
  {
    name: "silent turn after a split turn",
    reason:
      "a user turn holding media another format cannot take and a function call is split by responses and interactions (reported at that turn), and the user turn after it comes back without its text, not yet traced (found by the 2,000-run generated requests, seed 1358801314)",
    kind: "silent",
    path: /^\/contents\/\d+\/parts\/\d+\/text$/,
  },
];
