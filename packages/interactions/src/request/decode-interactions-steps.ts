import type { ConversionContext, Message, Part } from "@interlingua/core";
import type { WireObject } from "../interactions-extensions";
import { withInteractionsExtension } from "../interactions-extensions";
import { decodeInteractionsStep } from "./decode-interactions-step";

/** Turns decoded from steps, with where each came from in the source document. */
export interface DecodedInteractionsTurns {
  messages: Message[];
  /** Per message, the pointer of its first step; per part, the pointer of its step or content block. */
  sources: { message: string; parts: string[] }[];
}

/**
 * A list of steps (from index `first` on) as conversation turns: consecutive steps of one side (the
 * caller's input and tool results; the model's output, thoughts and calls) make one message, but for
 * a `user_input` step after another step of the caller's, which begins a message of its own (the
 * caller gave it as a turn of its own, which every format can say: joining it would lose where it
 * begins). Where a `model_output` step follows another in one message, its first part is marked
 * `newStep` so that a re-encoding keeps the two steps apart.
 */
export function decodeInteractionsSteps(
  steps: WireObject[],
  path: string,
  context: ConversionContext,
  first = 0,
): DecodedInteractionsTurns {
  const turns: DecodedInteractionsTurns = { messages: [], sources: [] };
  let previousType: string | undefined;
  for (let index = first; index < steps.length; index++) {
    const step = steps[index]!;
    const at = `${path}/${index}`;
    const decoded = decodeInteractionsStep(step, at, context);
    if (decoded.parts.length === 0) continue;
    const last = turns.messages[turns.messages.length - 1];
    const type = String(step.type);
    if (last && last.role === decoded.role && type !== "user_input") {
      if (type === "model_output" && previousType === type)
        withInteractionsExtension(decoded.parts[0] as Part, { newStep: true });
      last.parts.push(...decoded.parts);
      turns.sources[turns.sources.length - 1]!.parts.push(...decoded.sources);
    } else {
      turns.messages.push({ role: decoded.role, parts: decoded.parts });
      turns.sources.push({ message: at, parts: decoded.sources });
    }
    previousType = type;
  }
  return turns;
}
