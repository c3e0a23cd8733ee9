/** A copy of `body` with only the named fields that it has (a count endpoint's accepted fields). */
export function pickFields(body: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of names) if (body[name] !== undefined) picked[name] = body[name];
  return picked;
}
