import { type ConversionContext, objectInputSchema, pointer, type Tool } from "@interlingua/core";
import { responsesExtensions, type WireObject } from "../responses-extensions";
import { legalizeStrictTool } from "./legalize-responses-request";
import { regroupNamespaces } from "./responses-tool-namespace";

function snakeCaseKeys(object: WireObject): WireObject {
  const result: WireObject = {};
  for (const key in object)
    result[key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)] = object[key];
  return result;
}

/** The web search tool types of the spec (`WebSearchTool`, `WebSearchPreviewTool`). */
const responsesWebSearchTypes = new Set([
  "web_search",
  "web_search_2025_08_26",
  "web_search_preview",
  "web_search_preview_2025_03_11",
]);

/** Hosted-tool settings this format has no field for, each with a loss. */
function loseSettings(
  settings: WireObject,
  known: readonly string[],
  context: ConversionContext,
  path: string,
): void {
  for (const key in settings) {
    if (!known.includes(key))
      context.lose(
        "dropped",
        pointer(path, "settings", key),
        `the responses format has no ${key} setting for this tool`,
      );
  }
}

/**
 * A canonical tool as a request tool; undefined (with a loss) for hosted tools this format lacks.
 * With `withDefaults` (the echo in a response), the defaults the service fills in are added.
 */
export function encodeResponsesTool(
  tool: Tool,
  context: ConversionContext,
  path: string,
  withDefaults = false,
): WireObject | undefined {
  const fields = responsesExtensions(tool);
  if (tool.cache)
    context.lose("dropped", pointer(path, "cache"), "the responses format has no cache breakpoints");
  if (tool.type === "function") {
    const { strictByDefault, ...rest } = fields ?? {};
    const encoded: WireObject = { type: "function", name: tool.name };
    if (tool.description !== undefined) encoded.description = tool.description;
    else if (withDefaults) encoded.description = null;
    Object.assign(encoded, rest);
    // The API refuses parameters that are not an object's schema.
    if (rest.parameters === undefined)
      encoded.parameters = objectInputSchema(
        tool.inputSchema,
        "responses",
        context,
        pointer(path, "inputSchema"),
      );
    // Unstated strictness: the service's default (true) for our own tools (sent unstated as they
    // came: omitted, or the caller's null), off for foreign schemas, which are rarely written for
    // strict mode.
    if (tool.strict !== undefined) encoded.strict = tool.strict;
    else if (strictByDefault !== true) encoded.strict = false;
    else if (withDefaults) encoded.strict = true;
    // What a request sends; an echo says what the service filled in, the schema it normalised too.
    if (!withDefaults) legalizeStrictTool(encoded, path, context);
    return encoded;
  }
  if (fields?.raw !== undefined) return fields.raw as WireObject;
  const settings = (tool.settings ?? {}) as WireObject;
  switch (tool.kind) {
    case "file_search": {
      // Another format's file search (Gemini store names) names no vector store: nothing to search.
      if (!Array.isArray(settings.vectorStoreIds) || settings.vectorStoreIds.length === 0) {
        context.lose("unsupported", path, "a file search without vector store ids cannot be offered");
        return undefined;
      }
      loseSettings(settings, ["vectorStoreIds", "maxNumResults", "rankingOptions", "filters"], context, path);
      const encoded: WireObject = {
        type: "file_search",
        ...fields,
        vector_store_ids: settings.vectorStoreIds ?? [],
      };
      if (settings.maxNumResults !== undefined) encoded.max_num_results = settings.maxNumResults;
      if (settings.rankingOptions !== undefined)
        encoded.ranking_options = snakeCaseKeys(settings.rankingOptions as WireObject);
      if (settings.filters !== undefined) encoded.filters = settings.filters;
      if (withDefaults) {
        encoded.filters ??= null;
        encoded.max_num_results ??= 20;
        encoded.ranking_options ??= { ranker: "auto", score_threshold: 0 };
      }
      return encoded;
    }
    case "web_search": {
      loseSettings(settings, ["searchContextSize", "userLocation", "allowedDomains"], context, path);
      // Another format's versions (the messages `web_search_20250305`) are not types of this one.
      const type =
        tool.version !== undefined && responsesWebSearchTypes.has(tool.version)
          ? tool.version
          : "web_search_preview";
      const encoded: WireObject = { type, ...fields };
      if (settings.searchContextSize !== undefined) encoded.search_context_size = settings.searchContextSize;
      if (settings.userLocation !== undefined)
        encoded.user_location = snakeCaseKeys(settings.userLocation as WireObject);
      if (settings.allowedDomains !== undefined) {
        if (type.startsWith("web_search_preview")) encoded.domains = settings.allowedDomains;
        else encoded.filters = { allowed_domains: settings.allowedDomains };
      }
      if (withDefaults) {
        encoded.search_context_size ??= "medium";
        encoded.user_location ??= null;
      }
      return encoded;
    }
    case "computer": {
      loseSettings(settings, ["displayWidth", "displayHeight", "environment"], context, path);
      if (!Number.isInteger(settings.displayWidth) || !Number.isInteger(settings.displayHeight)) {
        // The API requires the display size; without one the tool cannot be offered.
        context.lose("unsupported", path, "a computer tool without its display size cannot be sent");
        return undefined;
      }
      return {
        type: "computer_use_preview",
        ...fields,
        display_width: settings.displayWidth,
        display_height: settings.displayHeight,
        environment: settings.environment ?? "browser",
      };
    }
    case "code_execution":
    case "bash":
    case "text_editor":
    case "url_context":
    case "other":
      context.lose("unsupported", path, `the responses format has no ${tool.name ?? tool.kind} tool`);
      return undefined;
    default: {
      const unknown: never = tool.kind;
      throw new TypeError(`Unknown hosted tool kind ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The canonical tools as a request's `tools` (see {@link encodeResponsesTool}), members of a
 * `namespace` group regrouped under it. Tools `leaveOut` names are not sent, and the others keep
 * their canonical place in loss paths.
 */
export function encodeResponsesTools(
  tools: readonly Tool[],
  context: ConversionContext,
  withDefaults = false,
  leaveOut?: (tool: Tool) => boolean,
): WireObject[] {
  const encoded: { tool: Tool; wire: WireObject }[] = [];
  tools.forEach((tool, index) => {
    if (leaveOut?.(tool)) return;
    const wire = encodeResponsesTool(tool, context, pointer("", "tools", index), withDefaults);
    if (wire) encoded.push({ tool, wire });
  });
  return regroupNamespaces(encoded);
}
