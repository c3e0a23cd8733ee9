import { afterEach, describe, expect, it, vi } from "vitest";
import * as z from "zod/mini";
import { compiledLooseObject, compiledObject, compiledStrictObject } from "./compiled-object";
import "./english-validation-messages";

afterEach(() => vi.restoreAllMocks());

const shape = () => ({ name: z.string(), size: z.optional(z.number()), tags: z.array(z.string()) });
const input = { name: "a", size: 2, tags: ["x"], extra: true };

/** Spies on the `Function` constructor, once zod's one probe of whether eval is allowed has run. */
function spyOnCompilation() {
  compiledObject({}).safeParse({});
  return vi.spyOn(globalThis, "Function");
}

describe("compiled zod/mini objects", () => {
  it("compile their parser on the first parse, not when built, and once", () => {
    const compiled = spyOnCompilation();
    const schema = compiledLooseObject(shape());
    expect(compiled).not.toHaveBeenCalled();
    schema.safeParse(input);
    expect(compiled).toHaveBeenCalledTimes(1);
    schema.safeParse(input);
    schema.safeParse({ name: 1 });
    expect(compiled).toHaveBeenCalledTimes(1);
  });

  it("compile where zod/mini's own objects interpret", () => {
    const compiled = spyOnCompilation();
    z.looseObject(shape()).safeParse(input);
    expect(compiled).not.toHaveBeenCalled();
    compiledLooseObject(shape()).safeParse(input);
    expect(compiled).toHaveBeenCalledTimes(1);
  });

  it("compile nothing where zod is told not to (as where eval is refused)", () => {
    const compiled = spyOnCompilation();
    z.config({ jitless: true });
    try {
      expect(compiledLooseObject(shape()).safeParse(input).success).toBe(true);
    } finally {
      z.config({ jitless: false });
    }
    expect(compiled).not.toHaveBeenCalled();
  });

  it("are zod/mini objects: instanceof, shape, and extend keeps them compiled", () => {
    const schema = compiledObject(shape());
    expect(schema).toBeInstanceOf(z.ZodMiniObject);
    expect(Object.keys(schema.shape)).toEqual(["name", "size", "tags"]);
    const compiled = spyOnCompilation();
    const extended = z.extend(schema, { more: z.boolean() });
    expect(extended.safeParse({ ...input, more: true }).data).toEqual({
      name: "a",
      size: 2,
      tags: ["x"],
      more: true,
    });
    expect(compiled).toHaveBeenCalledTimes(1);
  });

  it("strip, keep or refuse unknown keys as z.object, z.looseObject and z.strictObject do", () => {
    expect(compiledObject(shape()).safeParse(input)).toEqual(z.object(shape()).safeParse(input));
    expect(compiledLooseObject(shape()).safeParse(input)).toEqual(z.looseObject(shape()).safeParse(input));
    const refused = compiledStrictObject(shape()).safeParse(input);
    expect(refused.error?.issues).toEqual(z.strictObject(shape()).safeParse(input).error?.issues);
    expect(refused.error?.issues).toEqual([
      { code: "unrecognized_keys", keys: ["extra"], path: [], message: 'Unrecognized key: "extra"' },
    ]);
  });
});
