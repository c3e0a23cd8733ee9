import { type ConversionContext, pointer } from "../conversion/conversion-context";
import { CanonicalError } from "../errors/canonical-error";
import type { JsonSchema } from "../model/tool";
import { jsonSchemaShapeProblem } from "./json-schema-shape-problem";
import type { OpenApiSchema } from "./open-api-schema";

/** Options for {@link jsonSchemaToOpenApiSchema}. */
export interface OpenApiProjectionOptions {
  /** Where keywords the target cannot carry are recorded as losses. */
  context: ConversionContext;
  /** JSON pointer of the schema in the source document, the base of every loss path. */
  path: string;
  /**
   * What to do with a keyword the target cannot carry: `lose` (default) drops it with a `dropped`
   * loss; `describe` appends it to the schema's `description` (so the model still reads it) with
   * an `approximated` loss.
   */
  unsupportedKeywords?: "lose" | "describe";
}

interface ProjectionState {
  root: unknown;
  options: OpenApiProjectionOptions;
  /** `$ref`s being inlined, innermost last: a reference already in here is a cycle. */
  references: string[];
}

type SchemaObject = Record<string, unknown>;

/** Keywords that carry no constraint and need no place in the target. */
const ignoredKeywords = new Set([
  "$schema",
  "$id",
  "$anchor",
  "$comment",
  "$defs",
  "definitions",
  "$vocabulary",
]);
/** Keywords copied unchanged (their meaning is the same in both dialects). */
const copiedKeywords = new Set([
  "title",
  "description",
  "pattern",
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "default",
  "example",
  "propertyOrdering",
]);
/**
 * The `format` values the target takes, by type (the generate-content API refuses others:
 * ai.google.dev/api/caching#Schema, "format"); a schema without a type takes any of them.
 */
const formatsByType: Record<string, ReadonlySet<string>> = {
  STRING: new Set(["enum", "date-time"]),
  NUMBER: new Set(["float", "double"]),
  INTEGER: new Set(["int32", "int64"]),
};

/** Keywords that only constrain values of one JSON type, for splitting a multi-type schema. */
const keywordsByType: Record<string, readonly string[]> = {
  string: ["format", "pattern", "minLength", "maxLength", "enum", "const"],
  number: [
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "enum",
    "const",
  ],
  integer: [
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "enum",
    "const",
  ],
  boolean: ["enum", "const"],
  array: [
    "items",
    "prefixItems",
    "minItems",
    "maxItems",
    "uniqueItems",
    "contains",
    "minContains",
    "maxContains",
  ],
  object: [
    "properties",
    "required",
    "additionalProperties",
    "patternProperties",
    "propertyNames",
    "minProperties",
    "maxProperties",
    "dependentRequired",
    "dependentSchemas",
    "propertyOrdering",
  ],
};
const typeSpecificKeywords = new Set(Object.values(keywordsByType).flat());

/**
 * Projects a JSON Schema (draft 2020-12, drafts 4-7 tolerated) onto the OpenAPI 3.0 Schema subset
 * ({@link OpenApiSchema}). The projection is sound: every value the source schema accepts, the
 * projected schema accepts too; where the target is less precise, the projection widens and records
 * a loss at the keyword's path. In detail:
 * - `$ref` (local JSON pointers, `$defs` / `definitions`) is inlined; a reference to a schema that
 *   is already being inlined is a cycle, cut to "any value" with a `dropped` loss;
 * - `anyOf` / `oneOf` branches that only allow `null` become `nullable` beside another branch (alone
 *   they stay branches); a single remaining branch beside them is merged into the parent when the two share no keyword (else it stays `anyOf`); `oneOf` with several branches becomes `anyOf` (`approximated`);
 *   `allOf` branches are merged;
 * - a type array becomes one type plus `nullable`, or `anyOf` one branch per type;
 * - `const` becomes a one-value `enum` (strings) or equal `minimum` / `maximum` (numbers);
 * - `{}` and `true` (any value) become `{}`; an array without `items` gets `items: {}`;
 * - keywords the subset lacks (`additionalProperties`, `multipleOf`, `uniqueItems`, `not`, ...) are
 *   dropped with a loss, or described in `description` when `unsupportedKeywords` is `describe`.
 *
 * A schema whose keywords do not have JSON Schema's shapes (`properties: null`) is refused with an
 * `invalid_request` error naming where.
 */
export function jsonSchemaToOpenApiSchema(
  schema: JsonSchema | boolean,
  options: OpenApiProjectionOptions,
): OpenApiSchema {
  const problem = jsonSchemaShapeProblem(schema);
  if (problem) {
    const param = `${options.path}${problem.path === "" ? "" : `/${problem.path.replaceAll(".", "/")}`}`;
    throw new CanonicalError("invalid_request", `Not a valid JSON Schema at ${param}: ${problem.message}.`, {
      param,
    });
  }
  return project(schema, options.path, { root: schema, options, references: [] });
}

function project(node: unknown, path: string, state: ProjectionState): OpenApiSchema {
  if (node === true) return {};
  if (node === false) {
    state.options.context.lose(
      "unsupported",
      path,
      "The schema `false` (no value allowed) cannot be expressed; any value is allowed instead",
    );
    return {};
  }
  if (!isSchemaObject(node)) {
    state.options.context.lose("unsupported", path, "Not a JSON Schema; any value is allowed instead");
    return {};
  }
  if (typeof node.$ref === "string") return projectReference(node, path, state);
  const union = node.anyOf ?? node.oneOf;
  if (Array.isArray(union)) return projectUnion(node, path, state);
  if (Array.isArray(node.allOf)) return projectIntersection(node, path, state);
  if (Array.isArray(node.type)) return projectTypeList(node, node.type, path, state);
  return projectSingle(node, path, state);
}

function projectReference(node: SchemaObject, path: string, state: ProjectionState): OpenApiSchema {
  const reference = node.$ref as string;
  const { $ref: _reference, ...siblings } = node;
  const referencePath = pointer(path, "$ref");
  let resolved: OpenApiSchema;
  if (state.references.includes(reference)) {
    state.options.context.lose(
      "dropped",
      referencePath,
      `Recursive reference ${reference} cannot be inlined further; any value is allowed at this depth`,
    );
    resolved = {};
  } else {
    const target = reference.startsWith("#") ? resolvePointer(state.root, reference.slice(1)) : undefined;
    if (target === undefined) {
      state.options.context.lose(
        "unsupported",
        referencePath,
        `Reference ${reference} cannot be resolved; any value is allowed instead`,
      );
      resolved = {};
    } else {
      state.references.push(reference);
      resolved = project(target, state.options.path + reference.slice(1), state);
      state.references.pop();
    }
  }
  return Object.keys(siblings).length === 0
    ? resolved
    : mergeSchemas(project(siblings, path, state), resolved);
}

function projectUnion(node: SchemaObject, path: string, state: ProjectionState): OpenApiSchema {
  const keyword = Array.isArray(node.anyOf) ? "anyOf" : "oneOf";
  const { anyOf: _anyOf, oneOf: _oneOf, ...siblings } = node;
  if (keyword === "anyOf" && Array.isArray(node.oneOf)) {
    state.options.context.lose(
      "dropped",
      pointer(path, "oneOf"),
      "`oneOf` beside `anyOf` cannot be expressed and is dropped",
    );
  }
  const branches = node[keyword] as unknown[];
  let nullable = false;
  const kept: { branch: unknown; index: number }[] = [];
  branches.forEach((branch, index) => {
    if (allowsOnlyNull(branch)) nullable = true;
    else kept.push({ branch, index });
  });
  if (kept.length === 0 && nullable) {
    // Null alone is no optional value: as `nullable`, a type beside it would widen to null (a
    // boolean and null allows nothing), so its branches stay branches (the subset has `NULL`).
    nullable = false;
    kept.push(...branches.map((branch, index) => ({ branch, index })));
  }
  const base = Object.keys(siblings).length > 0 ? project(siblings, path, state) : {};
  let result: OpenApiSchema;
  if (kept.length === 0) result = base;
  else if (kept.length === 1) {
    const only = kept[0]!;
    const projected = project(only.branch, pointer(path, keyword, only.index), state);
    // The optional-value spelling (one branch and null) becomes the branch, nullable; any other
    // single branch, or one whose keywords the parent also has, stays a branch: merged, one of
    // the two values would be dropped without a loss.
    result =
      nullable && !sharesKeyword(base, projected)
        ? mergeSchemas(base, projected)
        : { ...base, anyOf: [projected] };
  } else {
    if (keyword === "oneOf") {
      state.options.context.lose(
        "approximated",
        pointer(path, "oneOf"),
        "`oneOf` (exactly one branch) is projected as `anyOf` (at least one branch)",
      );
    }
    result = {
      ...base,
      anyOf: kept.map(({ branch, index }) => project(branch, pointer(path, keyword, index), state)),
    };
  }
  if (nullable) result.nullable = true;
  return result;
}

function projectIntersection(node: SchemaObject, path: string, state: ProjectionState): OpenApiSchema {
  const { allOf, ...siblings } = node;
  let result = Object.keys(siblings).length > 0 ? project(siblings, path, state) : {};
  (allOf as unknown[]).forEach((branch, index) => {
    const projected = project(branch, pointer(path, "allOf", index), state);
    if (result.type !== undefined && projected.type !== undefined && result.type !== projected.type) {
      state.options.context.lose(
        "approximated",
        pointer(path, "allOf", index),
        "`allOf` branches of different types are merged into the first type",
      );
    }
    result = mergeSchemas(result, projected);
  });
  return result;
}

function projectTypeList(
  node: SchemaObject,
  types: unknown[],
  path: string,
  state: ProjectionState,
): OpenApiSchema {
  const nullable = types.includes("null");
  const others = types.filter((type): type is string => typeof type === "string" && type !== "null");
  if (others.length <= 1) {
    const { type: _type, ...rest } = node;
    const result = projectSingle({ ...rest, type: others[0] ?? "null" }, path, state);
    if (nullable) result.nullable = true;
    return result;
  }
  // One branch per type, each with the keywords that constrain that type; the rest stays outside.
  const shared: SchemaObject = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword !== "type" && !typeSpecificKeywords.has(keyword)) shared[keyword] = value;
  }
  const result = projectSingle(shared, path, state);
  result.anyOf = others.map((type) => {
    const branch: SchemaObject = { type };
    const keywords = Object.hasOwn(keywordsByType, type) ? keywordsByType[type] : undefined;
    for (const keyword of keywords ?? []) if (keyword in node) branch[keyword] = node[keyword];
    return projectSingle(branch, path, state);
  });
  if (nullable) result.nullable = true;
  return result;
}

function projectSingle(node: SchemaObject, path: string, state: ProjectionState): OpenApiSchema {
  const { context } = state.options;
  const result: OpenApiSchema = {};
  const described: Record<string, unknown> = {};
  const drop = (keyword: string, message: string) => {
    if (state.options.unsupportedKeywords === "describe") {
      described[keyword] = node[keyword];
      context.lose(
        "approximated",
        pointer(path, keyword),
        `${message}; it is described in the description instead`,
      );
    } else {
      context.lose("dropped", pointer(path, keyword), message);
    }
  };
  // `null` too: the subset's `Type` has `NULL` ("Null type.").
  const type = typeof node.type === "string" ? node.type : undefined;
  if (type !== undefined) result.type = type.toUpperCase();
  for (const [keyword, value] of Object.entries(node)) {
    if (keyword === "type" || ignoredKeywords.has(keyword)) continue;
    if (copiedKeywords.has(keyword)) {
      result[keyword] = value;
      continue;
    }
    switch (keyword) {
      case "nullable":
        if (value === true) result.nullable = true;
        break;
      case "format": {
        const allowed = result.type === undefined ? undefined : formatsByType[result.type];
        if (typeof value === "string" && allowed?.has(value) !== false) result.format = value;
        else drop(keyword, `\`format: ${JSON.stringify(value)}\` is not a format this schema dialect takes`);
        break;
      }
      case "enum":
        projectEnum(value, result, pointer(path, keyword), context);
        break;
      case "const":
        projectConst(value, result, type, pointer(path, keyword), context);
        break;
      case "examples":
        if (Array.isArray(value) && value.length > 0) {
          result.example = value[0];
          if (value.length > 1)
            context.lose("approximated", pointer(path, keyword), "Only the first of `examples` is kept");
        }
        break;
      case "items":
        if (Array.isArray(value)) {
          context.lose(
            "approximated",
            pointer(path, keyword),
            "Tuple `items` is projected as an array of any values",
          );
          result.items = {};
        } else {
          result.items = project(value, pointer(path, keyword), state);
        }
        break;
      case "prefixItems":
        context.lose(
          "approximated",
          pointer(path, keyword),
          "`prefixItems` (tuples) is projected as an array of any values",
        );
        break;
      case "properties": {
        const properties: Record<string, OpenApiSchema> = {};
        for (const [name, property] of Object.entries(value as Record<string, unknown>))
          properties[name] = project(property, pointer(path, keyword, name), state);
        result.properties = properties;
        break;
      }
      case "required":
        result.required = value as string[];
        break;
      case "additionalProperties":
        if (value !== true)
          drop(keyword, "`additionalProperties` cannot be expressed; other properties are allowed");
        break;
      case "minimum":
      case "exclusiveMinimum": {
        // Above an integer bound, the next integer is the same bound, inclusive.
        const exactForIntegers =
          keyword === "exclusiveMinimum" && type === "integer" && Number.isInteger(value);
        const bound = exactForIntegers ? (value as number) + 1 : value;
        if (typeof bound === "number" && (result.minimum === undefined || bound > result.minimum))
          result.minimum = bound;
        if (keyword === "exclusiveMinimum" && !exactForIntegers) {
          context.lose(
            "approximated",
            pointer(path, keyword),
            "An exclusive lower bound is projected as an inclusive `minimum`",
          );
        }
        break;
      }
      case "maximum":
      case "exclusiveMaximum": {
        const exactForIntegers =
          keyword === "exclusiveMaximum" && type === "integer" && Number.isInteger(value);
        const bound = exactForIntegers ? (value as number) - 1 : value;
        if (typeof bound === "number" && (result.maximum === undefined || bound < result.maximum))
          result.maximum = bound;
        if (keyword === "exclusiveMaximum" && !exactForIntegers) {
          context.lose(
            "approximated",
            pointer(path, keyword),
            "An exclusive upper bound is projected as an inclusive `maximum`",
          );
        }
        break;
      }
      default:
        drop(keyword, `\`${keyword}\` cannot be expressed in this schema dialect`);
    }
  }
  if (result.type === "ARRAY" && result.items === undefined) result.items = {};
  legalizeObjectKeywords(result, path, context);
  const describedKeywords = Object.entries(described);
  if (describedKeywords.length > 0) {
    const constraints = describedKeywords
      .map(([keyword, value]) => `${keyword}: ${JSON.stringify(value)}`)
      .join("; ");
    result.description = `${result.description ? `${result.description}\n\n` : ""}JSON Schema constraints: ${constraints}`;
  }
  return result;
}

/**
 * The target refuses an empty `properties` and `required` names that `properties` lacks: an empty
 * `properties` or `required` says nothing and goes without a loss; a required name with no property
 * is dropped from `required` with one.
 */
function legalizeObjectKeywords(result: OpenApiSchema, path: string, context: ConversionContext): void {
  const properties = result.properties;
  if (properties !== undefined && Object.keys(properties).length === 0) delete result.properties;
  if (result.required === undefined) return;
  const known = result.required.filter(
    (name) => result.properties !== undefined && Object.hasOwn(result.properties, name),
  );
  if (known.length < result.required.length)
    context.lose(
      "dropped",
      pointer(path, "required"),
      `required names without a property cannot be expressed: ${result.required.filter((name) => !known.includes(name)).join(", ")}`,
    );
  if (known.length > 0) result.required = known;
  else delete result.required;
}

function projectEnum(value: unknown, result: OpenApiSchema, path: string, context: ConversionContext): void {
  if (!Array.isArray(value)) return;
  const values = value.filter((item) => item !== null);
  if (values.length < value.length) result.nullable = true;
  if (values.every((item) => typeof item === "string")) {
    result.enum = values;
    result.type ??= "STRING";
    return;
  }
  if (values.every((item) => typeof item === "number"))
    result.type ??= values.every(Number.isInteger) ? "INTEGER" : "NUMBER";
  else if (values.every((item) => typeof item === "boolean")) result.type ??= "BOOLEAN";
  context.lose(
    "approximated",
    path,
    "Only string enums can be expressed; the values are projected as their type",
  );
}

function projectConst(
  value: unknown,
  result: OpenApiSchema,
  type: string | undefined,
  path: string,
  context: ConversionContext,
): void {
  if (value === null) {
    result.nullable = true;
    context.lose("approximated", path, "`const: null` is projected as any value, nullable");
  } else if (typeof value === "string") {
    result.enum = [value];
    result.type ??= "STRING";
  } else if (typeof value === "number") {
    result.type ??= type === "integer" || Number.isInteger(value) ? "INTEGER" : "NUMBER";
    result.minimum = value;
    result.maximum = value;
  } else {
    result.type ??= typeof value === "boolean" ? "BOOLEAN" : Array.isArray(value) ? "ARRAY" : "OBJECT";
    if (result.type === "ARRAY") result.items ??= {};
    context.lose("approximated", path, "`const` of this type is projected as its type");
  }
}

/** Lays `extra` over `base`: annotations of `base` win, properties and `required` are united. */
function mergeSchemas(base: OpenApiSchema, extra: OpenApiSchema): OpenApiSchema {
  const merged: OpenApiSchema = { ...extra, ...base };
  if (base.properties && extra.properties) merged.properties = { ...extra.properties, ...base.properties };
  if (base.required && extra.required) merged.required = [...new Set([...extra.required, ...base.required])];
  return merged;
}

/** Whether both schemas have a keyword in common. */
function sharesKeyword(base: OpenApiSchema, extra: OpenApiSchema): boolean {
  return Object.keys(extra).some((keyword) => Object.hasOwn(base, keyword));
}

function allowsOnlyNull(branch: unknown): boolean {
  return (
    isSchemaObject(branch) &&
    (branch.type === "null" || branch.const === null) &&
    Object.keys(branch).length === 1
  );
}

function isSchemaObject(value: unknown): value is SchemaObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value at an RFC 6901 JSON pointer (`/$defs/node`), or undefined. */
function resolvePointer(root: unknown, path: string): unknown {
  if (path === "") return root;
  let current: unknown = root;
  for (const token of path.slice(1).split("/")) {
    const key = decodeURIComponent(token).replaceAll("~1", "/").replaceAll("~0", "~");
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
