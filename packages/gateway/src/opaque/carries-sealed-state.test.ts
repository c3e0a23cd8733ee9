import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carriesSealedState } from "./carries-sealed-state";

/** JSON text with every character of every string written as a `\u` escape. */
function escapeEverything(value: unknown): string {
  return JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"/g, (_, inner: string) => {
    const text = JSON.parse(`"${inner}"`) as string;
    return `"${[...text].map((character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")}"`;
  });
}

/** A JSON value with `planted` somewhere inside it, as a value at some depth. */
const withPlanted = (planted: string) =>
  fc
    .tuple(fc.jsonValue(), fc.array(fc.constantFrom("array", "object"), { maxLength: 6 }))
    .map(([noise, path]) =>
      path.reduce<unknown>(
        (inner, step) => (step === "array" ? [noise, inner] : { noise, key: inner }),
        planted,
      ),
    );

describe("carriesSealedState", () => {
  it("finds an envelope or sealed id anywhere in a body, however the JSON text spells it", () => {
    const sealed = fc.constantFrom("aWwyc2lnCG1lc3NhZ2Vz", "il1.messages.AAAA.BBBB", "ilc1_payload_mac");
    fc.assert(
      fc.property(sealed.chain(withPlanted), fc.boolean(), (body, escapeAll) => {
        const text = escapeAll ? escapeEverything(body) : JSON.stringify(body);
        expect(carriesSealedState(JSON.parse(text))).toBe(true);
      }),
    );
  });

  it("finds none where no string starts like sealed state", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const hasPrefix = JSON.stringify(body).match(/"(il1\.|ilc1_)/) !== null;
        fc.pre(!hasPrefix);
        expect(carriesSealedState(body)).toBe(false);
      }),
    );
    expect(carriesSealedState({ text: "see il1.messages. in the middle" })).toBe(false);
  });
});
