/**
 * The Vertex AI dialect streams function-call arguments as `partialArgs`: each item names a
 * `jsonPath` (`$.location`, `$.items[0].name`) and a value (`stringValue`, `numberValue`,
 * `boolValue`, `nullValue`); string values for the same path arrive in pieces to be joined.
 */
export interface GenerateContentPartialArgument {
  jsonPath?: string;
  stringValue?: string;
  numberValue?: number;
  boolValue?: boolean;
  nullValue?: unknown;
  willContinue?: boolean;
}

const pathToken = /\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]/g;

/** Applies one partial argument to the arguments object built so far. */
export function applyGenerateContentPartialArgument(
  args: Record<string, unknown>,
  partial: GenerateContentPartialArgument,
): void {
  if (typeof partial.jsonPath !== "string" || !partial.jsonPath.startsWith("$")) return;
  const tokens: (string | number)[] = [];
  for (const match of partial.jsonPath.slice(1).matchAll(pathToken))
    tokens.push(match[2] !== undefined ? Number(match[2]) : (match[1] ?? match[3]!));
  if (tokens.length === 0) return;
  let parent: Record<string | number, unknown> = args;
  for (let index = 0; index < tokens.length - 1; index++) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    if (typeof parent[token] !== "object" || parent[token] === null)
      parent[token] = typeof next === "number" ? [] : {};
    parent = parent[token] as Record<string | number, unknown>;
  }
  const last = tokens[tokens.length - 1]!;
  if (partial.stringValue !== undefined) {
    const existing = parent[last];
    parent[last] = typeof existing === "string" ? existing + partial.stringValue : partial.stringValue;
  } else if (partial.numberValue !== undefined) parent[last] = partial.numberValue;
  else if (partial.boolValue !== undefined) parent[last] = partial.boolValue;
  else if ("nullValue" in partial) parent[last] = null;
}
