import { CanonicalError, type ChatEvent, createConversionContext } from "@interlingua/core";
import { interactionsSchemaProblems } from "@interlingua/core/test";
import { describe, expect, it } from "vitest";
import { createInteractionsStreamEncoderTransformer } from "./create-interactions-stream-encoder";

type Wire = Record<string, unknown> & { event_type: string; event_id: string };

const begun: ChatEvent[] = [
  { type: "response-start", id: "int_1", model: "gemini-3-flash-preview" },
  { type: "part-start", index: 0, kind: "text" },
  { type: "text-delta", index: 0, text: "Hello" },
];
const failure = new CanonicalError("invalid_request", "Strict conversion: no", { code: "conversion_loss" });

/** Runs `events` through an encoder (a throw stops them, as the gateway does) and fails it after. */
function run(events: ChatEvent[]) {
  const wire: Wire[] = [];
  const controller = {
    desiredSize: 1,
    enqueue: (event: unknown) => wire.push(event as Wire),
    error: () => undefined,
    terminate: () => undefined,
  } as TransformStreamDefaultController<unknown>;
  const context = createConversionContext();
  const encoder = createInteractionsStreamEncoderTransformer(context);
  for (const event of events) encoder.transform?.(event, controller as never);
  encoder.fail?.(failure.toData(), controller as never);
  return { wire, context };
}

describe("failing a begun interactions stream", () => {
  it("ends it with the error event, event ids going on, recording no loss", () => {
    const { wire, context } = run(begun);
    expect(wire.map((event) => event.event_id)).toEqual(wire.map((_, index) => String(index + 1)));
    expect(wire[0]).toMatchObject({ event_type: "interaction.created", interaction: { id: "int_1" } });
    // Another format's code has no Gemini status: the kind's is sent, and the failure is no loss.
    expect(wire.at(-1)).toEqual({
      event_type: "error",
      event_id: String(wire.length),
      error: { message: "Strict conversion: no", code: "INVALID_ARGUMENT" },
    });
    expect(context.losses).toEqual([]);
    for (const event of wire) expect(interactionsSchemaProblems("InteractionsEvent", event)).toEqual([]);
  });

  it("sends nothing once the stream has ended", () => {
    const { wire } = run([...begun, { type: "response-end", finishReason: { reason: "stop" } }]);
    expect(wire.at(-1)?.event_type).toBe("interaction.completed");
    const errored = run([
      ...begun,
      { type: "error", error: { kind: "overloaded", status: 529, message: "x" } },
    ]);
    expect(errored.wire.filter((event) => event.event_type === "error")).toHaveLength(1);
  });
});

describe("a hosted tool's progress in an interactions stream", () => {
  it("is dropped, reported once per call at its part", () => {
    const wire: Wire[] = [];
    const controller = { enqueue: (event: unknown) => wire.push(event as Wire) };
    const context = createConversionContext();
    const encoder = createInteractionsStreamEncoderTransformer(context);
    const progress: ChatEvent[] = [
      {
        type: "tool-progress",
        index: 1,
        stage: "code.delta",
        extensions: { responses: { delta: "print(" } },
      },
      { type: "tool-progress", index: 1, stage: "code.delta", extensions: { responses: { delta: "1)" } } },
    ];
    for (const event of progress) encoder.transform?.(event, controller as never);
    expect(wire).toEqual([]);
    expect(context.losses).toMatchObject([{ code: "dropped", path: "/parts/1" }]);
  });
});
