import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Loss } from "../conversion/loss";
import { CanonicalError } from "../errors/canonical-error";
import { isAtOrBelow } from "./json-leaves";
import { refusalExplainedByLosses } from "./refusal-explained-by-losses";

const token = fc.constantFrom("input", "model", "tools", "0", "1", "generation_config");
const path = fc.array(token, { maxLength: 3 }).map((tokens) => tokens.map((t) => `/${t}`).join(""));
const loss: fc.Arbitrary<Loss> = fc.record({
  code: fc.constantFrom("dropped", "approximated", "unsupported"),
  path,
  message: fc.string(),
});
const field = fc.constantFrom("input", "model", "tools", "generation_config");
const refusal = (param: string | undefined) =>
  new CanonicalError("invalid_request", "refused", param === undefined ? {} : { param });

describe("refusalExplainedByLosses", () => {
  it("never explains a refusal no dropped loss at or below its field accounts for", () => {
    fc.assert(
      fc.property(field, fc.array(loss, { maxLength: 6 }), (param, losses) => {
        const explaining = losses.filter(
          (each) => each.code === "dropped" && isAtOrBelow(each.path, `/${param}`),
        );
        expect(refusalExplainedByLosses(refusal(param), losses)).toBe(explaining.length > 0);
      }),
    );
  });

  it("never explains what is not a clear refusal, whatever was lost", () => {
    const unclear = fc.constantFrom(
      refusal(undefined),
      refusal(""),
      new CanonicalError("internal", "the encoder broke", { param: "input" }),
      new TypeError("cannot read input"),
    );
    fc.assert(
      fc.property(unclear, fc.array(loss, { maxLength: 6 }), (thrown, losses) => {
        expect(refusalExplainedByLosses(thrown, losses)).toBe(false);
      }),
    );
  });

  it("reads a dotted or indexed param as the pointer it names", () => {
    const dropped = (at: string): Loss => ({ code: "dropped", path: at, message: "gone" });
    expect(refusalExplainedByLosses(refusal("input"), [dropped("/input/0")])).toBe(true);
    expect(refusalExplainedByLosses(refusal("messages[2]"), [dropped("/messages/2/content")])).toBe(true);
    expect(refusalExplainedByLosses(refusal("generation_config.seed"), [dropped("/generation_config")])).toBe(
      false,
    );
    expect(refusalExplainedByLosses(refusal("input"), [dropped("/inputs/0")])).toBe(false);
    expect(refusalExplainedByLosses(refusal("input"), [dropped("")])).toBe(false);
  });
});
