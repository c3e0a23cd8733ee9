import { describe, expect, it } from "vitest";
import { reasoningOfEffort } from "./reasoning-of-effort";

describe("reasoningOfEffort", () => {
  it("turns thinking on for every effort but none, which says no reasoning", () => {
    for (const effort of ["minimal", "low", "medium", "high", "xhigh", "a-newer-one"])
      expect(reasoningOfEffort(effort)).toEqual({ enabled: true, effort });
    expect(reasoningOfEffort("none")).toEqual({ effort: "none" });
  });
});
