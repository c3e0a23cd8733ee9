import { chatCompletionsCodec } from "@interlingua/chat-completions";
import { type AnyCodec, createConversionContext } from "@interlingua/core";
import { generateContentCodec } from "@interlingua/generate-content";
import { interactionsCodec } from "@interlingua/interactions";
import { responsesCodec } from "@interlingua/responses";
import { describe, expect, it } from "vitest";
import { messagesCodec } from "../src/messages-codec";

const request = (thinking: Record<string, unknown>) => ({
  model: "claude-sonnet-4-6",
  max_tokens: 4096,
  messages: [{ role: "user", content: "hi" }],
  thinking,
});

function lossesThrough(target: AnyCodec, wire: unknown): [string, string][] {
  const context = createConversionContext();
  target.encodeRequest(messagesCodec.decodeRequest(wire, context), context);
  return context.losses.map((loss) => [loss.code, loss.path]);
}

// Formats that say how much to reason as an effort or level, and have none for "the model decides".
const targets: AnyCodec[] = [responsesCodec, chatCompletionsCodec, interactionsCodec];

describe("a messages thinking setting through a format of reasoning efforts", () => {
  for (const target of targets)
    it(`reports adaptive thinking, sent as no effort, at /thinking, through ${target.id}`, () => {
      expect(lossesThrough(target, request({ type: "adaptive" }))).toContainEqual([
        "approximated",
        "/thinking",
      ]);
    });

  it("reports a budget sent as an interactions level at /thinking, since the type goes too", () => {
    const wire = request({ type: "enabled", budget_tokens: 2048 });
    expect(lossesThrough(interactionsCodec, wire)).toContainEqual(["approximated", "/thinking"]);
  });

  it("reports thinking turned off beside an effort, which interactions sends as a level only", () => {
    const wire = { ...request({ type: "disabled" }), output_config: { effort: "low" } };
    expect(lossesThrough(interactionsCodec, wire)).toContainEqual(["dropped", "/thinking"]);
  });
});

/** What a messages backend is sent for `wire` in `from`'s format. */
function sentToMessages(from: AnyCodec, wire: unknown): Record<string, unknown> {
  const context = createConversionContext();
  return messagesCodec.encodeRequest(from.decodeRequest(wire, context), context) as Record<string, unknown>;
}

// Decision 0044: an effort asks a reasoning model to reason, which a messages backend does only with
// thinking on; sent as output_config.effort alone, the model would not think at all.
// A model of both thinking forms (Claude 4.6): earlier ones get the budget of the effort instead
// (legalize-messages-request.test.ts).
describe("an effort of another format through a messages backend", () => {
  const hello = [{ role: "user", content: "hi" }];
  const cases: [AnyCodec, unknown][] = [
    [responsesCodec, { model: "claude-sonnet-4-6", input: "hi", reasoning: { effort: "high" } }],
    [chatCompletionsCodec, { model: "claude-sonnet-4-6", messages: hello, reasoning_effort: "high" }],
    [
      interactionsCodec,
      { model: "claude-sonnet-4-6", input: "hi", generation_config: { thinking_level: "high" } },
    ],
    [
      generateContentCodec,
      {
        model: "claude-sonnet-4-6",
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
        generationConfig: { thinkingConfig: { thinkingLevel: "HIGH" } },
      },
    ],
  ];
  for (const [from, wire] of cases)
    it(`turns thinking on beside the effort, from ${from.id}`, () => {
      const sent = sentToMessages(from, wire);
      expect(sent.thinking).toEqual({ type: "adaptive" });
      expect(sent.output_config).toEqual({ effort: "high" });
    });

  it("sends effort none as no thinking", () => {
    const sent = sentToMessages(responsesCodec, {
      model: "claude-sonnet-4-5",
      input: "hi",
      reasoning: { effort: "none" },
    });
    expect(sent.thinking).toBeUndefined();
  });
});
