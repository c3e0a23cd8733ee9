import type { ExtraRule } from "./strict-upstream";

/**
 * Gemini 3 refuses a request whose current turn has a function call without its thought signature
 * (ai.google.dev/gemini-api/docs/thought-signatures: "missing thought signatures on function calls
 * in the current turn results in a 400 error").
 */
export const currentTurnCallsSigned: ExtraRule = ({ request }) => {
  const lastUserText = request.messages.findLastIndex(
    (message) => message.role === "user" && message.parts.some((part) => part.type === "text"),
  );
  for (const message of request.messages.slice(lastUserText + 1))
    for (const part of message.parts)
      if (part.type === "tool-call" && part.signature?.format !== "generate-content")
        return `Function call is missing a thought_signature in functionCall parts (${part.name})`;
  return undefined;
};

/**
 * With thinking on, the assistant turn of the latest tool calls must start with its thinking block
 * (platform.claude.com/docs/en/build-with-claude/extended-thinking, "Preserving thinking blocks").
 */
export const toolTurnStartsWithThinking: ExtraRule = ({ request }) => {
  if (request.reasoning?.enabled !== true) return undefined;
  const turn = request.messages.findLast(
    (message) => message.role === "assistant" && message.parts.some((part) => part.type === "tool-call"),
  );
  if (turn && turn.parts[0]?.type !== "reasoning")
    return "Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block.";
  return undefined;
};

/**
 * Claude Opus 4.1, Sonnet and Haiku 4.5 and later refuse `temperature` beside `top_p` (the API
 * answers "`temperature` and `top_p` cannot both be specified for this model"; Claude Code's default
 * model is one of them).
 */
export const oneSamplingSettingOnNewClaude: ExtraRule = ({ request }) => {
  const newer = /^claude-(opus-4-[1-9]|(sonnet|haiku|opus)-4-[5-9]|(sonnet|haiku|opus)-[5-9])/.test(
    request.model,
  );
  if (newer && request.temperature !== undefined && request.topP !== undefined)
    return "`temperature` and `top_p` cannot both be specified for this model. Please use only one.";
  return undefined;
};

const jsonSchemaTypes = new Set(["string", "number", "integer", "boolean", "object", "array", "null"]);

/** The first `type` in a JSON Schema (or one nested in it) that names no JSON Schema type. */
function badSchemaType(schema: unknown, path: string): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const node = schema as Record<string, unknown>;
  const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
  for (const type of types)
    if (!jsonSchemaTypes.has(type as string)) return `${path}/type: ${JSON.stringify(type)}`;
  const children: [string, unknown][] = [];
  for (const keyword of ["items", "additionalProperties", "not"]) children.push([keyword, node[keyword]]);
  for (const keyword of ["anyOf", "oneOf", "allOf", "prefixItems"])
    if (Array.isArray(node[keyword]))
      for (const [index, child] of (node[keyword] as unknown[]).entries())
        children.push([`${keyword}/${index}`, child]);
  for (const keyword of ["properties", "$defs", "definitions"])
    for (const [name, child] of Object.entries((node[keyword] as Record<string, unknown> | undefined) ?? {}))
      children.push([`${keyword}/${name}`, child]);
  for (const [where, child] of children) {
    const found = badSchemaType(child, `${path}/${where}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * Tool and output schemas are JSON Schema, whose `type` names are lower case (json-schema.org,
 * "type"); the messages and responses APIs refuse a schema that is not valid JSON Schema.
 */
export const schemasAreJsonSchema: ExtraRule = ({ request }) => {
  const schemas: [string, unknown][] = (request.tools ?? []).flatMap((tool) =>
    tool.type === "function" ? [[`tool ${tool.name}`, tool.inputSchema] as [string, unknown]] : [],
  );
  if (request.outputFormat?.type === "json-schema")
    schemas.push(["output format", request.outputFormat.schema]);
  for (const [what, schema] of schemas) {
    const bad = badSchemaType(schema, "");
    if (bad) return `Invalid JSON Schema in the ${what}: ${bad} is not a JSON Schema type`;
  }
  return undefined;
};
