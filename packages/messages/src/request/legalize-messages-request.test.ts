import { type ChatRequest, createConversionContext } from "@interlingua/core";
import { toolArbitrary, toolChoiceArbitrary } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeMessagesRequest } from "./decode-messages-request";
import { encodeMessagesRequest } from "./encode-messages-request";

const hello: ChatRequest["messages"] = [{ role: "user", parts: [{ type: "text", text: "hi" }] }];
const encode = (request: Omit<ChatRequest, "model" | "messages">, model = "claude-sonnet-4-5") => {
  const context = createConversionContext();
  const wire = encodeMessagesRequest({ model, messages: hello, ...request }, context);
  return { wire: wire as Record<string, unknown>, paths: context.losses.map((loss) => loss.path) };
};

/** Settings of other formats, biased to the edges of every range. */
const settingsArbitrary = fc.record(
  {
    temperature: fc.constantFrom(0, 0.5, 1, 1.5, 2),
    topP: fc.constantFrom(0, 0.5, 0.94, 0.95, 1),
    topK: fc.constantFrom(1, 40),
    maxOutputTokens: fc.constantFrom(1, 1024, 1025, 2048, 4096, 100_000),
    reasoning: fc.record(
      {
        enabled: fc.boolean(),
        budgetTokens: fc.constantFrom(0, 50, 512, 1023, 1024, 4096, 8192, 32_000),
        effort: fc.constantFrom("none", "minimal", "low", "medium", "high", "xhigh", "max"),
      },
      { requiredKeys: [] },
    ),
    tools: fc.array(toolArbitrary, { maxLength: 2 }),
    toolChoice: toolChoiceArbitrary,
    parallelToolCalls: fc.boolean(),
    serviceTier: fc.constantFrom("auto", "default", "flex", "priority", "standard_only"),
  },
  { requiredKeys: [] },
);

/** Models of every family (thinking forms, effort, sampling), and one of none. */
const modelArbitrary = fc.constantFrom(
  "claude-sonnet-4-5",
  "claude-opus-4-5",
  "claude-sonnet-4-6",
  "claude-opus-4-7",
  "claude-sonnet-5",
  "claude-3-7-sonnet-latest",
  "ours",
);

describe("legalizeMessagesRequest", () => {
  it("sends only requests the API accepts, and reports every setting it had to change", () => {
    fc.assert(
      fc.property(settingsArbitrary, modelArbitrary, (settings, model) => {
        const { wire, paths } = encode(settings, model);
        // The messages decoder refuses what the API refuses, so it is the validator here.
        expect(() => decodeMessagesRequest(wire, createConversionContext())).not.toThrow();
        // A change is reported at the setting's path or at an ancestor of it.
        const kept = (path: string, value: unknown, sent: unknown) => {
          if (value !== undefined && sent !== value)
            expect(paths.some((loss) => path === loss || path.startsWith(`${loss}/`))).toBe(true);
        };
        kept("/temperature", settings.temperature, wire.temperature);
        kept("/topP", settings.topP, wire.top_p);
        kept("/topK", settings.topK, wire.top_k);
        kept("/serviceTier", settings.serviceTier, wire.service_tier);
        const thinking = wire.thinking as { budget_tokens?: number } | undefined;
        if (settings.reasoning?.budgetTokens !== undefined && settings.reasoning.enabled !== false)
          kept("/reasoning/budgetTokens", settings.reasoning.budgetTokens, thinking?.budget_tokens);
      }),
      { numRuns: 500 },
    );
  });

  it("raises a small budget to the minimum, and max_tokens above it when the caller set none", () => {
    const { wire, paths } = encode({ reasoning: { enabled: true, budgetTokens: 8192 }, temperature: 0.7 });
    expect(wire).toMatchObject({
      thinking: { type: "enabled", budget_tokens: 8192 },
      max_tokens: 8192 + 4096,
    });
    expect(wire.temperature).toBeUndefined();
    expect(paths).toEqual(expect.arrayContaining(["/maxOutputTokens", "/temperature"]));

    expect(encode({ maxOutputTokens: 4096, reasoning: { budgetTokens: 512 } }).wire.thinking).toEqual({
      type: "enabled",
      budget_tokens: 1024,
    });
  });

  it("lowers a budget that does not fit the caller's max_tokens, and turns thinking off when none fits", () => {
    expect(encode({ maxOutputTokens: 4096, reasoning: { budgetTokens: 8192 } }).wire.thinking).toEqual({
      type: "enabled",
      budget_tokens: 2048,
    });
    const { wire, paths } = encode({
      maxOutputTokens: 1000,
      reasoning: { enabled: true, budgetTokens: 2048 },
    });
    expect(wire.thinking).toEqual({ type: "disabled" });
    expect(paths).toContain("/reasoning");
  });

  it("sends no tool choice without tools, and maps the default service tier", () => {
    const { wire, paths } = encode({
      maxOutputTokens: 100,
      parallelToolCalls: false,
      serviceTier: "default",
    });
    expect(wire.tool_choice).toBeUndefined();
    expect(wire.service_tier).toBe("standard_only");
    expect(paths.sort()).toEqual(["/parallelToolCalls", "/serviceTier", "/toolChoice"]);
  });

  it("reports a parallel-calls flag beside tool choice none, which has no place for it", () => {
    const { wire, paths } = encode({
      maxOutputTokens: 100,
      tools: [{ type: "function", name: "f", inputSchema: { type: "object" } }],
      toolChoice: { type: "none" },
      parallelToolCalls: false,
    });
    expect(wire.tool_choice).toEqual({ type: "none" });
    expect(paths).toEqual(["/parallelToolCalls"]);
  });
});

describe("legalizeMessagesRequest for the thinking forms and effort of a model's family", () => {
  it("sends adaptive thinking to a model of budgets only as the budget of its effort", () => {
    const { wire, paths } = encode(
      { maxOutputTokens: 64_000, reasoning: { enabled: true, effort: "medium" } },
      "claude-opus-4-5",
    );
    expect(wire.thinking).toEqual({ type: "enabled", budget_tokens: 8192 });
    expect(wire.output_config).toEqual({ effort: "medium" });
    expect(paths).toEqual(["/reasoning"]);
  });

  it("drops the effort of a model without one, after it chose the budget", () => {
    const { wire, paths } = encode(
      { maxOutputTokens: 64_000, reasoning: { enabled: true, effort: "low" } },
      "claude-sonnet-4-5",
    );
    expect(wire.thinking).toEqual({ type: "enabled", budget_tokens: 1024 });
    expect(wire.output_config).toBeUndefined();
    expect(paths).toEqual(["/reasoning", "/reasoning/effort"]);
  });

  it("sends a budget to a model of adaptive thinking only as adaptive thinking, and leaves thinking off out", () => {
    const on = encode(
      { maxOutputTokens: 64_000, reasoning: { enabled: true, budgetTokens: 4096 } },
      "claude-opus-4-7",
    );
    expect(on.wire.thinking).toEqual({ type: "adaptive" });
    expect(on.paths).toEqual(["/reasoning/budgetTokens"]);
    const off = encode({ maxOutputTokens: 8192, reasoning: { enabled: false } }, "claude-sonnet-5");
    expect(off.wire.thinking).toBeUndefined();
    expect(off.paths).toEqual(["/reasoning/enabled"]);
  });

  it("sends both forms and an effort as they are to a model that takes them, and to a model of no family", () => {
    for (const model of ["claude-sonnet-4-6", "ours"]) {
      const adaptive = encode({ maxOutputTokens: 8192, reasoning: { enabled: true, effort: "high" } }, model);
      expect(adaptive.wire).toMatchObject({
        thinking: { type: "adaptive" },
        output_config: { effort: "high" },
      });
      const budget = encode(
        { maxOutputTokens: 8192, reasoning: { enabled: true, budgetTokens: 2048 } },
        model,
      );
      expect(budget.wire.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
      expect([...adaptive.paths, ...budget.paths]).toEqual([]);
    }
  });
});

describe("legalizeMessagesRequest on a history whose thinking did not come back", () => {
  const toolLoop = (withThinking: boolean): ChatRequest["messages"] => [
    { role: "user", parts: [{ type: "text", text: "list the files" }] },
    {
      role: "assistant",
      parts: [
        ...(withThinking
          ? [{ type: "reasoning" as const, text: "Look.", signature: { format: "messages", data: "sig" } }]
          : []),
        { type: "tool-call", id: "toolu_1", name: "ls", arguments: {} },
      ],
    },
    {
      role: "tool",
      parts: [{ type: "tool-result", callId: "toolu_1", content: [{ type: "text", text: "a.txt" }] }],
    },
  ];
  const encodeLoop = (withThinking: boolean) => {
    const context = createConversionContext();
    const wire = encodeMessagesRequest(
      {
        model: "claude-sonnet-4-5",
        messages: toolLoop(withThinking),
        maxOutputTokens: 4096,
        reasoning: { enabled: true, budgetTokens: 2048 },
        tools: [{ type: "function", name: "ls", inputSchema: { type: "object" } }],
      },
      context,
    ) as Record<string, unknown>;
    return { wire, paths: context.losses.map((loss) => loss.path) };
  };

  it("turns thinking off, with a loss, when the latest tool calls come without their thinking", () => {
    const { wire, paths } = encodeLoop(false);
    expect(wire.thinking).toEqual({ type: "disabled" });
    expect(paths).toContain("/reasoning");
    expect(() => decodeMessagesRequest(wire, createConversionContext())).not.toThrow();
  });

  it("keeps thinking on when the thinking came back", () => {
    const { wire, paths } = encodeLoop(true);
    expect(wire.thinking).toEqual({ type: "enabled", budget_tokens: 2048 });
    expect(paths).toEqual([]);
  });
});
