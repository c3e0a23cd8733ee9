import { type ConversionContext, type Message, type Part, pointer } from "@interlingua/core";
import type { WireObject } from "../interactions-extensions";
import { withInteractionsExtension } from "../interactions-extensions";
import { decodeInteractionsStep } from "./decode-interactions-step";

/** The step kinds whose content blocks become plain parts, so that two in a row need a boundary mark. */
const contentSteps = new Set(["user_input", "model_output"]);

/**
 * A list of steps as conversation turns: consecutive steps of one side (the caller's input and tool
 * results; the model's output, thoughts and calls) make one message. Where a content step follows
 * another of the same kind in one message, its first part is marked `newStep` so that a re-encoding
 * keeps the two steps apart.
 */
export function decodeInteractionsSteps(
  steps: WireObject[],
  path: string,
  context: ConversionContext,
): Message[] {
  const messages: Message[] = [];
  let previousType: string | undefined;
  steps.forEach((step, index) => {
    const decoded = decodeInteractionsStep(step, pointer(path, index), context);
    if (decoded.parts.length === 0) return;
    const last = messages[messages.length - 1];
    const type = String(step.type);
    if (last && last.role === decoded.role) {
      if (contentSteps.has(type) && previousType === type)
        withInteractionsExtension(decoded.parts[0] as Part, { newStep: true });
      last.parts.push(...decoded.parts);
    } else {
      messages.push({ role: decoded.role, parts: decoded.parts });
    }
    previousType = type;
  });
  return messages;
}
