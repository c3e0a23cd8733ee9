import { type BackendRule, objectOf, objectsOf, schemaNodes, unless } from "./backend-rule";

const schemaReference = "ai.google.dev/api/caching#Schema";
const thinkingGuide = "ai.google.dev/gemini-api/docs/thinking";
const gemini3Guide = "ai.google.dev/gemini-api/docs/gemini-3";

/** Allowed `format` values by Schema type (the Schema reference's `format` field). */
const formats: Record<string, string[]> = {
  STRING: ["enum", "date-time"],
  NUMBER: ["float", "double"],
  INTEGER: ["int32", "int64"],
};

/** Thinking families as the guides describe them, written apart from the gateway's own table. */
const budgetFamilies: [RegExp, { min: number; max: number; off: boolean }][] = [
  [/^gemini-2\.5-pro/, { min: 128, max: 32_768, off: false }],
  [/^gemini-2\.5-flash-lite/, { min: 512, max: 24_576, off: true }],
  [/^gemini-2\.5-flash/, { min: 0, max: 24_576, off: true }],
];
const levelFamilies: [RegExp, string[]][] = [
  [/^gemini-3(\.\d+)?-pro/, ["LOW", "HIGH"]],
  [/^gemini-3(\.\d+)?-flash/, ["MINIMAL", "LOW", "MEDIUM", "HIGH"]],
];

const declarationsOf = (body: Record<string, unknown>) =>
  objectsOf(body.tools).flatMap((tool, toolIndex) =>
    objectsOf(tool.functionDeclarations).map(
      (declaration, index) => [declaration, `/tools/${toolIndex}/functionDeclarations/${index}`] as const,
    ),
  );

/** Every Gemini `Schema` a request carries: function parameters and the response schema. */
function schemasOf(body: Record<string, unknown>): [unknown, string][] {
  const schemas: [unknown, string][] = declarationsOf(body).map(([declaration, path]) => [
    declaration.parameters,
    `${path}/parameters`,
  ]);
  schemas.push([objectOf(body.generationConfig)?.responseSchema, "/generationConfig/responseSchema"]);
  return schemas.flatMap(([schema, path]) => schemaNodes(schema, path));
}

const partsOf = (content: Record<string, unknown>) => objectsOf(content.parts);

/**
 * Documented constraints of the generate-content API that its vendor schema does not state, each
 * with its source: what a request from another format must hold to when it reaches a
 * generate-content backend.
 */
export const generateContentBackendRules: readonly BackendRule[] = [
  {
    rule: "function names start with a letter or _, then up to 63 of a-z, A-Z, 0-9, _, ., : and -",
    source:
      'the API answers "Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64" (github.com/kaitranntt/ccs/issues/25, github.com/google-gemini/gemini-cli/issues/2966)',
    gateway:
      "renames the function (letters, digits and `_.:-` kept, a leading `_` where needed, cut to 64, `_2`… on collision) and names it back in answers and streams (`approximated`)",
    check: ({ body }) =>
      declarationsOf(body).flatMap(([declaration, path]) =>
        unless(
          /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/.test(declaration.name as string),
          () => `${path}/name: ${String(declaration.name)}`,
        ),
      ),
  },
  {
    rule: "format is enum or date-time on strings, float or double on numbers, int32 or int64 on integers",
    source: `${schemaReference} (format)`,
    gateway: "drops any other `format` (`dropped`)",
    check: ({ body }) =>
      schemasOf(body).flatMap(([node, path]) =>
        node.format === undefined
          ? []
          : unless(
              (formats[node.type as string] ?? []).includes(node.format as string),
              () => `${path}: format ${String(node.format)} on ${String(node.type)}`,
            ),
      ),
  },
  {
    rule: "every schema has a type, unless it has anyOf",
    source:
      'the API answers "type: must be specified when not using one_of, any_of or all_of fields" (github.com/danny-avila/LibreChat/issues/6971)',
    gateway:
      "types a schema by its keywords (`properties` OBJECT, `items` ARRAY, `enum` STRING); one that allowed any value is asked for as a STRING (`approximated`)",
    check: ({ body }) =>
      schemasOf(body).flatMap(([node, path]) =>
        unless(node.type !== undefined || node.anyOf !== undefined, () => `${path}: no type`),
      ),
  },
  {
    rule: "an OBJECT's properties, when present, are not empty",
    source:
      'the API answers "properties: should be non-empty for OBJECT type" (github.com/google-gemini/gemini-cli/issues/2966)',
    gateway: "leaves out empty `properties` (and an empty `required`), which say nothing",
    check: ({ body }) =>
      schemasOf(body).flatMap(([node, path]) =>
        unless(
          node.properties === undefined || Object.keys(objectOf(node.properties) ?? {}).length > 0,
          () => `${path}: empty properties`,
        ),
      ),
  },
  {
    rule: "every required name has a property",
    source: `${schemaReference} (required: "Required properties of Type.OBJECT")`,
    gateway: "drops the names without a property from `required` (`dropped`)",
    check: ({ body }) =>
      schemasOf(body).flatMap(([node, path]) => {
        const properties = objectOf(node.properties) ?? {};
        const required = Array.isArray(node.required) ? (node.required as string[]) : [];
        return required
          .filter((name) => !Object.hasOwn(properties, name))
          .map((name) => `${path}: required ${name} has no property`);
      }),
  },
  {
    rule: "a function-calling config comes with function declarations",
    source:
      'ai.google.dev/api/caching#FunctionCallingConfig; the API answers "Function calling config is set without function_declarations"',
    gateway: "does not send a tool choice without function tools (`dropped`)",
    check: ({ body }) =>
      unless(
        objectOf(body.toolConfig)?.functionCallingConfig === undefined || declarationsOf(body).length > 0,
        () => "functionCallingConfig without function declarations",
      ),
  },
  {
    rule: "a turn of function calls is followed by a turn with as many function responses",
    source:
      'the API answers "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn" (github.com/google-gemini/gemini-cli/issues/4504)',
    gateway:
      "answers an unanswered call with an error result, leaves out results of no call (`approximated` / `dropped`)",
    check({ body }) {
      const contents = objectsOf(body.contents);
      return contents.flatMap((content, index) => {
        const calls = partsOf(content).filter((part) => part.functionCall !== undefined).length;
        if (calls === 0) return [];
        const next = contents[index + 1];
        if (!next) return [];
        const responses = partsOf(next).filter((part) => part.functionResponse !== undefined).length;
        return unless(
          responses === calls,
          () => `/contents/${index}: ${calls} calls, ${responses} responses after`,
        );
      });
    },
  },
  {
    rule: "2.5 models take thinkingBudget only, within their range (Pro 128–32,768, never 0; Flash 0–24,576; Flash-Lite 0 or 512–24,576; -1 dynamic)",
    source: thinkingGuide,
    gateway:
      'sends an effort as a budget, brings a budget into the range, and the smallest budget for "off" on Pro (`approximated`)',
    check({ model, body }) {
      const family = budgetFamilies.find(([pattern]) => pattern.test(model))?.[1];
      const thinking = objectOf(objectOf(body.generationConfig)?.thinkingConfig);
      if (!family || !thinking) return [];
      const budget = thinking.thinkingBudget as number | undefined;
      return [
        ...unless(
          thinking.thinkingLevel === undefined,
          () => `thinkingLevel ${String(thinking.thinkingLevel)} on ${model}`,
        ),
        ...unless(
          budget === undefined ||
            budget === -1 ||
            (budget === 0 && family.off) ||
            (budget >= family.min && budget <= family.max),
          () => `thinkingBudget ${budget} on ${model}`,
        ),
      ];
    },
  },
  {
    rule: "Gemini 3 models take a thinkingLevel of their own list, not beside a thinkingBudget",
    source: `${gemini3Guide} (thinking_level; "cannot use both")`,
    gateway: 'sends an effort as the nearest level the model has, "off" as the lowest (`approximated`)',
    check({ model, body }) {
      const levels = levelFamilies.find(([pattern]) => pattern.test(model))?.[1];
      const thinking = objectOf(objectOf(body.generationConfig)?.thinkingConfig);
      if (!levels || !thinking) return [];
      return [
        ...unless(
          thinking.thinkingLevel === undefined || levels.includes(thinking.thinkingLevel as string),
          () => `thinkingLevel ${String(thinking.thinkingLevel)} on ${model}`,
        ),
        ...unless(
          thinking.thinkingLevel === undefined || thinking.thinkingBudget === undefined,
          () => "thinkingLevel beside thinkingBudget",
        ),
      ];
    },
  },
  {
    rule: "a model of no known family gets no thinkingLevel (2.5 and earlier models refuse it; Gemini 3 models also take thinkingBudget)",
    source: `${thinkingGuide}; ${gemini3Guide} ("thinking_budget is accepted for backwards compatibility")`,
    gateway: "sends an effort as a thinking budget (`approximated`)",
    check({ model, body }) {
      const known = [...budgetFamilies, ...levelFamilies].some(([pattern]) => pattern.test(model));
      const thinking = objectOf(objectOf(body.generationConfig)?.thinkingConfig);
      return unless(known || thinking?.thinkingLevel === undefined, () => `thinkingLevel on ${model}`);
    },
  },
  {
    rule: "at most 5 stop sequences",
    source: 'ai.google.dev/api/generate-content#GenerationConfig (stopSequences: "up to 5")',
    gateway: "sends the first 5 (`dropped`)",
    check({ body }) {
      const stops = objectOf(body.generationConfig)?.stopSequences;
      return unless(
        !Array.isArray(stops) || stops.length <= 5,
        () => `${(stops as unknown[]).length} stop sequences`,
      );
    },
  },
];
