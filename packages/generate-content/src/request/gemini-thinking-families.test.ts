import { type ChatRequest, createConversionContext } from "@interlingua/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { encodeGenerateContentRequest } from "./encode-generate-content-request";
import { geminiThinkingFamily } from "./gemini-thinking-families";

const thinkingFor = (model: string, reasoning: ChatRequest["reasoning"]) => {
  const context = createConversionContext();
  const body = encodeGenerateContentRequest(
    { model, messages: [{ role: "user", parts: [{ type: "text", text: "hi" }] }], reasoning },
    context,
  ) as { generationConfig?: { thinkingConfig?: Record<string, unknown> } };
  return {
    thinking: body.generationConfig?.thinkingConfig ?? {},
    paths: context.losses.map((loss) => loss.path),
  };
};

const models = [
  "gemini-2.5-pro",
  "models/gemini-2.5-flash",
  "gemini-2.5-flash-lite",
  "gemini-3-pro-preview",
  "gemini-3-flash-preview",
];

describe("thinking settings by Gemini model family", () => {
  it("sends each family only the setting and values it takes, and reports every change", () => {
    const reasoning = fc.record(
      {
        enabled: fc.boolean(),
        budgetTokens: fc.constantFrom(-1, 0, 1, 50, 128, 512, 1024, 24_576, 32_768, 50_000),
        effort: fc.constantFrom("minimal", "low", "medium", "high", "xhigh"),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.constantFrom(...models), reasoning, (model, asked) => {
        const family = geminiThinkingFamily(model)!;
        const { thinking, paths } = thinkingFor(model, asked);
        if (family.setting === "budget") {
          expect(thinking.thinkingLevel).toBeUndefined();
          const budget = thinking.thinkingBudget as number | undefined;
          if (budget !== undefined && budget !== -1 && !(budget === 0 && family.canTurnOff)) {
            expect(budget).toBeGreaterThanOrEqual(family.min);
            expect(budget).toBeLessThanOrEqual(family.max);
          }
          if (asked.enabled !== false && asked.budgetTokens !== undefined && budget !== asked.budgetTokens)
            expect(paths).toContain("/reasoning/budgetTokens");
        } else {
          if (thinking.thinkingLevel !== undefined) expect(family.levels).toContain(thinking.thinkingLevel);
          expect(thinking.thinkingBudget === undefined || thinking.thinkingLevel === undefined).toBe(true);
          if (asked.enabled === false) expect(paths).toContain("/reasoning/enabled");
        }
        if (asked.enabled !== false && asked.budgetTokens === undefined && asked.effort !== undefined) {
          const exact = family.setting === "level" && family.levels.includes(asked.effort.toUpperCase());
          if (!exact) expect(paths).toContain("/reasoning/effort");
        }
      }),
      { numRuns: 300 },
    );
  });

  it("sends a model outside the table a budget, which every thinking model takes, never a level", () => {
    expect(thinkingFor("my-tuned-model", { effort: "medium" }).thinking).toEqual({ thinkingBudget: 8192 });
    expect(thinkingFor("my-tuned-model", { effort: "xhigh" }).thinking).toEqual({ thinkingBudget: -1 });
    expect(thinkingFor("my-tuned-model", { budgetTokens: 3000 }).thinking).toEqual({ thinkingBudget: 3000 });
  });

  it("turns thinking off only where it can be off", () => {
    expect(thinkingFor("gemini-2.5-flash", { enabled: false }).thinking).toEqual({ thinkingBudget: 0 });
    expect(thinkingFor("gemini-2.5-pro", { enabled: false }).thinking).toEqual({ thinkingBudget: 128 });
    expect(thinkingFor("gemini-3-pro-preview", { enabled: false }).thinking).toEqual({
      thinkingLevel: "LOW",
    });
    expect(thinkingFor("gemini-3-pro-preview", { effort: "medium" }).thinking).toEqual({
      thinkingLevel: "HIGH",
    });
  });
});
