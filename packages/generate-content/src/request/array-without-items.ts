import type { OpenApiSchema } from "@interlingua/core";

/**
 * Where a function's `parameters` (the `Schema` subset) has an ARRAY without `items`, which the API
 * refuses ("GenerateContentRequest.tools[0].function_declarations[3].parameters.properties[tags].items:
 * missing field", github.com/kkrishnan90/gemini-desktop/pull/7): the first such schema's path in
 * the caller's dotted form (`.properties.tags`, `""` for the root), or undefined when there is none.
 */
export function arrayWithoutItems(schema: OpenApiSchema, path = ""): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  if (String(schema.type).toUpperCase() === "ARRAY" && schema.items === undefined) return path;
  const inner: [string, OpenApiSchema][] = [
    ...Object.entries(schema.properties ?? {}).map(([name, child]): [string, OpenApiSchema] => [
      `${path}.properties.${name}`,
      child,
    ]),
    ...(schema.items ? [[`${path}.items`, schema.items] as [string, OpenApiSchema]] : []),
    ...((schema.anyOf as OpenApiSchema[] | undefined) ?? []).map((child, index): [string, OpenApiSchema] => [
      `${path}.anyOf.${index}`,
      child,
    ]),
  ];
  for (const [at, child] of inner) {
    const found = arrayWithoutItems(child, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
