import { createConversionContext } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { messagesCodec } from "@interlingua/messages";
import { describe, expect, it } from "vitest";
import { responsesCodec } from "../responses-codec";

const answer = (output: unknown[]) => ({
  id: "resp_1",
  object: "response",
  created_at: 1_760_000_000,
  status: "completed",
  model: "o4-mini",
  output,
});

describe("output item statuses", () => {
  it("reports an item's status other than completed where another format cannot say it", () => {
    const context = createConversionContext();
    const wire = answer([
      {
        id: "msg_1",
        type: "message",
        role: "assistant",
        status: "in_progress",
        content: [{ type: "output_text", text: "Hi", annotations: [] }],
      },
    ]);
    messagesCodec.encodeResponse(responsesCodec.decodeResponse(wire, context), context);
    expect(context.losses).toContainEqual(expect.objectContaining({ path: "/output/0/status" }));
  });

  it("reports the completed status of an incomplete answer's last item, which the way back makes incomplete", () => {
    // Seed -1946034692 of the generated runs: to messages and back, `/output/0/status` came back incomplete.
    for (const target of [messagesCodec, generateContentCodec]) {
      const context = createConversionContext();
      const wire = {
        ...answer([
          {
            id: "fc_1",
            type: "function_call",
            call_id: "call_1",
            name: "f",
            arguments: "{}",
            status: "completed",
          },
          { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [] },
        ]),
        status: "incomplete",
        incomplete_details: { reason: "max_output_tokens" },
      };
      const back = responsesCodec.encodeResponse(
        target.decodeResponse(
          target.encodeResponse(responsesCodec.decodeResponse(wire, context), context),
          context,
        ),
        createConversionContext(),
      ) as { output: Record<string, unknown>[] };
      expect(back.output.at(-1)).toMatchObject({ type: "message", status: "incomplete" });
      const statusLosses = context.losses.filter((loss) => loss.path.endsWith("/status"));
      expect(statusLosses.map((loss) => loss.path)).toEqual(["/output/1/status"]);
    }
  });

  it("reports the completed status of a cancelled answer's last item, read as incomplete", () => {
    // Seed 1355788143 of the generated runs: to interactions and back, `/output/0/status` came back incomplete.
    const context = createConversionContext();
    const wire = {
      ...answer([{ id: "msg_1", type: "message", role: "assistant", status: "completed", content: [] }]),
      status: "cancelled",
    };
    messagesCodec.encodeResponse(responsesCodec.decodeResponse(wire, context), context);
    expect(context.losses).toContainEqual(expect.objectContaining({ path: "/output/0/status" }));
  });

  it("reports the completed status of an incomplete answer's last message when a hosted call follows it", () => {
    // Seed 1352157303 of the generated runs: interactions cannot say the tool search, so the message
    // was the last item on the way back, and came back incomplete.
    const context = createConversionContext();
    const wire = {
      ...answer([
        { id: "msg_1", type: "message", role: "assistant", status: "completed", content: [] },
        {
          type: "tool_search_call",
          id: "ts_1",
          call_id: "call_1",
          execution: "server",
          arguments: {},
          status: "in_progress",
        },
      ]),
      status: "incomplete",
    };
    messagesCodec.encodeResponse(responsesCodec.decodeResponse(wire, context), context);
    expect(context.losses).toContainEqual(expect.objectContaining({ path: "/output/0/status" }));
  });

  it("gives another format's reasoning in an answer the completed status its other items get", () => {
    const wire = responsesCodec.encodeResponse(
      {
        id: "resp_1",
        model: "o4-mini",
        parts: [{ type: "reasoning", text: "Thinking" }],
        finishReason: { reason: "stop" },
        usage: {},
        status: "completed",
      },
      createConversionContext(),
    ) as { output: Record<string, unknown>[] };
    expect(wire.output[0]).toMatchObject({ type: "reasoning", status: "completed" });
  });
});
