/**
 * The hosted tools' step prefixes (`google_search` in `google_search_call` /
 * `google_search_result`) by the canonical hosted-tool name their calls and results carry, for
 * those with a canonical name; any other prefix is used as the name itself.
 */
const canonicalByPrefix: Record<string, string> = {
  google_search: "web_search",
  url_context: "url_context",
  file_search: "file_search",
  code_execution: "code_execution",
};

/** The canonical hosted-tool name of a step prefix. */
export function hostedToolOfStepPrefix(prefix: string): string {
  return canonicalByPrefix[prefix] ?? prefix;
}
