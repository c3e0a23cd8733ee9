import { createConversionContext, type FinishReason } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeChatCompletionsFinishReason } from "./chat-completions-finish-reason";

function encoded(
  finishReason: FinishReason | undefined,
  output?: { calledTools: boolean; refused: boolean },
) {
  const context = createConversionContext();
  const wire = encodeChatCompletionsFinishReason(finishReason, context, "/finishReason", output);
  return { wire, losses: context.losses.map((loss) => [loss.code, loss.path]) };
}

const lost = [["approximated", "/finishReason"]];

describe("encodeChatCompletionsFinishReason", () => {
  it("reports a plain stop sent beside tool calls, which a client reads as tool_calls", () => {
    expect(encoded({ reason: "stop" }, { calledTools: true, refused: false })).toEqual({
      wire: "stop",
      losses: lost,
    });
    expect(encoded({ reason: "stop" }, { calledTools: false, refused: false })).toEqual({
      wire: "stop",
      losses: [],
    });
    // Beside refusal content a stop reads as the refusal the content says.
    expect(encoded({ reason: "stop" }, { calledTools: false, refused: true }).losses).toEqual([]);
  });

  it("reports an answer that gives no reason, which the format cannot send without one", () => {
    expect(encoded(undefined)).toEqual({ wire: "stop", losses: lost });
    expect(encoded({ reason: "other" })).toEqual({ wire: "stop", losses: lost });
  });

  it("keeps a known wire value and says the reasons it has with no loss", () => {
    expect(encoded({ reason: "stop", raw: "stop" }, { calledTools: true, refused: false }).losses).toEqual(
      [],
    );
    expect(encoded({ reason: "tool_calls" }, { calledTools: true, refused: false })).toEqual({
      wire: "tool_calls",
      losses: [],
    });
  });
});
