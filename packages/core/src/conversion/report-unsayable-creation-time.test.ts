import { describe, expect, it } from "vitest";
import { createConversionContext } from "./conversion-context";
import { reportUnsayableCreationTime } from "./report-unsayable-creation-time";

function lossesFor(created: number | undefined): string[] {
  const context = createConversionContext();
  reportUnsayableCreationTime(created, "other", context);
  return context.losses.map((loss) => `${loss.code} ${loss.path}`);
}

describe("reportUnsayableCreationTime", () => {
  it("reports a creation time the upstream stated", () => {
    expect(lossesFor(1761000100)).toEqual(["dropped /created"]);
  });

  it("reports nothing when the upstream stated none", () => {
    expect(lossesFor(undefined)).toEqual([]);
  });
});
