import type { Usage } from "../model/usage";

/** Usage `update` laid over `base`: each count `update` reports replaces the earlier one. */
export function mergeUsage(base: Usage | undefined, update: Usage | undefined): Usage {
  if (!update) return base ?? {};
  if (!base) return update;
  const merged: Usage = { ...base };
  for (const key of Object.keys(update) as (keyof Usage)[]) {
    const value = update[key];
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  return merged;
}
