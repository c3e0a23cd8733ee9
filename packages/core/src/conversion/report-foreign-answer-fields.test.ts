import { describe, expect, it } from "vitest";
import type { ChatResponse } from "../model/chat-response";
import { createConversionContext } from "./conversion-context";
import { reportForeignAnswerFields } from "./report-foreign-answer-fields";

const response: ChatResponse = {
  id: "r",
  model: "m",
  parts: [{ type: "text", text: "Hi", extensions: { vendor: { caller: { type: "direct" } } } }],
  finishReason: { reason: "stop" },
  usage: { inputTokens: 1, extensions: { vendor: { service_tier: "standard", details: {} } } },
  status: "completed",
  candidates: [{ index: 1, parts: [], extensions: { vendor: { safety: [1] } } }],
  extensions: {
    vendor: {
      container: { id: "c" },
      ownMark: true,
      holder: { logprobs: [1], holderMark: true },
      fingerprint: null,
    },
  },
};

/** The losses reported for `response` going to `target`, after a decoder traced its fields. */
function lossesFor(target: string): string[] {
  const context = createConversionContext();
  context.startSource();
  context.trace("/parts/0", "/content/0");
  context.trace("/parts/0/extensions/vendor/caller", "/content/0/caller", true);
  context.trace("/usage", "/usage");
  context.trace("/usage/extensions/vendor/service_tier", "/usage/service_tier", true);
  context.trace("/usage/extensions/vendor/details", "/usage/details", true);
  context.trace("/candidates/0", "/candidates/1");
  context.trace("/candidates/0/extensions/vendor/safety", "/candidates/1/safety", true);
  context.trace("/extensions/vendor/container", "/container", true);
  context.trace("/extensions/vendor/holder/logprobs", "/choices/0/logprobs", true);
  context.trace("/extensions/vendor/fingerprint", "/fingerprint", true);
  reportForeignAnswerFields(response, target, context);
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("reportForeignAnswerFields", () => {
  it("reports each traced vendor field of another format at its place in the upstream answer", () => {
    expect(lossesFor("other")).toEqual([
      "dropped /container",
      "dropped /choices/0/logprobs",
      "dropped /usage/service_tier",
      "dropped /content/0/caller",
      "dropped /candidates/1/safety",
    ]);
  });

  it("reports nothing to the fields' own format, which puts them back", () => {
    expect(lossesFor("vendor")).toEqual([]);
  });

  it("leaves out untraced bookkeeping marks and empty values", () => {
    const losses = lossesFor("other").join(" ");
    for (const left of ["ownMark", "holderMark", "fingerprint", "details"])
      expect(losses).not.toContain(left);
  });
});
