import { CanonicalError, type ChatEvent, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { createResponsesStreamEncoderTransformer } from "./create-responses-stream-encoder";

type Wire = Record<string, unknown> & { type: string; sequence_number: number };

const begun: ChatEvent[] = [
  { type: "response-start", id: "resp_1", model: "gpt-5", created: 1764150000 },
  { type: "part-start", index: 0, kind: "text" },
  { type: "text-delta", index: 0, text: "Hello" },
];
const failure = new CanonicalError("invalid_request", "Strict conversion: no", { code: "conversion_loss" });

function run(events: ChatEvent[], strict: boolean): { wire: Wire[]; fail: () => void } {
  const wire: Wire[] = [];
  const controller = {
    desiredSize: 1,
    enqueue: (event: unknown) => wire.push(event as Wire),
    error: () => undefined,
    terminate: () => undefined,
  } as TransformStreamDefaultController<unknown>;
  const encoder = createResponsesStreamEncoderTransformer(createConversionContext({ strict }));
  encoder.start?.(controller as never);
  try {
    for (const event of events) encoder.transform?.(event, controller as never);
  } catch {
    // A loss in strict mode: the caller fails the stream, as the gateway does.
  }
  return { wire, fail: () => encoder.fail?.(failure.toData(), controller as never) };
}

describe("failing a begun responses stream", () => {
  it("ends it as the same response: its item closed, error and response.failed numbered on", () => {
    const { wire, fail } = run(
      [
        ...begun,
        { type: "part-end", index: 0, part: { type: "text", text: "Hello" } },
        {
          type: "response-end",
          finishReason: { reason: "stop" },
          candidates: [{ index: 1, parts: [{ type: "text", text: "Hi" }] }],
        },
      ],
      true,
    );
    fail();
    expect(wire.map((event) => event.sequence_number)).toEqual(wire.map((_, index) => index));
    const [error, failed] = wire.slice(-2);
    // Nested, as live traffic sends it, with the type of its kind.
    expect(error).toMatchObject({
      type: "error",
      error: { type: "invalid_request_error", code: "conversion_loss", message: "Strict conversion: no" },
    });
    expect(failed).toMatchObject({
      type: "response.failed",
      response: { id: "resp_1", model: "gpt-5", created_at: 1764150000, status: "failed" },
    });
    expect(wire.filter((event) => event.type === "response.output_item.done")).toHaveLength(1);
  });

  it("closes an item still open as incomplete", () => {
    const { wire, fail } = run(begun, false);
    fail();
    expect(wire.find((event) => event.type === "response.output_item.done")).toMatchObject({
      item: { status: "incomplete" },
    });
    expect(wire.at(-1)?.type).toBe("response.failed");
  });

  it("sends nothing once the stream has ended", () => {
    const { wire, fail } = run(
      [
        ...begun,
        { type: "part-end", index: 0, part: { type: "text", text: "Hello" } },
        { type: "response-end", finishReason: { reason: "stop" } },
      ],
      false,
    );
    const before = wire.length;
    fail();
    expect(wire).toHaveLength(before);
    expect(wire.at(-1)?.type).toBe("response.completed");
  });
});
