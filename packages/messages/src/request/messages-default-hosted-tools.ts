/**
 * The version and tool name used for a hosted tool of another format: the tool a request that
 * names no version means. A messages tool of this version decodes with no `version`, as the tool
 * itself; another version is kept, and reported where another format cannot take it.
 */
export const defaultHostedTools: Partial<Record<string, { type: string; name: string }>> = {
  computer: { type: "computer_20250124", name: "computer" },
  bash: { type: "bash_20250124", name: "bash" },
  text_editor: { type: "text_editor_20250728", name: "str_replace_based_edit_tool" },
  web_search: { type: "web_search_20250305", name: "web_search" },
  code_execution: { type: "code_execution_20250825", name: "code_execution" },
};
