import { createConversionContext, FinishReasonKind } from "@interlingua/core";
import { createSpecValidator } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finishReasonFromMessages, stopReasonToMessages } from "./messages-stop-reason";

const validator = createSpecValidator("messages");
const stopReasons = ["end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn", "refusal"];
const foreign = ["OTHER", "LANGUAGE", "FINISH_REASON_UNSPECIFIED", "NEW_GEMINI_REASON", "max_output_tokens"];

describe("stopReasonToMessages", () => {
  it("sends only stop reasons the format has, whatever the upstream's raw value, with a loss when it changes", () => {
    const raw = fc.oneof(
      fc.constantFrom(
        "OTHER",
        "LANGUAGE",
        "FINISH_REASON_UNSPECIFIED",
        "NEW_GEMINI_REASON",
        "max_output_tokens",
      ),
      fc.constantFrom(...stopReasons),
      fc.string(),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...FinishReasonKind.options),
        fc.option(raw, { nil: undefined }),
        (reason, raw) => {
          const context = createConversionContext();
          const sent = stopReasonToMessages(
            raw === undefined ? { reason } : { reason, raw },
            context,
            "/finishReason",
          );
          // Only the format's own values go out (an upstream's newer ones, other formats' values never).
          expect(
            sent === null || stopReasons.includes(sent) || sent === "model_context_window_exceeded",
          ).toBe(true);
          expect(foreign).not.toContain(sent);
          if (sent !== raw && raw !== undefined && finishReasonFromMessages(sent).reason !== reason)
            expect(context.losses).not.toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("gives its own values back as they came", () => {
    for (const value of stopReasons) {
      const context = createConversionContext();
      expect(stopReasonToMessages(finishReasonFromMessages(value), context, "")).toBe(value);
      expect(context.losses).toEqual([]);
    }
  });

  it("keeps the spec's enum in view", () => {
    const message = {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "m",
      content: [],
      stop_sequence: null,
    };
    const usage = { input_tokens: 1, output_tokens: 1 };
    for (const value of stopReasons)
      expect(validator.validate("Message", { ...message, stop_reason: value, usage })).toEqual([]);
  });
});
