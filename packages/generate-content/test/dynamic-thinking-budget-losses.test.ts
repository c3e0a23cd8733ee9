import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, createConversionContext } from "@interlingua/core";
import { interactionsCodec } from "@interlingua/interactions";
import { messagesCodec } from "@interlingua/messages";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { generateContentCodec } from "../src/generate-content-codec";

/** A request that leaves the thinking budget to the model (`thinkingBudget: -1`). */
const dynamicBudget = {
  contents: [{ role: "user", parts: [{ text: "Think about it." }] }],
  generationConfig: { thinkingConfig: { thinkingBudget: -1 } },
};

function through(target: AnyCodec): { wire: unknown; losses: string[] } {
  const context = createConversionContext();
  const canonical = generateContentCodec.decodeRequest(structuredClone(dynamicBudget), context, {
    model: "gemini-2.5-flash",
  });
  const wire = target.encodeRequest(canonical, context);
  return { wire, losses: context.losses.map((loss) => `${loss.code} ${loss.path}`) };
}

describe("a dynamic thinking budget (-1) sent to another format", () => {
  // Their "thinking on" with no number is the model's default effort, not a budget the model picks.
  for (const target of [responsesCodec, chatCompletionsCodec, interactionsCodec])
    it(`is reported approximated at the caller's thinkingConfig through ${target.id}`, () => {
      expect(through(target).losses).toContain("approximated /generationConfig/thinkingConfig");
    });

  it("goes to messages as adaptive thinking (the model decides how much), with no loss", () => {
    const { wire, losses } = through(messagesCodec);
    expect(wire).toMatchObject({ thinking: { type: "adaptive" } });
    expect(losses.filter((loss) => loss.includes("/generationConfig"))).toEqual([]);
  });
});
