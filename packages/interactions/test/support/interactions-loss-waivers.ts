import type { LossWaiver } from "@interlingua/core/test";

/**
 * Known open findings of the loss detector for interactions documents (issues #15, #23), each
 * narrowed to the paths it is seen at, with why it is still open. Each is a defect to fix, not a rule.
 */
export const interactionsLossWaivers: readonly LossWaiver[] = [
  {
    name: "silent object function result back from generate-content",
    reason:
      'a function result given as a JSON object reaches generate-content as its object response (carried: not reported there, unlike the formats that send its JSON text), but the generate-content decoder reads a response object as its JSON text, which the interactions encoder sends as a string; open: the canonical tool result has no way to say its text is an object\'s (a core flag both decoders would set, and the encoders of text results would report), detector document "object function result"',
    kind: "silent",
    to: "generate-content",
    path: /^\/input\/\d+\/result(\/.*)?$/,
  },
];
