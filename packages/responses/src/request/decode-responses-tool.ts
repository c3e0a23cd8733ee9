import { noParametersSchema, pointer, readUserLocation, type Tool } from "@interlingua/core";
import {
  isWireObject,
  remainingFields,
  responsesExtensions,
  type WireObject,
  withResponsesExtensions,
} from "../responses-extensions";
import { namespacedToolName } from "./responses-tool-namespace";

/** A ranking_options object with its keys in camelCase. */
function camelCaseKeys(object: WireObject): WireObject {
  const result: WireObject = {};
  for (const key in object)
    result[key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())] = object[key];
  return result;
}

/**
 * The request's tools as canonical tools: each as {@link decodeResponsesTool}, and a `namespace`
 * group as its members, function tools named `<namespace>__<name>` that remember their group.
 */
export function decodeResponsesTools(tools: WireObject[]): Tool[] {
  return tools.flatMap((tool) => {
    if (!isNamespaceGroup(tool)) return [decodeResponsesTool(tool)];
    const { tools: members, ...group } = tool;
    return (members as WireObject[]).map((member) => {
      const decoded = decodeResponsesTool(member);
      if (decoded.type === "function") decoded.name = namespacedToolName(tool.name as string, decoded.name);
      return withResponsesExtensions(decoded, { ...responsesExtensions(decoded), namespace: group });
    });
  });
}

/** Whether a request tool is a `namespace` group that {@link decodeResponsesTools} flattens. */
const isNamespaceGroup = (tool: WireObject): boolean =>
  tool.type === "namespace" && typeof tool.name === "string" && Array.isArray(tool.tools);

/**
 * Where each tool {@link decodeResponsesTools} gives came from, in its order: the tool's pointer
 * (`<base>/<i>`, a namespace member's `<base>/<i>/tools/<j>`), and a member's group. A member that is
 * not a function (whose name does not carry the group, and which another format reports whole) also
 * stands for its group (`node`).
 */
export function decodedToolSources(
  tools: WireObject[],
  base = "/tools",
): { source: string; group?: string; node?: string }[] {
  return tools.flatMap((tool, index) => {
    const source = pointer(base, index);
    if (!isNamespaceGroup(tool)) return [{ source }];
    return (tool.tools as WireObject[]).map((member, position) => ({
      source: pointer(source, "tools", position),
      group: source,
      ...(member?.type !== "function" && { node: source }),
    }));
  });
}

/**
 * A request tool as a canonical tool. `function` becomes a function tool (`parameters` as input
 * schema, `null` as {@link noParametersSchema}; `strict` kept, an unstated one marked
 * `strictByDefault`, a caller field other formats report: OpenAI's function-calling guide, "If you
 * omit `strict`, ... Responses requests will attempt to normalize your schema into strict mode
 * when possible", which no other format's backend does); `file_search`, `web_search` and `web_search_preview` (any spelling but
 * `web_search_preview` is kept as `version`; allowed domains are `filters.allowed_domains` in the
 * first, `domains` in the second) and `computer_use_preview` become hosted tools with camelCase settings. Any other
 * tool type is a hosted tool of kind `other` carrying the whole tool in `extensions.responses.raw`.
 */
export function decodeResponsesTool(tool: WireObject): Tool {
  switch (tool.type) {
    case "function": {
      const consumed = ["type", "name"];
      const decoded: Tool = { type: "function", name: tool.name as string, inputSchema: {} };
      if (typeof tool.description === "string") {
        decoded.description = tool.description;
        consumed.push("description");
      }
      if (tool.parameters !== null && typeof tool.parameters === "object") {
        decoded.inputSchema = tool.parameters as Record<string, unknown>;
        consumed.push("parameters");
      } else if (tool.parameters === null) {
        // No parameters (the `null` itself stays in the extensions, for an exact echo).
        decoded.inputSchema = { ...noParametersSchema, properties: {} };
      }
      if (typeof tool.strict === "boolean") {
        decoded.strict = tool.strict;
        consumed.push("strict");
      }
      const rest = remainingFields(tool, consumed);
      // Unstated strictness (omitted or null): the service's own default, which no other format has.
      return withResponsesExtensions(
        decoded,
        typeof tool.strict === "boolean" ? rest : { ...rest, strictByDefault: true },
      );
    }
    case "file_search": {
      const settings: WireObject = { vectorStoreIds: tool.vector_store_ids };
      const consumed = ["type", "vector_store_ids"];
      if (tool.max_num_results !== undefined) {
        settings.maxNumResults = tool.max_num_results;
        consumed.push("max_num_results");
      }
      if (tool.ranking_options !== undefined && tool.ranking_options !== null) {
        settings.rankingOptions = camelCaseKeys(tool.ranking_options as WireObject);
        consumed.push("ranking_options");
      }
      if (tool.filters !== undefined && tool.filters !== null) {
        settings.filters = tool.filters;
        consumed.push("filters");
      }
      return withResponsesExtensions<Tool>(
        { type: "hosted", kind: "file_search", settings },
        remainingFields(tool, consumed),
      );
    }
    case "web_search":
    case "web_search_2025_08_26":
    case "web_search_preview":
    case "web_search_preview_2025_03_11": {
      const settings: WireObject = {};
      const consumed = ["type"];
      const filters = tool.filters as WireObject | null | undefined;
      if (
        isWireObject(filters) &&
        Object.keys(filters).length === 1 &&
        Array.isArray(filters.allowed_domains)
      ) {
        settings.allowedDomains = filters.allowed_domains;
        consumed.push("filters");
      }
      if (typeof tool.search_context_size === "string") {
        settings.searchContextSize = tool.search_context_size;
        consumed.push("search_context_size");
      }
      // A location with a field no format defines stays whole in this format's extensions.
      const location = isWireObject(tool.user_location) ? readUserLocation(tool.user_location) : undefined;
      if (location !== undefined && location.unread.length === 0) {
        settings.userLocation = location.location;
        consumed.push("user_location");
      }
      if (Array.isArray(tool.domains)) {
        settings.allowedDomains = tool.domains;
        consumed.push("domains");
      }
      const decoded: Tool = { type: "hosted", kind: "web_search", settings };
      if (tool.type !== "web_search_preview") decoded.version = tool.type;
      return withResponsesExtensions(decoded, remainingFields(tool, consumed));
    }
    case "computer_use_preview":
      return withResponsesExtensions<Tool>(
        {
          type: "hosted",
          kind: "computer",
          settings: {
            displayWidth: tool.display_width,
            displayHeight: tool.display_height,
            environment: tool.environment,
          },
        },
        remainingFields(tool, ["type", "display_width", "display_height", "environment"]),
      );
    default:
      return {
        type: "hosted",
        kind: "other",
        name: String(tool.type),
        extensions: { responses: { raw: tool } },
      };
  }
}
