import {
  type ChatEvent,
  createConversionContext,
  createForeignStreamFieldsLoss,
  transformAll,
} from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createInteractionsStreamDecoder } from "./create-interactions-stream-decoder";
import { createInteractionsStreamEncoder } from "./create-interactions-stream-encoder";

type Wire = Record<string, unknown> & { event_type: string };

const created = {
  event_type: "interaction.created",
  interaction: { id: "v1_1", model: "gemini-3-flash-preview" },
};
const completed = {
  event_type: "interaction.completed",
  interaction: { id: "v1_1", model: "gemini-3-flash-preview", status: "completed" },
};
const text = (index: number, value: string) => ({
  event_type: "step.delta",
  index,
  delta: { type: "text", text: value },
});
const image = (index: number) => ({
  event_type: "step.delta",
  index,
  delta: { type: "image", data: "iVBORw0KGgo=", mime_type: "image/png" },
});
const start = (index: number) => ({ event_type: "step.start", index, step: { type: "model_output" } });
const stop = (index: number) => ({ event_type: "step.stop", index });

/** The steps of a stream as the delta kinds each streamed, in order. */
function stepsOf(wire: readonly Wire[]): string[][] {
  const steps = new Map<unknown, string[]>();
  for (const event of wire) {
    if (event.event_type === "step.start") steps.set(event.index, []);
    const delta = event.delta as { type: string } | undefined;
    if (event.event_type === "step.delta" && delta) steps.get(event.index)?.push(delta.type);
  }
  return [...steps.values()];
}

async function decoded(events: unknown[]) {
  const context = createConversionContext();
  return { events: await transformAll(events, createInteractionsStreamDecoder(context)), context };
}

async function encoded(events: ChatEvent[]): Promise<Wire[]> {
  return (await transformAll(events, createInteractionsStreamEncoder(createConversionContext()))) as Wire[];
}

describe("the steps an interactions stream's content parts stream in", () => {
  it("keeps the text and image of one model output step in one step", async () => {
    const { events } = await decoded([created, start(0), text(0, "Look:"), image(0), stop(0), completed]);
    expect(events.filter((event) => event.type === "part-start")).toHaveLength(2);
    expect(stepsOf(await encoded(events))).toEqual([["text", "image"]]);
  });

  it("keeps a model output step after another apart, and another format reports where it began", async () => {
    const stream = [
      created,
      start(0),
      text(0, "One."),
      stop(0),
      start(1),
      image(1),
      text(1, "Two."),
      stop(1),
      completed,
    ];
    const { events, context } = await decoded(stream);
    const second = events.filter((event) => event.type === "part-start")[1];
    expect(second?.extensions).toEqual({ interactions: { newStep: true } });
    expect(stepsOf(await encoded(events))).toEqual([["text"], ["image", "text"]]);
    // Another format's stream encoder reads one answer: the second step's start is lost there.
    const loseForeignFields = createForeignStreamFieldsLoss(context, "messages");
    for (const event of events) if (event.type === "part-start") loseForeignFields(event);
    expect(context.losses.map((loss) => `${loss.code} ${loss.path}`)).toEqual(["dropped /4/step"]);
  });

  it("streams another format's text parts in a row as steps of their own, which a client would join", async () => {
    const events: ChatEvent[] = [
      { type: "response-start", id: "msg_1", model: "claude-sonnet-4-5" },
      { type: "part-start", index: 0, kind: "text" },
      { type: "text-delta", index: 0, text: "a" },
      { type: "part-end", index: 0, part: { type: "text", text: "a" } },
      { type: "part-start", index: 1, kind: "text" },
      { type: "text-delta", index: 1, text: "b" },
      { type: "part-end", index: 1, part: { type: "text", text: "b" } },
      { type: "response-end", finishReason: { reason: "stop" } },
    ];
    const wire = await encoded(events);
    expect(stepsOf(wire)).toEqual([["text"], ["text"]]);
    // Every step started is stopped before the interaction completes.
    const stops = wire.filter((event) => event.event_type === "step.stop").map((event) => event.index);
    expect(stops).toEqual([0, 1]);
    expect(wire.at(-1)?.event_type).toBe("interaction.completed");
  });
});
