import { createConversionContext } from "@interlingua/core";
import { describe, expect, it } from "vitest";
import { decodeInteractionsTools, encodeInteractionsTools } from "./interactions-tools";

describe("interactions hosted tools", () => {
  it("reads a computer's environment as a setting other formats have", () => {
    expect(decodeInteractionsTools([{ type: "computer_use", environment: "browser" }])).toEqual([
      expect.objectContaining({ type: "hosted", kind: "computer", settings: { environment: "browser" } }),
    ]);
  });

  it("sends another format's computer environment when it is one of this format's, else reports it", () => {
    const context = createConversionContext();
    const tools = encodeInteractionsTools(
      [
        { type: "hosted", kind: "computer", settings: { environment: "desktop" } },
        { type: "hosted", kind: "computer", settings: { environment: "mac", displayWidth: 1024 } },
      ],
      "/tools",
      context,
    );
    expect(tools).toEqual([{ type: "computer_use", environment: "desktop" }, { type: "computer_use" }]);
    expect(context.losses).toEqual([
      expect.objectContaining({
        code: "dropped",
        path: "/tools/1/settings",
        message: expect.stringContaining("environment"),
      }),
    ]);
  });
});
