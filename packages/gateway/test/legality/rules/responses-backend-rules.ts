import { type BackendRule, objectOf, objectsOf, schemaNodes, unless } from "./backend-rule";

const reasoningGuide = "platform.openai.com/docs/guides/reasoning";
const gpt5Guide = "platform.openai.com/docs/guides/latest-model";
const spec = "specs/vendor/openai/responses-api.openapi.json";
const structuredOutputs = "platform.openai.com/docs/guides/structured-outputs (supported schemas)";
const jsonTypes = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/**
 * Model families as the OpenAI guides describe them (written here apart from the gateway's own
 * table): whether they reason, the efforts they take, and the efforts under which they take
 * sampling settings.
 */
const families: {
  pattern: RegExp;
  reasons: boolean;
  efforts?: string[];
  samplingEfforts?: string[];
  defaultEffort?: string;
}[] = [
  { pattern: /^gpt-5(\.\d+)?-chat/, reasons: false },
  {
    pattern: /^gpt-5\.1(-|$)/,
    reasons: true,
    efforts: ["none", "low", "medium", "high"],
    samplingEfforts: ["none"],
    defaultEffort: "none",
  },
  {
    pattern: /^gpt-5\.[2-9]/,
    reasons: true,
    efforts: ["none", "low", "medium", "high", "xhigh"],
    samplingEfforts: ["none"],
    defaultEffort: "none",
  },
  {
    pattern: /^gpt-5(-mini|-nano)?(-\d{4}-\d\d-\d\d)?$/,
    reasons: true,
    efforts: ["minimal", "low", "medium", "high"],
  },
  { pattern: /^o\d(-mini)?(-|$)/, reasons: true, efforts: ["low", "medium", "high"] },
  { pattern: /^(gpt-4|gpt-3\.5|chatgpt-4o)/, reasons: false },
];

const familyOf = (model: string) => families.find((family) => family.pattern.test(model));
const effortOf = (body: Record<string, unknown>) => objectOf(body.reasoning)?.effort as string | undefined;

/** Whether a request reasons: a reasoning family at its effort, or an unknown model asked to. */
function reasons(model: string, body: Record<string, unknown>): boolean {
  const family = familyOf(model);
  const effort = effortOf(body);
  if (!family) return body.reasoning !== undefined && effort !== "none";
  return family.reasons && (effort ?? family.defaultEffort ?? "medium") !== "none";
}

/** Every JSON Schema a request carries: function parameters and the structured-output schema, with strictness. */
function schemasOf(body: Record<string, unknown>): { schema: unknown; path: string; strict: boolean }[] {
  const schemas = objectsOf(body.tools).flatMap((tool, index) =>
    tool.type === "function"
      ? [{ schema: tool.parameters, path: `/tools/${index}/parameters`, strict: tool.strict === true }]
      : [],
  );
  const format = objectOf(objectOf(body.text)?.format);
  if (format?.type === "json_schema")
    schemas.push({ schema: format.schema, path: "/text/format/schema", strict: format.strict === true });
  return schemas;
}

/** Every `call_id` in `input`, with its path. */
const callIdsOf = (body: Record<string, unknown>) =>
  objectsOf(body.input).flatMap((item, index) =>
    typeof item.call_id === "string" ? [[item.call_id, `/input/${index}/call_id`] as const] : [],
  );

/**
 * Documented constraints of the responses API that its vendor schema does not state, each with its
 * source: what a request from another format must hold to when it reaches a responses backend.
 */
export const responsesBackendRules: readonly BackendRule[] = [
  {
    rule: "user and prompt_cache_key are at most 64 characters",
    source: `${spec} (safety_identifier maxLength 64); the API answers "string too long. Expected a string with maximum length 64" for user and prompt_cache_key`,
    gateway: "sends a longer value as its SHA-256 digest, 64 hex characters (`approximated`)",
    check: ({ body }) =>
      ["user", "prompt_cache_key", "safety_identifier"].flatMap((field) =>
        unless(
          typeof body[field] !== "string" || (body[field] as string).length <= 64,
          () => `${field} of ${(body[field] as string).length} characters`,
        ),
      ),
  },
  {
    rule: "a call_id in input is at most 64 characters",
    source: `${spec} (FunctionCallOutputItemParam.call_id maxLength 64)`,
    gateway: "sends a longer id as its SHA-256 digest, call and output alike (`approximated`)",
    check: ({ body }) =>
      callIdsOf(body).flatMap(([id, path]) =>
        unless(id.length <= 64, () => `${path}: ${id.length} characters`),
      ),
  },
  {
    rule: "a model that does not reason takes no reasoning effort; one that does takes only its family's efforts",
    source: `${reasoningGuide}; ${gpt5Guide} (gpt-5: minimal to high; gpt-5.1: none to high; later: none to xhigh; o-series: low to high)`,
    gateway:
      "drops `reasoning` for a model that does not reason; sends another effort as the nearest the family takes (`dropped` / `approximated`)",
    check({ model, body }) {
      const family = familyOf(model);
      const effort = effortOf(body);
      if (!family || effort === undefined) return [];
      if (!family.reasons) return [`${model} does not reason, but reasoning.effort is ${effort}`];
      return unless(family.efforts?.includes(effort) ?? true, () => `${model} takes no effort ${effort}`);
    },
  },
  {
    rule: "a reasoning model takes temperature and top_p only at 1 (gpt-5.1 and later: also with effort none)",
    source: `${reasoningGuide}; ${gpt5Guide}`,
    gateway: "drops other values (`dropped`)",
    check({ model, body }) {
      const family = familyOf(model);
      const effort = effortOf(body) ?? family?.defaultEffort ?? "medium";
      const sampling = family
        ? !family.reasons || (family.samplingEfforts?.includes(effort) ?? false)
        : !reasons(model, body);
      if (sampling) return [];
      return ["temperature", "top_p"].flatMap((field) =>
        unless(
          body[field] === undefined || body[field] === 1,
          () => `${field} ${body[field]} on reasoning model ${model}`,
        ),
      );
    },
  },
  {
    rule: "a request that reasons without stored state asks for its reasoning back (store false, include reasoning.encrypted_content)",
    source: `${reasoningGuide} ("encrypted reasoning items")`,
    gateway:
      'adds `store: false` and `include: ["reasoning.encrypted_content"]` when the caller\'s format has no `store` (no loss: nothing the caller asked for changes)',
    check({ model, body }) {
      if (!reasons(model, body) || body.store === true) return [];
      const include = Array.isArray(body.include) ? body.include : [];
      return unless(
        body.store === false && include.includes("reasoning.encrypted_content"),
        () => `store ${String(body.store)}, include ${JSON.stringify(include)}`,
      );
    },
  },
  {
    rule: "every function_call in input has a function_call_output with its call_id, and every output a call before it",
    source:
      'platform.openai.com/docs/guides/function-calling; the API answers "No tool output found for function call" and "No tool call found for function call output"',
    gateway:
      "answers an unanswered call with an error result, leaves out outputs of no call (`approximated` / `dropped`)",
    check({ body }) {
      const items = objectsOf(body.input);
      const problems: string[] = [];
      const called = new Set<unknown>();
      items.forEach((item, index) => {
        if (item.type === "function_call") called.add(item.call_id);
        if (item.type === "function_call_output" && !called.has(item.call_id))
          problems.push(`/input/${index}: output for ${String(item.call_id)} follows no call`);
      });
      const answered = new Set(
        items.flatMap((item) => (item.type === "function_call_output" ? [item.call_id] : [])),
      );
      for (const id of called) if (!answered.has(id)) problems.push(`call ${String(id)} has no output`);
      return problems;
    },
  },
  {
    rule: "function names are 1 to 64 of a-z, A-Z, 0-9, _ and -",
    source:
      'platform.openai.com/docs/guides/function-calling (the API answers "string does not match pattern \'^[a-zA-Z0-9_-]+$\'" and "string too long")',
    gateway:
      "renames the function (other characters `_`, cut to 64, `_2`… on collision) and names it back in answers and streams (`approximated`)",
    check: ({ body }) =>
      objectsOf(body.tools).flatMap((tool, index) =>
        tool.type === "function"
          ? unless(
              /^[A-Za-z0-9_-]{1,64}$/.test(tool.name as string),
              () => `/tools/${index}/name: ${String(tool.name)}`,
            )
          : [],
      ),
  },
  {
    rule: "schemas use JSON Schema's lower-case type names",
    source: "platform.openai.com/docs/guides/function-calling (parameters are JSON Schema)",
    gateway: "sends a generate-content caller's Schema as JSON Schema with lower-case types (no loss)",
    check: ({ body }) =>
      schemasOf(body).flatMap(({ schema, path }) =>
        schemaNodes(schema, path).flatMap(([node, at]) => {
          const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
          return types
            .filter((type) => !jsonTypes.has(type as string))
            .map((type) => `${at}: type ${String(type)}`);
        }),
      ),
  },
  {
    rule: "a strict schema closes every object (additionalProperties false) and requires every property",
    source: structuredOutputs,
    gateway: "sends a schema that does not hold to strict mode with `strict: false` (`dropped`)",
    check: ({ body }) =>
      schemasOf(body)
        .filter(({ strict }) => strict)
        .flatMap(({ schema, path }) =>
          schemaNodes(schema, path).flatMap(([node, at]) => {
            const properties = objectOf(node.properties);
            if (node.type !== "object" && !properties) return [];
            const required = new Set(Array.isArray(node.required) ? node.required : []);
            return [
              ...unless(
                node.additionalProperties === false,
                () => `${at}: additionalProperties is not false`,
              ),
              ...Object.keys(properties ?? {})
                .filter((name) => !required.has(name))
                .map((name) => `${at}: property ${name} is not required`),
            ];
          }),
        ),
  },
];
