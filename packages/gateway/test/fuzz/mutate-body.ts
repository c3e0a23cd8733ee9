import fc from "fast-check";

/** One fuzzed request body: its bytes and how they were made (for figures and failure reports). */
export interface FuzzBody {
  kind: string;
  bytes: Uint8Array;
}

function fuzzBody(kind: string, bytes: Uint8Array): FuzzBody {
  const preview = new TextDecoder().decode(bytes.slice(0, 600));
  return {
    kind,
    bytes,
    // How fast-check prints a counterexample: the start of the body, not every byte.
    [fc.toStringMethod]: () => `${kind} body of ${bytes.length} bytes: ${JSON.stringify(preview)}`,
  } as FuzzBody;
}

const encoder = new TextEncoder();

/** Values of the wrong type for any field. */
const wrongValues: unknown[] = [
  null,
  0,
  -1,
  1e308,
  "",
  "x",
  true,
  [],
  {},
  [null],
  { "": null },
  "%ZZ",
  "\u0000",
  "constructor",
  "__proto__",
  "toString",
];

type Path = (string | number)[];

function containers(value: unknown, path: Path = [], found: Path[] = []): Path[] {
  if (typeof value !== "object" || value === null) return found;
  found.push(path);
  for (const [key, child] of Object.entries(value))
    containers(child, [...path, Array.isArray(value) ? Number(key) : key], found);
  return found;
}

function at(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (current as Record<string | number, unknown>)[key], value);
}

/** Own enumerable `key` on `target`, even for `__proto__` (which plain assignment would not create). */
function defineKey(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
}

/** What a structural mutation does to the container it picked. */
const structuralKinds = [
  "wrong-type",
  "drop-key",
  "unknown-key",
  "proto-key",
  "constructor-key",
  "deep-nesting",
  "huge-string",
  "huge-array",
] as const;

function mutateStructure(base: unknown, kind: (typeof structuralKinds)[number], seed: number): unknown {
  const value = structuredClone(base);
  const paths = containers(value);
  if (paths.length === 0) return value;
  const path = paths[seed % paths.length]!;
  const target = at(value, path) as Record<string, unknown>;
  const keys = Object.keys(target);
  const key = keys.length === 0 ? undefined : keys[seed % keys.length]!;
  switch (kind) {
    case "wrong-type":
      if (key !== undefined) target[key] = wrongValues[seed % wrongValues.length];
      break;
    case "drop-key":
      if (key !== undefined) {
        if (Array.isArray(target)) target.splice(Number(key), 1);
        else delete target[key];
      }
      break;
    case "unknown-key":
      if (!Array.isArray(target)) target[`unknown_${seed % 7}`] = wrongValues[seed % wrongValues.length];
      break;
    case "proto-key":
      defineKey(target, "__proto__", { polluted: true, role: "system", type: "tool_use" });
      break;
    case "constructor-key":
      defineKey(target, "constructor", { prototype: { polluted: true } });
      break;
    case "deep-nesting":
      // Nested in the text afterwards: JSON.stringify itself would overflow the stack.
      if (key !== undefined) target[key] = deepMarker;
      break;
    case "huge-string":
      if (key !== undefined) target[key] = "\u00e9x\ud83d\ude00".repeat(20_000 + (seed % 1000));
      break;
    case "huge-array":
      if (key !== undefined) target[key] = Array.from({ length: 5000 }, () => target[key]);
      break;
  }
  return value;
}

const deepMarker = "\u0000deep\u0000";

/** `value` as JSON, with the deep-nesting marker (or the whole value) nested `depth` levels down. */
function serialize(value: unknown, depth: number): string {
  const text = JSON.stringify(value);
  const nested = (inner: string) =>
    `${'[{"a":'.repeat(Math.ceil(depth / 2))}${inner}${"}]".repeat(Math.ceil(depth / 2))}`;
  if (typeof value !== "object" || value === null) return nested(text);
  return text.replace(JSON.stringify(deepMarker), nested("1"));
}

/** Byte-level damage to a serialized body. */
const byteKinds = ["truncate", "insert-bytes", "invalid-utf8", "replace-all", "deep-text"] as const;

function mutateBytes(
  text: string,
  kind: (typeof byteKinds)[number],
  seed: number,
  bytes: Uint8Array,
): Uint8Array {
  const whole = encoder.encode(text);
  const cut = whole.length === 0 ? 0 : seed % whole.length;
  switch (kind) {
    case "truncate":
      return whole.slice(0, cut);
    case "insert-bytes":
      return concat(whole.slice(0, cut), bytes, whole.slice(cut));
    case "invalid-utf8": {
      // Inside the first string when there is one, so only the encoding is wrong.
      const quote = text.indexOf('"');
      const where = quote < 0 ? cut : encoder.encode(text.slice(0, quote + 1)).length;
      return concat(
        whole.slice(0, where),
        new Uint8Array([0xc3, 0x28, 0xff, 0xed, 0xa0, 0x80]),
        whole.slice(where),
      );
    }
    case "replace-all":
      return encoder.encode(
        ["", "null", "[]", "123", '"text"', "{", "}", "{}}", "\ufeff{}", "[{}]"][seed % 10]!,
      );
    case "deep-text": {
      const depth = 129 + (seed % 100_000);
      return encoder.encode(`{"model":${"[".repeat(depth)}${"]".repeat(depth)}}`);
    }
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/**
 * Bodies made from `base` (requests near the valid ones): some sent as they are, some with one
 * structural mutation (a wrong type, a missing or unknown key, `__proto__` or `constructor` keys,
 * nesting far past the limit, huge strings and arrays), some damaged at the byte level (cut short,
 * random bytes, invalid UTF-8, not an object at all, 100k levels of brackets), and some padded just
 * past `maxBodyBytes`.
 */
export function fuzzBodyArbitrary(base: fc.Arbitrary<unknown>, maxBodyBytes: number): fc.Arbitrary<FuzzBody> {
  const plain = base.map((value) => fuzzBody("as-generated", encoder.encode(JSON.stringify(value))));
  const structural = fc
    .tuple(base, fc.constantFrom(...structuralKinds), fc.nat(), fc.integer({ min: 129, max: 6000 }))
    .map(([value, kind, seed, depth]) =>
      fuzzBody(
        kind,
        encoder.encode(serialize(mutateStructure(value, kind, seed), kind === "deep-nesting" ? depth : 0)),
      ),
    );
  const damaged = fc
    .tuple(base, fc.constantFrom(...byteKinds), fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 8 }))
    .map(([value, kind, seed, bytes]) =>
      fuzzBody(kind, mutateBytes(JSON.stringify(value), kind, seed, bytes)),
    );
  const oversized = fc.tuple(base, fc.integer({ min: 1, max: 4096 })).map(([value, extra]) => {
    const text = JSON.stringify(value);
    const padding = Math.max(0, maxBodyBytes - encoder.encode(text).length + extra);
    return fuzzBody("over-limit", encoder.encode(`${text}${" ".repeat(padding)}`));
  });
  return fc.oneof(
    { arbitrary: plain, weight: 4 },
    { arbitrary: structural, weight: 4 },
    { arbitrary: damaged, weight: 2 },
    { arbitrary: oversized, weight: 1 },
  );
}
