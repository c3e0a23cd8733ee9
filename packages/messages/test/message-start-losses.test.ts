import { createConversionContext, transformAll } from "@interlingua/core";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";
import { messagesFixtures } from "./support/fixtures";

const fixture = messagesFixtures().streams.find((stream) =>
  stream.name.startsWith("programmatic tool calls"),
)!;

describe("blocks message_start already holds, sent to another format", () => {
  it("report a tool call's caller, which responses has no place for, at the block's own field", async () => {
    const context = createConversionContext();
    const events = await transformAll(
      structuredClone(fixture.events),
      messagesCodec.createStreamDecoder(context),
    );
    const wire = await transformAll(events, responsesCodec.createStreamEncoder(context));
    expect(wire).toContainEqual(
      expect.objectContaining({
        type: "response.output_item.done",
        item: expect.objectContaining({ type: "function_call", call_id: "toolu_01", name: "get_weather" }),
      }),
    );
    expect(context.losses).toContainEqual(
      expect.objectContaining({ code: "dropped", path: "/0/message/content/1/caller" }),
    );
  });
});
