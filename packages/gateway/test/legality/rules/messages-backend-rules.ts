import { type BackendRule, objectOf, objectsOf, schemaNodes, unless } from "./backend-rule";

const thinkingGuide = "platform.claude.com/docs/en/build-with-claude/extended-thinking";
const apiReference = "platform.claude.com/docs/en/api/messages";
const jsonTypes = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

const thinkingOn = (body: Record<string, unknown>) => objectOf(body.thinking)?.type === "enabled";
const blocksOf = (turn: Record<string, unknown>) => objectsOf(turn.content);

/**
 * Documented constraints of the messages API that its vendor schema does not state, each with its
 * source: what a request from another format must hold to when it reaches a messages backend.
 */
export const messagesBackendRules: readonly BackendRule[] = [
  {
    rule: "temperature is within 0 and 1",
    source: `${apiReference} (temperature: "Ranges from 0.0 to 1.0")`,
    gateway: "sends a higher value as 1 (`approximated`)",
    check: ({ body }) =>
      unless(
        body.temperature === undefined ||
          ((body.temperature as number) >= 0 && (body.temperature as number) <= 1),
        () => `temperature ${body.temperature}`,
      ),
  },
  {
    rule: "thinking.budget_tokens is at least 1024 and below max_tokens",
    source: `${apiReference} (ThinkingConfigEnabled.budget_tokens: "Must be ≥1024 and less than max_tokens")`,
    gateway:
      "raises a smaller budget to 1024; raises `max_tokens` above the budget when the caller set none, else halves the budget or turns thinking off (`approximated` / `dropped`)",
    check({ body }) {
      const thinking = objectOf(body.thinking);
      if (thinking?.type !== "enabled") return [];
      const budget = thinking.budget_tokens as number;
      return unless(
        budget >= 1024 && budget < (body.max_tokens as number),
        () => `budget_tokens ${budget} with max_tokens ${body.max_tokens}`,
      );
    },
  },
  {
    rule: "with thinking on, temperature is 1 or unset, top_k is unset, top_p is within 0.95 and 1",
    source: `${thinkingGuide} ("Feature compatibility")`,
    gateway: "drops `temperature` and `top_k`, raises `top_p` to 0.95 (`dropped` / `approximated`)",
    check({ body }) {
      if (!thinkingOn(body)) return [];
      return [
        ...unless(
          body.temperature === undefined || body.temperature === 1,
          () => `temperature ${body.temperature}`,
        ),
        ...unless(body.top_k === undefined, () => `top_k ${body.top_k}`),
        ...unless(
          body.top_p === undefined || ((body.top_p as number) >= 0.95 && (body.top_p as number) <= 1),
          () => `top_p ${body.top_p}`,
        ),
      ];
    },
  },
  {
    rule: "with thinking on, tool use is not forced (tool_choice auto or none)",
    source: `${thinkingGuide} ("Tool use with thinking only supports tool_choice auto or none")`,
    gateway: "sends forced tool use as `auto` (`approximated`)",
    check({ body }) {
      const type = objectOf(body.tool_choice)?.type;
      return unless(
        !thinkingOn(body) || type === undefined || type === "auto" || type === "none",
        () => `tool_choice ${type}`,
      );
    },
  },
  {
    rule: "with thinking on, the assistant turn of the latest tool calls starts with its thinking",
    source: `${thinkingGuide} ("Preserving thinking blocks")`,
    gateway: "turns thinking off for the request when the history's thinking did not come back (`dropped`)",
    check({ body }) {
      if (!thinkingOn(body)) return [];
      const turns = objectsOf(body.messages);
      const calling = turns.findLast(
        (turn) => turn.role === "assistant" && blocksOf(turn).some((block) => block.type === "tool_use"),
      );
      const first = calling && blocksOf(calling)[0]?.type;
      return unless(
        calling === undefined || first === "thinking" || first === "redacted_thinking",
        () => `the latest tool-calling turn starts with ${String(first)}`,
      );
    },
  },
  {
    rule: "Claude Opus 4.1, Sonnet and Haiku 4.5 and later models take temperature or top_p, not both",
    source:
      'the API answers "`temperature` and `top_p` cannot both be specified for this model. Please use only one." (github.com/BerriAI/litellm/issues/15097, github.com/open-webui/pipelines/pull/546)',
    gateway: "drops `top_p` (`dropped`)",
    check({ model, body }) {
      const later =
        /^claude-(opus-4-([1-9]|[1-9]\d)|(sonnet|haiku)-4-([5-9]|[1-9]\d)|(opus|sonnet|haiku)-([5-9]|[1-9]\d))($|-|@)/;
      return unless(
        !later.test(model) || body.temperature === undefined || body.top_p === undefined,
        () => `temperature and top_p both sent to ${model}`,
      );
    },
  },
  {
    rule: "tool_choice only beside tools",
    source: `${apiReference} (the API answers "tool_choice may only be specified while providing tools")`,
    gateway: "drops the tool choice (`dropped`)",
    check: ({ body }) =>
      unless(
        body.tool_choice === undefined || (Array.isArray(body.tools) && body.tools.length > 0),
        () => "tool_choice without tools",
      ),
  },
  {
    rule: "every tool_use is answered in the next user turn, and every tool_result answers the previous assistant turn",
    source:
      'platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use (tool results immediately follow their tool uses; the API answers "tool_use ids were found without tool_result blocks immediately after")',
    gateway:
      "answers an unanswered call with an error result, leaves out results of no call (`approximated` / `dropped`)",
    check({ body }) {
      const turns = objectsOf(body.messages);
      return turns.flatMap((turn, index) => {
        const results = new Set(
          blocksOf(turn).flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : [])),
        );
        const previous = turns[index - 1];
        const calls = new Set(
          previous?.role === "assistant"
            ? blocksOf(previous).flatMap((block) => (block.type === "tool_use" ? [block.id] : []))
            : [],
        );
        const next = turns[index + 1];
        const answered = new Set(
          next?.role === "user"
            ? blocksOf(next).flatMap((block) => (block.type === "tool_result" ? [block.tool_use_id] : []))
            : [],
        );
        const problems = [...results]
          .filter((id) => !calls.has(id))
          .map(
            (id) => `/messages/${index}: tool_result ${String(id)} answers no tool_use of the turn before`,
          );
        if (turn.role === "assistant")
          for (const block of blocksOf(turn))
            if (block.type === "tool_use" && !answered.has(block.id))
              problems.push(
                `/messages/${index}: tool_use ${String(block.id)} has no tool_result in the next turn`,
              );
        return problems;
      });
    },
  },
  {
    rule: "tool input schemas and the output schema use JSON Schema's lower-case type names",
    source:
      "platform.claude.com/docs/en/agents-and-tools/tool-use/implement-tool-use (input_schema is JSON Schema)",
    gateway: "sends a generate-content caller's Schema as JSON Schema with lower-case types (no loss)",
    check({ body }) {
      const schemas: (readonly [unknown, string])[] = objectsOf(body.tools).map(
        (tool, index) => [tool.input_schema, `/tools/${index}/input_schema`] as const,
      );
      const format = objectOf(objectOf(body.output_config)?.format);
      if (format) schemas.push([format.schema, "/output_config/format/schema"]);
      return schemas.flatMap(([schema, path]) =>
        schemaNodes(schema, path).flatMap(([node, at]) => {
          const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
          return types
            .filter((type) => !jsonTypes.has(type as string))
            .map((type) => `${at}: type ${String(type)}`);
        }),
      );
    },
  },
];
