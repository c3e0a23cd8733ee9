import {
  type FunctionTool,
  type HostedTool,
  readUserLocation,
  type Tool,
  type ToolChoice,
} from "@interlingua/core";
import {
  chatCompletionsFormatId,
  isWireObject,
  remainingFields,
  type WireObject,
  withChatCompletionsExtensions,
} from "../chat-completions-extensions";

/**
 * `tools` as canonical tools: a function tool with its JSON Schema (`{}` when it has none, marked)
 * and `strict`; a tool of another type (`custom`) kept whole as a hosted tool of kind `other`.
 */
export function decodeChatCompletionsTools(tools: readonly WireObject[]): Tool[] {
  return tools.map((tool): Tool => {
    if (tool.type !== "function")
      return {
        type: "hosted",
        kind: "other",
        name: String(tool.type),
        extensions: { [chatCompletionsFormatId]: { tool } },
      };
    const fn = tool.function as WireObject;
    const decoded: FunctionTool = {
      type: "function",
      name: fn.name as string,
      inputSchema: (fn.parameters as Record<string, unknown> | undefined) ?? {},
    };
    const consumed = ["name", "parameters"];
    if (typeof fn.description === "string") {
      decoded.description = fn.description;
      consumed.push("description");
    }
    if (typeof fn.strict === "boolean") {
      decoded.strict = fn.strict;
      consumed.push("strict");
    }
    const rest: WireObject = { ...remainingFields(tool, ["type", "function"]) };
    const fnRest = remainingFields(fn, consumed);
    if (fnRest !== undefined) rest.function = fnRest;
    if (fn.parameters === undefined) rest.parametersAbsent = true;
    return withChatCompletionsExtensions(decoded, rest);
  });
}

/** `web_search_options` as the hosted web search tool (context size and user location in its settings). */
export function decodeWebSearchOptions(options: WireObject): HostedTool {
  const settings: Record<string, unknown> = {};
  const consumed: string[] = [];
  if (options.search_context_size !== undefined) {
    settings.searchContextSize = options.search_context_size;
    consumed.push("search_context_size");
  }
  const location = options.user_location;
  if (isWireObject(location)) {
    // The canonical location is flat ({type, city, country, ...}), as the other formats send it.
    const { approximate, ...rest } = location;
    const flat = { ...rest, ...(isWireObject(approximate) ? approximate : {}) };
    // In core's one shape (its nulls left out), when it has no field the shape does not name.
    const read = readUserLocation(flat);
    settings.userLocation = read.unread.length === 0 ? read.location : flat;
    consumed.push("user_location");
  }
  const tool: HostedTool = { type: "hosted", kind: "web_search" };
  if (consumed.length > 0) tool.settings = settings;
  return withChatCompletionsExtensions(tool, remainingFields(options, consumed));
}

/**
 * `tool_choice` as the canonical choice, and the wire form to keep when the canonical one does not
 * say it all (a custom tool named, the `allowed_tools` form). `unsaid` when the canonical choice
 * names a function where the caller named a custom tool: another format loses it.
 */
export function decodeChatCompletionsToolChoice(choice: unknown): {
  toolChoice: ToolChoice;
  raw?: unknown;
  unsaid?: true;
} {
  if (typeof choice === "string") return { toolChoice: { type: choice as "none" | "auto" | "required" } };
  const object = choice as WireObject;
  if (object.type === "function")
    return { toolChoice: { type: "tool", name: (object.function as WireObject).name as string } };
  if (object.type === "custom")
    return {
      toolChoice: { type: "tool", name: (object.custom as WireObject).name as string },
      raw: choice,
      unsaid: true,
    };
  const allowed = object.allowed_tools as WireObject;
  const names = (allowed.tools as WireObject[]).map((tool) =>
    String(((tool.function ?? tool.custom) as WireObject | undefined)?.name ?? tool.type),
  );
  return { toolChoice: { type: allowed.mode as "auto" | "required", allowed: names }, raw: choice };
}
