/**
 * Prompts a chat model listed: a JSON array of strings (or `{ "prompts": [...] }`, optionally in a
 * code fence), else one per line with list markers (`1.`, `-`, `1️⃣`) removed. Empty ones are left out.
 */
export function parsePromptList(text: string): string[] {
  const trimmed = text.trim().replace(/^```(?:json)?\s*|\s*```$/g, "");
  try {
    const parsed: unknown = JSON.parse(trimmed);
    const list = Array.isArray(parsed) ? parsed : (parsed as { prompts?: unknown })?.prompts;
    if (Array.isArray(list))
      return list.filter((item): item is string => typeof item === "string" && item.trim() !== "");
  } catch {
    // not JSON: one prompt per line
  }
  return trimmed
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(?:\d+[.)]|[-*]|\d️⃣)\s*/, "").trim())
    .filter((line) => line !== "");
}
