import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import type { ChatEvent } from "../model/chat-event";
import { createCallIdChangeLoss } from "./create-call-id-change-loss";

const call = (index: number, startId: string, endId: string): ChatEvent[] => [
  { type: "part-start", index, kind: "tool-call", id: startId, name: "f" },
  { type: "part-end", index, part: { type: "tool-call", id: endId, name: "f", arguments: {} } },
];

describe("createCallIdChangeLoss", () => {
  it("reports a call whose end names another id than its start, at the part, and no other", () => {
    const context = createConversionContext();
    const lose = createCallIdChangeLoss(context, "messages");
    for (const event of [...call(0, "call_a", "call_b"), ...call(1, "call_c", "call_c")]) lose(event);
    expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([["approximated", "/parts/0"]]);
  });
});
