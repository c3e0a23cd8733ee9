import fc from "fast-check";

/** A JSON Schema (OpenAPI 3.0 or 3.1 flavour) as stored in a vendor spec. */
type Schema = Record<string, unknown>;

/** How deep generated values go before objects keep only their required fields and arrays stay empty. */
const softDepth = 5;
/** Past this depth every value is `null` (cuts recursive schemas). */
const hardDepth = 9;

/**
 * An arbitrary of JSON values shaped like a schema of a spec's `components.schemas` (`$ref`, `allOf`,
 * `anyOf`/`oneOf`, `enum`/`const`, `type` as a string or list, `nullable`, `properties`/`required`,
 * `items`, `additionalProperties`). Values follow the schema's shape, not every constraint (lengths,
 * patterns and bounds are ignored): the fuzzer wants requests near the valid ones, both sides of the line.
 */
export function schemaArbitrary(components: Record<string, Schema>, root: Schema): fc.Arbitrary<unknown> {
  const memo = new Map<Schema, fc.Arbitrary<unknown>[]>();

  function resolve(schema: Schema): Schema {
    let current = schema;
    for (let hops = 0; typeof current.$ref === "string" && hops < 20; hops++) {
      const name = current.$ref.replace(/^#\/components\/schemas\//, "");
      current = components[name] ?? {};
    }
    return current;
  }

  function arbitrary(input: Schema, depth: number): fc.Arbitrary<unknown> {
    if (depth > hardDepth) return fc.constant(null);
    const schema = resolve(input);
    const cached = memo.get(schema)?.[depth];
    if (cached) return cached;
    const built = build(schema, depth);
    const row = memo.get(schema) ?? [];
    row[depth] = built;
    memo.set(schema, row);
    return built;
  }

  function build(schema: Schema, depth: number): fc.Arbitrary<unknown> {
    const next = depth + 1;
    if ("const" in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
    const choices = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (Array.isArray(choices) && choices.length > 0) {
      const branches = depth >= softDepth ? choices.slice(0, 1) : choices;
      return fc.oneof(...branches.map((choice) => arbitrary({ ...withoutKeys(schema), ...choice }, next)));
    }
    if (Array.isArray(schema.allOf))
      return arbitrary(mergeAll(schema.allOf as Schema[], withoutKeys(schema)), depth);
    const types = Array.isArray(schema.type)
      ? (schema.type as string[])
      : schema.type
        ? [schema.type as string]
        : [];
    const nullable = schema.nullable === true || types.includes("null");
    const concrete = types.filter((type) => type !== "null");
    if (concrete.length === 0 && (schema.properties || schema.required)) concrete.push("object");
    const arbitraries = concrete.map((type) => ofType(type, schema, depth, next));
    if (arbitraries.length === 0) arbitraries.push(fc.jsonValue({ maxDepth: 2 }));
    if (nullable) arbitraries.push(fc.constant(null));
    return arbitraries.length === 1 ? arbitraries[0]! : fc.oneof(...arbitraries);
  }

  function ofType(type: string, schema: Schema, depth: number, next: number): fc.Arbitrary<unknown> {
    switch (type) {
      case "string":
        return fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom("", "x", "user", "text", "auto"));
      case "integer":
        return fc.integer({ min: -5, max: 5000 });
      case "number":
        return fc.oneof(fc.integer({ min: -5, max: 100 }), fc.double({ min: -2, max: 2, noNaN: true }));
      case "boolean":
        return fc.boolean();
      case "array": {
        if (depth >= softDepth) return fc.constant([]);
        const items = isSchema(schema.items) ? arbitrary(schema.items, next) : fc.jsonValue({ maxDepth: 1 });
        return fc.array(items, { maxLength: 3 });
      }
      case "object": {
        const properties = (isSchema(schema.properties) ? schema.properties : {}) as Record<string, Schema>;
        const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
        const keys = Object.keys(properties).filter((key) => depth < softDepth || required.has(key));
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const key of keys) model[key] = arbitrary(properties[key]!, next);
        const record = fc.record(model, { requiredKeys: keys.filter((key) => required.has(key)) });
        if (keys.length > 0 || !isSchema(schema.additionalProperties) || depth >= softDepth) return record;
        return fc.dictionary(
          fc.string({ minLength: 1, maxLength: 6 }),
          arbitrary(schema.additionalProperties, next),
          {
            maxKeys: 2,
          },
        );
      }
      default:
        return fc.constant(null);
    }
  }

  function mergeAll(parts: Schema[], base: Schema): Schema {
    const merged: Schema = { ...base, type: "object", properties: {}, required: [] };
    for (const part of parts.map(resolve)) {
      if (Array.isArray(part.allOf)) Object.assign(part, mergeAll(part.allOf as Schema[], withoutKeys(part)));
      Object.assign(merged.properties as Schema, part.properties ?? {});
      (merged.required as string[]).push(...((part.required as string[] | undefined) ?? []));
    }
    return merged;
  }

  return arbitrary(root, 0);
}

function withoutKeys(schema: Schema): Schema {
  const {
    anyOf: _anyOf,
    oneOf: _oneOf,
    allOf: _allOf,
    $ref: _ref,
    discriminator: _discriminator,
    ...rest
  } = schema;
  return rest;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
