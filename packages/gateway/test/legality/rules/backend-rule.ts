/** A request as a backend receives it: the model it is for and the JSON body. */
export interface BackendRequest {
  /** The model the request is for (the body's, or the URL's for generate-content). */
  model: string;
  /** The request body. */
  body: Record<string, unknown>;
}

/**
 * One documented constraint of a backend API, written as a check apart from the gateway's legality
 * code (a test written apart from the code catches its mistakes).
 */
export interface BackendRule {
  /** What the API requires, in a few words. */
  rule: string;
  /** The vendor document the rule comes from. */
  source: string;
  /** What the gateway does with another format's request that breaks the rule (docs/compatibility.md). */
  gateway: string;
  /** Problems of a request against the rule: empty when it holds. */
  check(request: BackendRequest): string[];
}

/** A JSON object, or undefined for anything else. */
export function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** An array of JSON objects (others left out), or empty for anything else. */
export function objectsOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.flatMap((item) => objectOf(item) ?? []) : [];
}

/** A problem line when `holds` is false. */
export function unless(holds: boolean, problem: () => string): string[] {
  return holds ? [] : [problem()];
}

/**
 * Every schema object inside a JSON Schema or Gemini Schema, with its JSON pointer: the root, and
 * the schemas under `properties`, `items`, `prefixItems`, `anyOf`, `oneOf`, `allOf`, `not`,
 * `additionalProperties`, `$defs` and `definitions`.
 */
export function schemaNodes(schema: unknown, path: string): [Record<string, unknown>, string][] {
  const node = objectOf(schema);
  if (!node) return [];
  const nodes: [Record<string, unknown>, string][] = [[node, path]];
  for (const key of ["properties", "$defs", "definitions"]) {
    const children = objectOf(node[key]) ?? {};
    for (const [name, child] of Object.entries(children))
      nodes.push(...schemaNodes(child, `${path}/${key}/${name}`));
  }
  for (const key of ["anyOf", "oneOf", "allOf", "prefixItems"])
    if (Array.isArray(node[key]))
      (node[key] as unknown[]).forEach((child, index) => {
        nodes.push(...schemaNodes(child, `${path}/${key}/${index}`));
      });
  for (const key of ["items", "not", "additionalProperties"])
    nodes.push(...schemaNodes(node[key], `${path}/${key}`));
  return nodes;
}
