import { describe, expect, it } from "vitest";
import { createConversionContext } from "../conversion/conversion-context";
import { objectInputSchema } from "./object-input-schema";

describe("objectInputSchema", () => {
  it("keeps an object's schema, or one that says no type", () => {
    const context = createConversionContext();
    const object = { type: "object", properties: { city: { type: "string" } } };
    expect(objectInputSchema(object, "responses", context, "/tools/0/inputSchema")).toBe(object);
    expect(objectInputSchema({}, "responses", context, "/tools/0/inputSchema")).toEqual({});
    expect(context.losses).toEqual([]);
  });

  it("sends another root type as an object of no declared properties, approximated at the schema", () => {
    for (const type of ["number", "array", "null", ["object", "null"]]) {
      const context = createConversionContext();
      expect(objectInputSchema({ type }, "chat-completions", context, "/tools/1/inputSchema")).toEqual({
        type: "object",
      });
      expect(context.losses.map((loss) => [loss.code, loss.path])).toEqual([
        ["approximated", "/tools/1/inputSchema"],
      ]);
    }
  });
});
