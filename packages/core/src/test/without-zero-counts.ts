/**
 * A usage object without its counts of 0 (nested detail objects included, and those left empty):
 * for the loss detector, a count of 0 says no such tokens, which a format without the count says
 * too (docs/architecture.md, normalisations).
 */
export function withoutZeroCounts(usage: unknown): unknown {
  if (typeof usage !== "object" || usage === null || Array.isArray(usage)) return usage;
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(usage)) {
    if (value === 0) continue;
    const kept = withoutZeroCounts(value);
    if (typeof kept === "object" && kept !== null && !Array.isArray(kept) && Object.keys(kept).length === 0)
      continue;
    result[key] = kept;
  }
  return result;
}

/**
 * A whole answer whose usage (at `key`) is read by {@link withoutZeroCounts}; a usage of nothing
 * else is left out, as an absent one.
 */
export function answerWithoutZeroCounts(answer: unknown, key: string): unknown {
  if (typeof answer !== "object" || answer === null) return answer;
  const { [key]: usage, ...rest } = answer as Record<string, unknown>;
  if (usage === undefined || usage === null) return answer;
  const counts = withoutZeroCounts(usage);
  return typeof counts === "object" && counts !== null && Object.keys(counts).length === 0
    ? rest
    : { ...rest, [key]: counts };
}
