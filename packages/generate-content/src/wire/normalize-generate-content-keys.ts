/**
 * Request bodies may spell fields in snake_case (the server's parser accepts proto field names):
 * `inline_data`, `system_instruction`, ... This module renames them to lowerCamel once, before
 * validation, and remembers where the caller used snake_case so the encoder can spell them the
 * caller's way again (a lossless round trip). Objects without snake_case keys are not copied.
 *
 * Values that are free-form JSON (function arguments and results, schema examples and defaults,
 * raw JSON Schemas, metadata) and the names under `properties` are left exactly as they are.
 */

/** Fields whose value is caller data, never renamed inside. */
const freeFormFields = new Set([
  "args",
  "example",
  "default",
  "parametersJsonSchema",
  "responseJsonSchema",
  "_responseJsonSchema",
  "partMetadata",
  "labels",
]);

/** The result of {@link normalizeGenerateContentKeys}. */
export interface NormalizedKeys {
  /** The value with lowerCamel keys (the input itself when nothing was renamed). */
  value: unknown;
  /**
   * JSON pointers of the renamed keys, parents before children: the parent path in lowerCamel,
   * the last token as the caller spelled it (`/contents/0/parts/1/inline_data`).
   */
  snakeCaseKeys: string[];
}

/** Renames snake_case keys of a request body to lowerCamel; see the module comment. */
export function normalizeGenerateContentKeys(value: unknown): NormalizedKeys {
  const snakeCaseKeys: string[] = [];
  return { value: normalize(value, [], undefined, snakeCaseKeys), snakeCaseKeys };
}

/** The JSON pointer of `tokens` (built only when a key is renamed, which is rare). */
function pointerOf(tokens: readonly (string | number)[]): string {
  let path = "";
  for (const token of tokens) path += `/${String(token).replaceAll("~", "~0").replaceAll("/", "~1")}`;
  return path;
}

/** `path` is the stack of reference tokens to `value`, pushed and popped in place. */
function normalize(
  value: unknown,
  path: (string | number)[],
  parentKey: string | undefined,
  renamed: string[],
): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index++) {
      const item = value[index];
      if (typeof item !== "object" || item === null) continue;
      path.push(index);
      const normalized = normalize(item, path, parentKey, renamed);
      path.pop();
      if (normalized !== item) {
        copy ??= value.slice();
        copy[index] = normalized;
      }
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | undefined;
  const object = value as Record<string, unknown>;
  for (const key in object) {
    const camel = key.includes("_") && key[0] !== "_" ? toCamelCase(key) : key;
    if (camel !== key) renamed.push(`${pointerOf(path)}/${key}`);
    const item = object[key];
    let normalized = item;
    if (typeof item === "object" && item !== null && !isFreeForm(camel, parentKey)) {
      path.push(camel);
      normalized =
        camel === "properties" && !Array.isArray(item)
          ? normalizeProperties(item as Record<string, unknown>, path, renamed)
          : normalize(item, path, camel, renamed);
      path.pop();
    }
    if (camel !== key || normalized !== item) {
      copy ??= copyKeysBefore(object, key);
      copy[camel] = normalized;
    } else if (copy) {
      copy[key] = item;
    }
  }
  return copy ?? value;
}

/** Schema `properties`: the names are caller data, the values are schemas. */
function normalizeProperties(
  properties: Record<string, unknown>,
  path: (string | number)[],
  renamed: string[],
) {
  let copy: Record<string, unknown> | undefined;
  for (const name in properties) {
    const schema = properties[name];
    path.push(name);
    const normalized = normalize(schema, path, "properties", renamed);
    path.pop();
    if (normalized !== schema) copy ??= { ...properties };
    if (copy) copy[name] = normalized;
  }
  return copy ?? properties;
}

function isFreeForm(key: string, parentKey: string | undefined): boolean {
  return freeFormFields.has(key) || (key === "response" && parentKey === "functionResponse");
}

function copyKeysBefore(object: Record<string, unknown>, stop: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in object) {
    if (key === stop) break;
    copy[key] = object[key];
  }
  return copy;
}

function toCamelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/**
 * Spells keys of an encoded body the caller's way again: for each pointer recorded by
 * {@link normalizeGenerateContentKeys}, children first, renames the lowerCamel key back. The body
 * is one the encoder just built, so it is changed in place.
 */
export function restoreSnakeCaseKeys(body: Record<string, unknown>, snakeCaseKeys: readonly string[]): void {
  for (let index = snakeCaseKeys.length - 1; index >= 0; index--) {
    const tokens = snakeCaseKeys[index]!.slice(1).split("/").map(unescapeToken);
    const snake = tokens.pop()!;
    let parent: unknown = body;
    for (const token of tokens)
      parent =
        parent === undefined || parent === null ? undefined : (parent as Record<string, unknown>)[token];
    if (typeof parent !== "object" || parent === null) continue;
    const object = parent as Record<string, unknown>;
    const camel = toCamelCase(snake);
    if (camel in object) {
      object[snake] = object[camel];
      delete object[camel];
    }
  }
}

function unescapeToken(token: string): string {
  return token.replaceAll("~1", "/").replaceAll("~0", "~");
}
