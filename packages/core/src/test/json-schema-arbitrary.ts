import fc from "fast-check";
import { isSchema, referencedComponent, type SpecSchema, type SpecSchemas } from "./spec-schemas";

/** Options of {@link jsonSchemaArbitrary}. */
export interface JsonSchemaArbitraryOptions {
  /** How deep objects and lists nest before only required properties and the fewest items are made. */
  maxDepth?: number;
  /** The most items a list gets (within its own bounds). */
  maxItems?: number;
  /** The most optional properties an object gets. */
  maxOptional?: number;
}

/** Strings for each `format` the vendor specs use, valid for it. */
const formatStrings: Record<string, fc.Arbitrary<string>> = {
  "date-time": fc.constantFrom("2026-01-02T03:04:05Z", "2025-11-26T16:00:00.123Z"),
  uri: fc.constantFrom("https://example.com/a", "https://example.org/b?c=d"),
  byte: fc.constantFrom("AAAA", "aGVsbG8="),
  binary: fc.constantFrom("AAAA"),
};

const words = fc.constantFrom("a", "hello", "Paris", "x_1", "テキスト", "line\nbreak", "");

/**
 * A fast-check arbitrary of the values a JSON Schema (2020-12, as {@link preparedSpecSchemas} gives a
 * vendor spec's components) accepts, for property tests that must cover every field a format
 * defines, not only those a codec knows: `$ref` to components, `const`, `enum`, `anyOf` / `oneOf`
 * (each branch), `type` lists, objects (every required property, each optional one or not),
 * lists within their bounds, numbers within theirs, and the string formats the specs use. Patterns
 * and cross-field rules are not followed, so a generated document may still be one an API refuses.
 */
export function jsonSchemaArbitrary(
  schema: SpecSchema,
  schemas: SpecSchemas,
  options: JsonSchemaArbitraryOptions = {},
): fc.Arbitrary<unknown> {
  const maxDepth = options.maxDepth ?? 3;
  const maxItems = options.maxItems ?? 2;
  const maxOptional = options.maxOptional ?? 4;
  const cache = new Map<SpecSchema, fc.Arbitrary<unknown>[]>();

  function build(node: SpecSchema, depth: number): fc.Arbitrary<unknown> {
    const byDepth = cache.get(node) ?? [];
    cache.set(node, byDepth);
    const at = Math.min(depth, maxDepth + 5);
    byDepth[at] ??= fc.constant(null).chain(() => make(node, at));
    return byDepth[at];
  }

  function make(node: SpecSchema, depth: number): fc.Arbitrary<unknown> {
    // A chain of required nodes that never ends (a schema that requires itself) stops here.
    if (depth > maxDepth + 4) return fc.constant({});
    const referenced = referencedComponent(node, schemas);
    if (referenced) return build(referenced, depth);
    if ("const" in node) return fc.constant(node.const);
    if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
    const branches = (node.oneOf ?? node.anyOf) as SpecSchema[] | undefined;
    if (Array.isArray(branches) && branches.length > 0) {
      const own = { ...node };
      delete own.oneOf;
      delete own.anyOf;
      delete own.discriminator;
      const hasOwn = own.properties !== undefined || own.type !== undefined;
      return fc.oneof(
        ...branches.map((branch) =>
          hasOwn ? mergeObjects(build(own, depth), build(branch, depth)) : build(branch, depth),
        ),
      );
    }
    const types = Array.isArray(node.type) ? (node.type as string[]) : node.type ? [node.type as string] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => make({ ...node, type }, depth)));
    switch (types[0]) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer": {
        // fast-check draws integers beyond 2^53 without end (the specs bound int64 fields by
        // ±9.2e18), and JSON numbers there are not exact anyway: clamp to the safe range.
        const min = safeInteger(bound(node, "minimum", 0));
        return fc.integer({ min, max: safeInteger(bound(node, "maximum", Math.max(min, 100_000))) });
      }
      case "number":
        return fc.double({
          min: bound(node, "minimum", 0),
          max: bound(node, "maximum", Math.max(bound(node, "minimum", 0), 2)),
          noNaN: true,
          noDefaultInfinity: true,
        });
      case "string": {
        const formatted = typeof node.format === "string" ? formatStrings[node.format] : undefined;
        return formatted
          ? formatted
          : bound(node, "minLength", 0) > 0
            ? fc.string({
                minLength: bound(node, "minLength", 0),
                maxLength: bound(node, "minLength", 0) + 8,
              })
            : words;
      }
      case "array":
        return array(node, depth);
      case "object":
        return object(node, depth);
      default:
        return node.properties ? object(node, depth) : fc.constantFrom<unknown>("any", 1, { a: true });
    }
  }

  function array(node: SpecSchema, depth: number): fc.Arbitrary<unknown> {
    const items = isSchema(node.items) ? node.items : {};
    const minLength = bound(node, "minItems", 0);
    const most =
      depth >= maxDepth
        ? minLength
        : Math.max(minLength, Math.min(bound(node, "maxItems", maxItems), maxItems));
    return fc.array(build(items, depth + 1), { minLength, maxLength: most });
  }

  function object(node: SpecSchema, depth: number): fc.Arbitrary<unknown> {
    const properties = (isSchema(node.properties) ? node.properties : {}) as Record<string, SpecSchema>;
    const required = (Array.isArray(node.required) ? (node.required as string[]) : []).filter((name) =>
      Object.hasOwn(properties, name),
    );
    const optional =
      depth < maxDepth ? Object.keys(properties).filter((name) => !required.includes(name)) : [];
    // A few optional properties at a time, so documents stay small however wide the schema.
    return fc.subarray(optional, { maxLength: Math.min(maxOptional, optional.length) }).chain((chosen) => {
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of [...required, ...chosen]) model[name] = build(properties[name]!, depth + 1);
      return fc.record(model);
    });
  }

  return build(schema, 0);
}

function safeInteger(value: number): number {
  return Math.min(Math.max(value, Number.MIN_SAFE_INTEGER), Number.MAX_SAFE_INTEGER);
}

function bound(node: SpecSchema, keyword: string, fallback: number): number {
  return typeof node[keyword] === "number" ? (node[keyword] as number) : fallback;
}

/** An object with the fields of both (a schema's own properties beside those of its branch). */
function mergeObjects(left: fc.Arbitrary<unknown>, right: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(left, right).map(([a, b]) => (isSchema(a) && isSchema(b) ? { ...a, ...b } : b));
}
