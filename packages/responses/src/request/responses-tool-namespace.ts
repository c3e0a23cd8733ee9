import type { ChatRequest, Tool } from "@interlingua/core";
import { responsesExtensions, type WireObject } from "../responses-extensions";

/**
 * `namespace` tools: a group of function tools under one name (Codex CLI sends each MCP server's
 * tools, and its own agent tools, this way), called with `{ namespace, name }`. Formats without
 * groups see each member as a function tool named `<namespace>__<name>`; the member keeps the group
 * (`extensions.responses.namespace`, the group's own fields without `tools`) so the responses
 * encoder regroups the tools and splits the calls' names again.
 */
const separator = "__";

/** The canonical name of a member of a namespace. */
export function namespacedToolName(namespace: string, name: string): string {
  return `${namespace}${separator}${name}`;
}

/** The group a canonical tool was a member of, if any. */
export function toolNamespace(tool: Tool): WireObject | undefined {
  const namespace = responsesExtensions(tool)?.namespace;
  return typeof namespace === "object" && namespace !== null ? (namespace as WireObject) : undefined;
}

/** A member's own name: its canonical name without the `<namespace>__` prefix. */
export function memberName(namespace: string, name: string): string {
  const prefix = `${namespace}${separator}`;
  return name.startsWith(prefix) ? name.slice(prefix.length) : name;
}

/**
 * The namespace a call of the canonical tool `name` goes to, from the request being answered:
 * the group of the function tool of that name, if it was a member of one.
 */
export function namespaceOfCall(name: string, request: ChatRequest | undefined): string | undefined {
  for (const tool of request?.tools ?? []) {
    if (tool.type !== "function" || tool.name !== name) continue;
    const group = toolNamespace(tool)?.name;
    return typeof group === "string" ? group : undefined;
  }
  return undefined;
}

/**
 * Encoded tools with the members of each namespace put back into their group: consecutive tools
 * of the same group become one `namespace` tool holding them, under their own names.
 */
export function regroupNamespaces(encoded: { tool: Tool; wire: WireObject }[]): WireObject[] {
  const tools: WireObject[] = [];
  let open: { name: unknown; group: WireObject; members: WireObject[] } | undefined;
  for (const { tool, wire } of encoded) {
    const namespace = toolNamespace(tool);
    const { namespace: _group, ...member } = wire;
    if (namespace === undefined) {
      open = undefined;
      tools.push(wire);
      continue;
    }
    if (open === undefined || open.name !== namespace.name) {
      open = { name: namespace.name, group: { type: "namespace", ...namespace, tools: [] }, members: [] };
      open.group.tools = open.members;
      tools.push(open.group);
    }
    if (typeof member.name === "string" && typeof namespace.name === "string")
      member.name = memberName(namespace.name, member.name);
    open.members.push(member);
  }
  return tools;
}
