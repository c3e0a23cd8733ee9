import { type BackendRule, objectOf, objectsOf, schemaNodes, unless } from "./backend-rule";

const spec = "specs/vendor/openai/chat-completions-api.openapi.json";
const reasoningGuide = 'platform.openai.com/docs/guides/reasoning ("limitations" of reasoning models)';
const deepseekGuide = "api-docs.deepseek.com/guides/reasoning_model";
const jsonTypes = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/**
 * Model families as OpenAI's and DeepSeek's guides describe them (written here apart from the
 * codec's own table): whether the chat-completions endpoint takes `reasoning_effort`, the efforts it
 * takes, the fields it refuses, and the efforts under which it takes them after all.
 */
const families: {
  pattern: RegExp;
  reasons: boolean;
  efforts?: string[];
  refuses?: string[];
  samplingEfforts?: string[];
  /** The limit must be `max_completion_tokens` (OpenAI's reasoning models refuse `max_tokens`). */
  completionTokens?: boolean;
}[] = (() => {
  const sampling = [
    "temperature",
    "top_p",
    "presence_penalty",
    "frequency_penalty",
    "logprobs",
    "top_logprobs",
    "logit_bias",
  ];
  return [
    { pattern: /^gpt-5(\.\d+)?-chat/, reasons: false },
    {
      pattern: /^gpt-5\.1(-|$)/,
      reasons: true,
      efforts: ["none", "low", "medium", "high"],
      refuses: sampling,
      samplingEfforts: ["none"],
      completionTokens: true,
    },
    {
      pattern: /^gpt-5\.[2-9]/,
      reasons: true,
      efforts: ["none", "low", "medium", "high", "xhigh"],
      refuses: sampling,
      samplingEfforts: ["none"],
      completionTokens: true,
    },
    {
      pattern: /^gpt-5(-mini|-nano)?(-\d{4}-\d\d-\d\d)?$/,
      reasons: true,
      efforts: ["minimal", "low", "medium", "high"],
      refuses: sampling,
      completionTokens: true,
    },
    {
      pattern: /^o\d(-mini)?(-|$)/,
      reasons: true,
      efforts: ["low", "medium", "high"],
      refuses: sampling,
      completionTokens: true,
    },
    { pattern: /^(gpt-4|gpt-3\.5|chatgpt-4o)/, reasons: false },
    { pattern: /^deepseek-reasoner/, reasons: false, refuses: ["logprobs", "top_logprobs"] },
    { pattern: /^deepseek-chat/, reasons: false },
  ];
})();

const familyOf = (model: string) => families.find((family) => family.pattern.test(model));

/** Every JSON Schema a request carries: function parameters and the structured-output schema. */
function schemasOf(body: Record<string, unknown>): { schema: unknown; path: string }[] {
  const schemas = objectsOf(body.tools).flatMap((tool, index) => {
    const fn = objectOf(tool.function);
    return fn ? [{ schema: fn.parameters, path: `/tools/${index}/function/parameters` }] : [];
  });
  const format = objectOf(body.response_format);
  const jsonSchema = objectOf(format?.json_schema);
  if (format?.type === "json_schema" && jsonSchema)
    schemas.push({ schema: jsonSchema.schema, path: "/response_format/json_schema/schema" });
  return schemas;
}

/**
 * The documented constraints of the chat-completions API beyond its vendor schema (which the
 * validator checks too: ranges, `stop` at most 4, enums), each with its source and what the gateway
 * does with a request from another format that breaks it.
 */
export const chatCompletionsBackendRules: readonly BackendRule[] = [
  {
    rule: "top_logprobs needs logprobs true",
    source: `${spec} (CreateChatCompletionRequest.top_logprobs: "logprobs must be set to true if this parameter is used")`,
    gateway: "turns logprobs on (`approximated` when it was off)",
    check: ({ body }) =>
      unless(
        body.top_logprobs === undefined || body.logprobs === true,
        () => `logprobs ${String(body.logprobs)}`,
      ),
  },
  {
    rule: "a model that does not reason takes no reasoning_effort; one that does takes only its family's efforts",
    source: `${reasoningGuide}; platform.openai.com/docs/guides/latest-model (gpt-5: minimal to high; gpt-5.1: none to high; later: none to xhigh; o-series: low to high)`,
    gateway: "drops the effort, or sends the nearest the family takes (`dropped` / `approximated`)",
    check({ model, body }) {
      const effort = body.reasoning_effort;
      const family = familyOf(model);
      if (effort === undefined || family === undefined) return [];
      if (!family.reasons) return [`${model} takes no reasoning_effort (${String(effort)})`];
      return unless(
        family.efforts === undefined || family.efforts.includes(effort as string),
        () => `${model} takes no effort ${String(effort)}`,
      );
    },
  },
  {
    rule: "a reasoning model refuses sampling settings, penalties, logprobs and logit_bias (gpt-5.1 and later take them with effort none); deepseek-reasoner refuses logprobs",
    source: `${reasoningGuide}; ${deepseekGuide} ("setting logprobs or top_logprobs will trigger an error")`,
    gateway: "leaves them out (`dropped`)",
    check({ model, body }) {
      const family = familyOf(model);
      if (!family?.refuses) return [];
      if (family.samplingEfforts?.includes(body.reasoning_effort as string)) return [];
      return family.refuses.filter((field) => body[field] !== undefined).map((field) => `${model}: ${field}`);
    },
  },
  {
    rule: "a reasoning model takes its output limit as max_completion_tokens, not max_tokens",
    source: `${spec} (max_tokens: "not compatible with o-series models"); ${reasoningGuide}`,
    gateway: "sends the limit as max_completion_tokens (no loss)",
    check: ({ model, body }) =>
      unless(
        !familyOf(model)?.completionTokens || body.max_tokens === undefined,
        () => `${model}: max_tokens`,
      ),
  },
  {
    rule: "every assistant tool call is answered by a tool message with its id before the next turn, and every tool message answers a call",
    source:
      "platform.openai.com/docs/guides/function-calling; the API answers \"An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'\" and \"Messages with role 'tool' must be a response to a preceding message with 'tool_calls'\"",
    gateway:
      "answers an unanswered call with an error result, leaves out results of no call (`approximated` / `dropped`)",
    check({ body }) {
      const problems: string[] = [];
      let pending = new Set<unknown>();
      objectsOf(body.messages).forEach((message, index) => {
        if (message.role === "tool") {
          if (!pending.delete(message.tool_call_id))
            problems.push(`/messages/${index}: result for ${String(message.tool_call_id)} answers no call`);
          return;
        }
        for (const id of pending)
          problems.push(`/messages/${index}: call ${String(id)} has no result before it`);
        pending = new Set(objectsOf(message.tool_calls).map((call) => call.id));
      });
      for (const id of pending) problems.push(`call ${String(id)} has no result`);
      return problems;
    },
  },
  {
    rule: "function names are 1 to 64 of a-z, A-Z, 0-9, _ and -",
    source: `${spec} (FunctionObject.name: "Must be a-z, A-Z, 0-9, or contain underscores and dashes, with a maximum length of 64")`,
    gateway:
      "renames the function (other characters `_`, cut to 64, `_2`… on collision) and names it back in answers and streams (`approximated`)",
    check: ({ body }) =>
      objectsOf(body.tools).flatMap((tool, index) => {
        const name = objectOf(tool.function)?.name;
        return name === undefined
          ? []
          : unless(
              /^[A-Za-z0-9_-]{1,64}$/.test(name as string),
              () => `/tools/${index}/function/name: ${String(name)}`,
            );
      }),
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
];
