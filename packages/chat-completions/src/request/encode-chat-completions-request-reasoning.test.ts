import { type ChatRequest, createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { encodeChatCompletionsRequest } from "./encode-chat-completions-request";

const hello: ChatRequest["messages"] = [{ role: "user", parts: [{ type: "text", text: "hi" }] }];
const lossesOf = (reasoning: NonNullable<ChatRequest["reasoning"]>) => {
  const context = createConversionContext();
  const wire = encodeChatCompletionsRequest({ model: "o3", messages: hello, reasoning }, context) as Record<
    string,
    unknown
  >;
  return { wire, losses: context.losses.map((loss) => `${loss.code} ${loss.path}`) };
};

describe("chat-completions reasoning from other formats", () => {
  it("sends an effort, and reports a budget (the whole thinking setting) or thinking turned off beside it as dropped", () => {
    expect(lossesOf({ enabled: true, budgetTokens: 4096, effort: "high" }).losses).toEqual([
      "dropped /reasoning",
    ]);
    expect(lossesOf({ enabled: false, effort: "low" }).losses).toEqual(["dropped /reasoning/enabled"]);
    expect(lossesOf({ effort: "low" }).losses).toEqual([]);
  });

  it("reports a budget sent as an effort on the whole thinking setting, which changes form", () => {
    const { wire, losses } = lossesOf({ enabled: true, budgetTokens: 4096 });
    expect(JSON.stringify(wire.reasoning_effort)).toContain("medium");
    // The effort it is sent as is one the caller did not set.
    expect(losses).toEqual(["approximated /reasoning", "approximated /reasoning/effort"]);
  });
});
