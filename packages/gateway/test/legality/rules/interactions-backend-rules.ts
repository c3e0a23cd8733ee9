import { type BackendRule, objectOf, objectsOf, unless } from "./backend-rule";

const clientTypes =
  "@google/genai 3.1.0, Interactions namespace (specs/vendor/google/interactions.schema.json)";
const interactionsGuide = "ai.google.dev/gemini-api/docs/interactions";
const gemini3Guide = "ai.google.dev/gemini-api/docs/gemini-3";

/** Thinking level families as the guides describe them, written apart from the codecs' own table. */
const levelFamilies: [RegExp, string[]][] = [
  [/^gemini-3(\.\d+)?-pro/, ["low", "high"]],
  [/^gemini-3(\.\d+)?-flash/, ["minimal", "low", "medium", "high"]],
];

const functionsOf = (body: Record<string, unknown>) =>
  objectsOf(body.tools).flatMap((tool, index) =>
    tool.type === "function" ? [[tool, `/tools/${index}`] as const] : [],
  );

const stepsOf = (body: Record<string, unknown>) => (Array.isArray(body.input) ? objectsOf(body.input) : []);

/**
 * Documented constraints of the Interactions API that the schema compiled from the client's types
 * does not state, each with its source: what a request from another format must hold to when it
 * reaches an interactions backend. The gateway's backend is stateless (decision 0022).
 */
export const interactionsBackendRules: readonly BackendRule[] = [
  {
    rule: "function names start with a letter or _, then up to 63 of a-z, A-Z, 0-9, _, ., : and -",
    source:
      'the Gemini API\'s function name rule: "Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores (_), dots (.), colons (:), or dashes (-), with a maximum length of 64" (github.com/google-gemini/gemini-cli/issues/2966)',
    gateway:
      "renames the function (generate-content's rule) and names it back in answers and streams (`approximated`)",
    check: ({ body }) =>
      functionsOf(body).flatMap(([tool, path]) =>
        unless(
          /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/.test(String(tool.name)),
          () => `${path}/name: ${String(tool.name)}`,
        ),
      ),
  },
  {
    rule: "Gemini 3 models take a thinking_level of their own list (Pro: low, high; Flash: minimal to high)",
    source: `${gemini3Guide} (thinking_level); ${clientTypes} (GenerationConfig.thinking_level)`,
    gateway: "sends another level as the nearest the model has (`approximated`)",
    check({ model, body }) {
      const levels = levelFamilies.find(([pattern]) => pattern.test(model))?.[1];
      const level = objectOf(body.generation_config)?.thinking_level;
      return unless(
        !levels || level === undefined || levels.includes(String(level)),
        () => `thinking_level ${String(level)} on ${model}`,
      );
    },
  },
  {
    rule: "temperature is within 0–2 and top_p within 0–1",
    source: "ai.google.dev/api/generate-content#GenerationConfig (temperature range [0.0, 2.0], topP)",
    gateway: "brings a value outside into the range (`approximated`)",
    check({ body }) {
      const config = objectOf(body.generation_config) ?? {};
      const { temperature, top_p: topP } = config as { temperature?: number; top_p?: number };
      return [
        ...unless(
          temperature === undefined || (temperature >= 0 && temperature <= 2),
          () => `temperature ${temperature}`,
        ),
        ...unless(topP === undefined || (topP >= 0 && topP <= 1), () => `top_p ${topP}`),
      ];
    },
  },
  {
    rule: "max_output_tokens is a whole number of at least 1",
    source: `${clientTypes} (GenerationConfig.max_output_tokens); ai.google.dev/api/generate-content#GenerationConfig`,
    gateway: "raises a smaller limit to 1 (`approximated`)",
    check({ body }) {
      const max = objectOf(body.generation_config)?.max_output_tokens;
      return unless(
        max === undefined || (Number.isInteger(max) && (max as number) >= 1),
        () => `max_output_tokens ${String(max)}`,
      );
    },
  },
  {
    rule: "every function_call step is answered by a function_result step with its call_id, and every result answers a call",
    source:
      'the Gemini API answers "Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn" (github.com/google-gemini/gemini-cli/issues/4504); ' +
      `${interactionsGuide}/function-calling`,
    gateway:
      "answers an unanswered call with an error result, leaves out results of no call (`approximated` / `dropped`)",
    check({ body }) {
      const steps = stepsOf(body);
      const calls = new Set(steps.filter((step) => step.type === "function_call").map((step) => step.id));
      const results = new Set(
        steps.filter((step) => step.type === "function_result").map((step) => step.call_id),
      );
      return [
        ...[...calls].flatMap((id) => unless(results.has(id), () => `call ${String(id)} has no result`)),
        ...[...results].flatMap((id) => unless(calls.has(id), () => `result ${String(id)} answers no call`)),
      ];
    },
  },
  {
    rule: "the stateless backend stores nothing upstream: store is false, with no previous_interaction_id or background",
    source: `docs/decisions/0022-interactions-codec.md; ${interactionsGuide} (store defaults to true)`,
    gateway: "sends the whole conversation each turn with store false",
    check: ({ body }) => [
      ...unless(body.store === false, () => `store ${String(body.store)}`),
      ...unless(body.previous_interaction_id === undefined, () => "previous_interaction_id sent"),
      ...unless(body.background === undefined, () => "background sent"),
    ],
  },
];
