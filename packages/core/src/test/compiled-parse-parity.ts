import { deepStrictEqual } from "node:assert/strict";
import fc from "fast-check";

/** A schema with zod's `safeParse`, whose context may ask for the interpreted object parser. */
interface ParitySchema {
  safeParse(
    input: unknown,
    context?: { jitless?: boolean },
  ): { success: boolean; data?: unknown; error?: unknown };
}

/** What a parse gave, as a caller sees it: the parsed value, or every issue finalized. */
function outcome(result: ReturnType<ParitySchema["safeParse"]>): unknown {
  if (result.success) return { success: true, data: result.data, keys: JSON.stringify(result.data) };
  return { success: false, issues: (result.error as { issues: unknown }).issues };
}

/** A fresh copy of a JSON document, as `JSON.parse` gives it (an own `__proto__` key stays a key). */
function asParsedJson(input: unknown): unknown {
  return input === undefined ? undefined : JSON.parse(JSON.stringify(input));
}

/**
 * Asserts that a schema built with the compiled objects (decision 0054) gives exactly what zod/mini's
 * interpreted objects give: `{ jitless: true }` runs the same schema through core's `$ZodObject`
 * parser, the one `z.object` builds on, so the data (with its key order) or the issues (codes, paths,
 * messages) must be equal.
 */
export function expectCompiledParseParity(schema: ParitySchema, input: unknown): void {
  const interpreted = outcome(schema.safeParse(asParsedJson(input), { jitless: true }));
  const compiled = outcome(schema.safeParse(asParsedJson(input)));
  // node's comparison, not vitest's: vitest's strict equality compares \`constructor\` properties, and
  // an own \`constructor\` key of a document (an unknown key the schema keeps) is not a class
  deepStrictEqual(compiled, interpreted);
}

type Mutation = "wrong type" | "missing" | "unknown key";

const wrongValues: unknown[] = [0, 1.5, -1, "", "x", true, false, null, [], [1], {}, { type: "x" }];

/** Every place of a document: each object's or array's own keys, with the container. */
function places(value: unknown, found: Array<{ container: Record<string, unknown>; key: string }> = []) {
  if (value === null || typeof value !== "object") return found;
  const container = value as Record<string, unknown>;
  for (const key of Object.keys(container)) {
    found.push({ container, key });
    places(container[key], found);
  }
  return found;
}

/** Every object of a document (not arrays), where an unknown key can go. */
function objects(value: unknown, found: Array<Record<string, unknown>> = []) {
  if (value === null || typeof value !== "object") return found;
  if (!Array.isArray(value)) found.push(value as Record<string, unknown>);
  for (const inner of Object.values(value)) objects(inner, found);
  return found;
}

/** Sets an own key, as `JSON.parse` does (assigning `__proto__` would change the prototype). */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function mutate(
  document: unknown,
  mutation: Mutation,
  at: number,
  wrong: unknown,
  unknownKey: string,
): unknown {
  const copy = asParsedJson(document);
  if (mutation === "unknown key") {
    const all = objects(copy);
    const target = all[at % all.length];
    if (target) setOwn(target, unknownKey, wrong);
    return copy;
  }
  const all = places(copy);
  if (all.length === 0) return wrong;
  const { container, key } = all[at % all.length] as (typeof all)[number];
  if (mutation === "missing" && !Array.isArray(container)) delete container[key];
  else setOwn(container, key, wrong);
  return copy;
}

/**
 * Documents of `documents` with one to three mutations each, anywhere in them: a value of the wrong
 * type (or a `null`, an empty object or array), a field removed, an unknown key added; or the
 * document itself replaced by a value that is not an object.
 */
export function mutatedDocumentArbitrary(documents: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const step = fc.record({
    mutation: fc.constantFrom<Mutation>("wrong type", "missing", "unknown key"),
    at: fc.nat(),
    wrong: fc.constantFrom(...wrongValues),
    unknownKey: fc.constantFrom("extra", "__proto__", "constructor", "type", "0"),
  });
  return fc
    .oneof(
      { weight: 9, arbitrary: fc.tuple(documents, fc.array(step, { minLength: 1, maxLength: 3 })) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...wrongValues), fc.constant([])) },
    )
    .map(([document, steps]) =>
      steps.reduce<unknown>(
        (current, s) => mutate(current, s.mutation, s.at, s.wrong, s.unknownKey),
        document,
      ),
    );
}
