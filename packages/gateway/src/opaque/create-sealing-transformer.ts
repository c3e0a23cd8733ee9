import type { ChatEvent, Part, StreamTransformer } from "@interlingua/core";
import { createReasoningCarrier } from "./carried-reasoning";
import type { OpaqueSealer } from "./create-opaque-sealer";
import { partNeedsSealing, type SealingFront, sealPart } from "./seal-response-parts";

/** Options of {@link createSealingTransformer}. */
export interface SealingTransformerOptions {
  /** The front the stream goes to. */
  front: SealingFront;
  /**
   * Hold each tool call's events until its part ends, so a call whose state must travel in its id
   * gets that id on its `part-start` too. Only worth it when the backend's tool calls can carry state
   * and the front's cannot.
   */
  holdToolCalls: boolean;
}

/**
 * Seals foreign opaque state in a stream of canonical events for a client of another format.
 * Signature fragments are held until their part ends; then a part whose state came from another
 * format gets one `signature-delta` with the whole envelope, and any other part its fragments as
 * they were. With `holdToolCalls`, a tool call's events wait for its end and go out with the id it
 * ends with. For a front whose tool calls carry state, foreign reasoning before a tool call also
 * rides on the call's signature (see `carryReasoningOnToolCalls`). Everything else passes straight
 * through. Only the end of a part that needs sealing
 * returns a promise (the HMAC is asynchronous); every other event is handled synchronously, so the
 * transformer can be fused with synchronous steps after it.
 */
export function createSealingTransformer(
  sealer: OpaqueSealer,
  options: SealingTransformerOptions,
): StreamTransformer<ChatEvent, ChatEvent> {
  const held = new Map<number, ChatEvent[]>();
  const heldCalls = new Map<number, ChatEvent[]>();
  const carrier = options.front.toolCallsCarryState
    ? createReasoningCarrier((part) => partNeedsSealing(part, options.front))
    : undefined;

  const endPart = (
    event: Extract<ChatEvent, { type: "part-end" }>,
    part: Part,
    controller: TransformStreamDefaultController<ChatEvent>,
  ) => {
    const fragments = held.get(event.index) ?? [];
    held.delete(event.index);
    const before = heldCalls.get(event.index) ?? [];
    heldCalls.delete(event.index);
    for (const earlier of before) {
      const renamed = earlier.type === "part-start" && part.type === "tool-call" && earlier.id !== part.id;
      controller.enqueue(renamed ? { ...earlier, id: part.id } : earlier);
    }
    if (part === event.part) {
      for (const fragment of fragments) controller.enqueue(fragment);
    } else if (fragments.length > 0 && "signature" in part && part.signature) {
      controller.enqueue({ type: "signature-delta", index: event.index, signature: part.signature.data });
    }
    controller.enqueue(part === event.part ? event : { ...event, part });
  };

  return {
    transform(event, controller) {
      if (event.type === "part-start" && event.kind === "tool-call" && options.holdToolCalls) {
        heldCalls.set(event.index, [event]);
        return;
      }
      if (event.type === "signature-delta") {
        const fragments = held.get(event.index) ?? [];
        fragments.push(event);
        held.set(event.index, fragments);
        return;
      }
      if (event.type !== "part-end") {
        const call = "index" in event ? heldCalls.get(event.index) : undefined;
        if (call) call.push(event);
        else controller.enqueue(event);
        return;
      }
      const whole = carrier ? carrier.next(event.part) : event.part;
      if (!partNeedsSealing(whole, options.front)) return endPart(event, whole, controller);
      return sealPart(whole, options.front, sealer).then((part) => endPart(event, part, controller));
    },
  };
}
