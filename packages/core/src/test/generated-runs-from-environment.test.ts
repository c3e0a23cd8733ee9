import { describe, expect, it } from "vitest";
import { generatedRunsFromEnvironment } from "./generated-runs-from-environment";

describe("generatedRunsFromEnvironment", () => {
  it("reads a few documents from a fixed seed when nothing is set", () => {
    expect(generatedRunsFromEnvironment({})).toEqual({ runs: 15, seed: 15 });
  });

  it("reads the runs asked for from a random seed, or from the seed given", () => {
    expect(generatedRunsFromEnvironment({ LOSS_DETECTOR_RUNS: "2000" })).toEqual({ runs: 2000 });
    expect(
      generatedRunsFromEnvironment({ LOSS_DETECTOR_RUNS: "2000", LOSS_DETECTOR_SEED: "-847795393" }),
    ).toEqual({ runs: 2000, seed: -847795393 });
    expect(generatedRunsFromEnvironment({ LOSS_DETECTOR_SEED: "7" })).toEqual({ runs: 15, seed: 7 });
  });
});
