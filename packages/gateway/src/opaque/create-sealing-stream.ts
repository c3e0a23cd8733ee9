import type { ChatEvent } from "@interlingua/core";
import type { OpaqueSealer } from "./create-opaque-sealer";
import { sealPart } from "./seal-response-parts";

/**
 * Seals foreign opaque state in a stream of canonical events for a client of `frontFormat`.
 * Signature fragments are held until their part ends; then a part whose state came from another
 * format gets one `signature-delta` with the whole envelope, and any other part its fragments as
 * they were. Everything else passes straight through.
 */
export function createSealingStream(
  frontFormat: string,
  sealer: OpaqueSealer,
): TransformStream<ChatEvent, ChatEvent> {
  const held = new Map<number, ChatEvent[]>();
  return new TransformStream({
    async transform(event, controller) {
      if (event.type === "signature-delta") {
        const fragments = held.get(event.index) ?? [];
        fragments.push(event);
        held.set(event.index, fragments);
        return;
      }
      if (event.type !== "part-end") {
        controller.enqueue(event);
        return;
      }
      const fragments = held.get(event.index) ?? [];
      held.delete(event.index);
      const part = await sealPart(event.part, frontFormat, sealer);
      if (part === event.part) {
        for (const fragment of fragments) controller.enqueue(fragment);
      } else if (fragments.length > 0 && "signature" in part && part.signature) {
        controller.enqueue({ type: "signature-delta", index: event.index, signature: part.signature.data });
      }
      controller.enqueue(part === event.part ? event : { ...event, part });
    },
  });
}
