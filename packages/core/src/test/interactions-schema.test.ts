import { describe, expect, it } from "vitest";
import { interactionsSchemaProblems } from "./interactions-schema";

const request = (block: Record<string, unknown>) => ({
  model: "gemini-3-flash-preview",
  input: [{ type: "user_input", content: [{ type: "text", text: "hi" }, block] }],
});

describe("interactions schema problems", () => {
  // A content block is one of the schemas the compiled types repeat (in every step, result and
  // delta); compiled once and referred to, it keeps its rules everywhere it is used.
  it("holds a schema it repeats to its rules wherever it is used", () => {
    expect(
      interactionsSchemaProblems("InteractionsCreateRequest", request({ type: "text", text: "a" })),
    ).toEqual([]);
    expect(
      interactionsSchemaProblems("InteractionsCreateRequest", request({ type: "text", text: "a", tempo: 1 })),
    ).not.toEqual([]);
    const event = { event_type: "step.delta", index: 0, delta: { type: "text", text: "a" } };
    expect(interactionsSchemaProblems("InteractionsEvent", event)).toEqual([]);
    expect(
      interactionsSchemaProblems("InteractionsEvent", { ...event, delta: { type: "text", text: 1 } }),
    ).not.toEqual([]);
  });
});
