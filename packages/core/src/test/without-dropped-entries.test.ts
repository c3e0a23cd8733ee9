import { describe, expect, it } from "vitest";
import { withoutDroppedEntries } from "./without-dropped-entries";

const source = { tools: [{ name: "a", strict: true }, { name: "b" }, { name: "c" }] };

describe("withoutDroppedEntries", () => {
  it("takes out the entry a loss names whose removal lines up what came back, and maps pointers back", () => {
    // Tool 1 was dropped; tool 0 lost only a field; both losses are at the entry.
    const returned = { tools: [{ name: "a" }, { name: "c" }] };
    const trimmed = withoutDroppedEntries(source, returned, ["/tools/0", "/tools/1"]);
    expect(trimmed.body).toEqual({ tools: [{ name: "a", strict: true }, { name: "c" }] });
    expect(trimmed.sourcePath("/tools/1/name")).toBe("/tools/2/name");
    expect(trimmed.sourcePath("/tools/0/strict")).toBe("/tools/0/strict");
  });

  it("takes out nothing when the list came back whole, or no loss names an entry", () => {
    expect(withoutDroppedEntries(source, source, ["/tools/1"]).body).toBe(source);
    expect(withoutDroppedEntries(source, { tools: [] }, ["/tools/1/name"]).body).toBe(source);
  });
});
