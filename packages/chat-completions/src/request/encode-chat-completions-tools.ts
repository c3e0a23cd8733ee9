import {
  type ConversionContext,
  objectInputSchema,
  pointer,
  reportMovedEntries,
  type Tool,
  type ToolChoice,
} from "@interlingua/core";
import {
  assignWireFields,
  chatCompletionsExtensions,
  isWireObject,
  type WireObject,
} from "../chat-completions-extensions";

/** Canonical tools as `tools` and `web_search_options`; hosted tools the format lacks are dropped with a loss. */
export function encodeChatCompletionsTools(
  tools: readonly Tool[],
  context: ConversionContext,
): { tools: WireObject[]; webSearchOptions?: WireObject } {
  const encoded: WireObject[] = [];
  /** The canonical index of each entry of `encoded`, then of the web search sent as a setting. */
  const order: number[] = [];
  let webSearchOptions: WireObject | undefined;
  let webSearchAt: number | undefined;
  tools.forEach((tool, index) => {
    const path = pointer("/tools", index);
    const fields = chatCompletionsExtensions(tool);
    if (tool.cache)
      context.lose("dropped", pointer(path, "cache"), "the chat-completions format has no cache breakpoints");
    if (tool.type === "function") {
      const { function: fnRest, parametersAbsent, ...rest } = fields ?? {};
      const fn: WireObject = { name: tool.name };
      if (tool.description !== undefined) fn.description = tool.description;
      // The API refuses parameters that are not an object's schema.
      if (parametersAbsent !== true)
        fn.parameters = objectInputSchema(
          tool.inputSchema,
          "chat-completions",
          context,
          pointer(path, "inputSchema"),
        );
      if (tool.strict !== undefined) fn.strict = tool.strict;
      encoded.push(
        assignWireFields(
          { type: "function", function: assignWireFields(fn, fnRest as WireObject | undefined) },
          rest,
        ),
      );
      order.push(index);
      return;
    }
    if (fields?.tool !== undefined) {
      encoded.push(fields.tool as WireObject);
      order.push(index);
      return;
    }
    if (tool.kind === "web_search" && webSearchOptions === undefined) {
      webSearchAt = index;
      webSearchOptions = assignWireFields({}, fields);
      const settings = tool.settings ?? {};
      if (settings.searchContextSize !== undefined)
        webSearchOptions.search_context_size = settings.searchContextSize;
      if (isWireObject(settings.userLocation)) {
        const { type, ...approximate } = settings.userLocation;
        webSearchOptions.user_location = { type: type ?? "approximate", approximate };
      }
      for (const key of Object.keys(settings))
        if (key !== "searchContextSize" && key !== "userLocation")
          context.lose(
            "dropped",
            pointer(path, "settings", key),
            `chat-completions web search has no ${key} setting`,
          );
      return;
    }
    context.lose("unsupported", path, `the chat-completions format has no ${tool.kind} tool`);
  });
  if (webSearchAt !== undefined) order.push(webSearchAt);
  reportMovedEntries(
    order,
    "/tools",
    context,
    "chat-completions sends web search as web_search_options, after every tool: its place among the tools is not kept",
  );
  return webSearchOptions === undefined ? { tools: encoded } : { tools: encoded, webSearchOptions };
}

/** A canonical tool choice as `tool_choice` (the kept wire form when it still says the same). */
export function encodeChatCompletionsToolChoice(
  choice: ToolChoice,
  raw: unknown,
  context: ConversionContext,
): unknown {
  if (raw !== undefined) return raw;
  switch (choice.type) {
    case "none":
      return "none";
    case "auto":
    case "required":
      if (choice.allowed === undefined) return choice.type;
      return {
        type: "allowed_tools",
        allowed_tools: {
          mode: choice.type,
          tools: choice.allowed.map((name) => ({ type: "function", function: { name } })),
        },
      };
    case "tool":
      return { type: "function", function: { name: choice.name } };
    case "hosted":
      context.lose(
        "approximated",
        "/toolChoice",
        `the chat-completions format cannot force the ${choice.kind} tool; the model chooses`,
      );
      return "auto";
    default: {
      const unknown: never = choice;
      throw new TypeError(`Unknown tool choice ${JSON.stringify(unknown)}`);
    }
  }
}
