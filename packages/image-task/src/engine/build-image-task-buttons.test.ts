import { describe, expect, it } from "vitest";
import { buildImageTaskButtons } from "./build-image-task-buttons";
import { parseButtonCustomId } from "./image-task-button-action";

describe("buttons", () => {
  it("every built button parses back to its action, in both prefixes", () => {
    for (const dialect of ["img", "mj"] as const) {
      for (const layout of ["grid", "single"] as const) {
        const buttons = buildImageTaskButtons({
          layout,
          capabilities: { operations: ["upscale", "vary", "edit", "zoom", "pan"], customZoom: true },
          rerollable: true,
          hash: "abc",
          dialect,
        });
        expect(buttons.length).toBe(layout === "grid" ? 9 : 10);
        for (const button of buttons) {
          expect(button.customId.startsWith(dialect === "img" ? "GEN::" : "MJ::")).toBe(true);
          expect(parseButtonCustomId(button.customId), button.customId).toBeDefined();
        }
      }
    }
  });

  it("only offers what the backend can do", () => {
    const buttons = buildImageTaskButtons({
      layout: "single",
      capabilities: { operations: ["zoom"] },
      rerollable: false,
      hash: "h",
      dialect: "img",
    });
    expect(buttons.map((button) => button.label)).toEqual(["Zoom Out 2x", "Zoom Out 1.5x"]);
  });

  it("parses the grammar and rejects what is not in it", () => {
    expect(parseButtonCustomId("GEN::JOB::upsample::3::x")).toEqual({ kind: "upscale", index: 3 });
    expect(parseButtonCustomId("MJ::Outpaint::50::1::x::SOLO")).toEqual({
      kind: "zoom",
      index: 1,
      factor: 2,
    });
    expect(parseButtonCustomId("MJ::JOB::pan_down::1::x::SOLO")).toEqual({
      kind: "pan",
      index: 1,
      direction: "down",
    });
    expect(parseButtonCustomId("GEN::JOB::upsample::5::x")).toBeUndefined();
    expect(parseButtonCustomId("XX::JOB::upsample::1::x")).toBeUndefined();
    expect(parseButtonCustomId("GEN::Outpaint::60::1::x")).toBeUndefined();
  });
});
