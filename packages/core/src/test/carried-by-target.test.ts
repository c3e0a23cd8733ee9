import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { carriedByTarget } from "./carried-by-target";
import { jsonLeaves } from "./json-leaves";

/** A JSON value and the pointer of one of its leaves that holds a number (below keys of plain names). */
const withNumberLeaf = fc
  .jsonValue({ maxDepth: 4 })
  .map((value) => ({
    value,
    leaves: [...jsonLeaves(value)].filter(
      ([path, leaf]) => typeof leaf === "number" && /^(\/\w+)*$/.test(path),
    ),
  }))
  .filter(({ leaves }) => leaves.length > 0)
  .chain(({ value, leaves }) =>
    fc.constantFrom(...leaves.map(([path]) => path)).map((path) => ({ value, path })),
  );

/** `value` with the number at `path` changed (to a string: a float plus one may be the same float). */
function changedAt(value: unknown, path: string): unknown {
  if (path === "") return `${value} changed`;
  const copy = structuredClone(value);
  const tokens = path.slice(1).split("/");
  const last = tokens.pop()!;
  let holder = copy as Record<string, unknown>;
  for (const token of tokens) holder = holder[token] as Record<string, unknown>;
  holder[last] = `${holder[last]} changed`;
  return copy;
}

/** Every ancestor of a pointer, the pointer itself included. */
const ancestors = (path: string) =>
  path
    .split("/")
    .map((_, index, tokens) => tokens.slice(0, index + 1).join("/"))
    .filter((ancestor, index) => index === 0 || ancestor !== "");

describe("carriedByTarget", () => {
  it("holds for a node read back as it was sent, at any pointer", () => {
    fc.assert(
      fc.property(withNumberLeaf, ({ value, path }) => {
        for (const node of ancestors(path))
          expect(carriedByTarget(value, structuredClone(value), node)).toBe(true);
      }),
    );
  });

  it("fails at every node above a leaf the target read back otherwise", () => {
    fc.assert(
      fc.property(withNumberLeaf, ({ value, path }) => {
        const received = changedAt(value, path);
        for (const node of ancestors(path)) expect(carriedByTarget(value, received, node)).toBe(false);
      }),
    );
  });

  it("holds beside a changed leaf, and reads a node the encoder was not given at the node enclosing it", () => {
    const sent = { tools: [{ kind: "computer" }, { kind: "search" }] };
    const received = {
      tools: [{ kind: "computer", settings: { environment: "browser" } }, { kind: "search" }],
    };
    expect(carriedByTarget(sent, received, "/tools/1")).toBe(true);
    expect(carriedByTarget(sent, received, "/tools/0/settings")).toBe(false);
    expect(carriedByTarget(sent, { tools: [{ kind: "search" }] }, "/tools/0/settings")).toBe(false);
    expect(carriedByTarget(sent, sent, "/missing/below")).toBe(true);
  });

  it("fails where the target read a value the sender did not give, and takes null as absent", () => {
    expect(carriedByTarget({ a: 1 }, { a: 1, mime: "application/octet-stream" }, "")).toBe(false);
    expect(carriedByTarget({}, { mime: "x" }, "/mime")).toBe(false);
    expect(carriedByTarget({ a: 1 }, { a: 1, b: null, c: {} }, "")).toBe(true);
    expect(carriedByTarget({ a: 1, b: null }, { a: 1 }, "")).toBe(true);
  });
});
