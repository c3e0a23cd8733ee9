import {
  type ConversionContext,
  type HostedTool,
  pointer,
  type Tool,
  type ToolChoice,
} from "@interlingua/core";
import { isWireObject, readInteractionsExtension, type WireObject } from "../interactions-extensions";

/** Hosted tool declarations by the canonical kind they stand for. */
const hostedKindByType: Record<string, HostedTool["kind"]> = {
  google_search: "web_search",
  code_execution: "code_execution",
  url_context: "url_context",
  file_search: "file_search",
  computer_use: "computer",
};

/** Whether a declaration field says something: not null, an empty object or an empty list. */
function saysSomething(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  return typeof value !== "object" || Object.keys(value).length > 0;
}

/** The computer use environments the client's `ComputerUse.environment` lists. */
const computerEnvironments = new Set(["browser", "mobile", "desktop"]);

/**
 * Tool declarations as canonical tools: `function` ones become function tools (a missing
 * `parameters` kept as a mark), every hosted one (Google Search, code execution, URL context, file
 * search, computer use, Google Maps, MCP servers, retrieval, …) a hosted tool of the matching kind
 * (`other` when there is none) that keeps its declaration as it came (and, for computer use, its
 * environment as a setting other formats read).
 */
export function decodeInteractionsTools(tools: WireObject[]): Tool[] {
  return tools.map((tool) => {
    if (tool.type === "function") {
      const { type: _type, name, description, parameters, ...rest } = tool;
      const decoded: Tool = {
        type: "function",
        name: typeof name === "string" ? name : "",
        inputSchema: isWireObject(parameters) ? parameters : {},
      };
      if (typeof description === "string") decoded.description = description;
      const kept: WireObject = { ...rest };
      if (parameters === undefined) kept.noParameters = true;
      if (Object.keys(kept).length > 0) decoded.extensions = { interactions: kept };
      return decoded;
    }
    const hosted: HostedTool = {
      type: "hosted",
      kind: hostedKindByType[String(tool.type)] ?? "other",
      extensions: { interactions: { declaration: tool } },
    };
    // The computer's environment is a setting other formats have too.
    if (tool.type === "computer_use" && typeof tool.environment === "string")
      hosted.settings = { environment: tool.environment };
    // A known tool's other fields, each kept by name too: another format's tool has none of them.
    if (hosted.kind !== "other")
      for (const [key, value] of Object.entries(tool))
        if (key !== "type" && !(key === "environment" && hosted.settings) && saysSomething(value))
          hosted.extensions!.interactions![key] = value;
    return hosted;
  });
}

/**
 * Canonical tools as declarations; a hosted tool this format has no declaration for is dropped with
 * a loss, and of another format's hosted tool settings only the computer's environment is sent.
 */
export function encodeInteractionsTools(
  tools: Tool[],
  path: string,
  context: ConversionContext,
): WireObject[] {
  return tools.flatMap((tool, index): WireObject[] => {
    const toolPath = pointer(path, index);
    const extra = readInteractionsExtension(tool) ?? {};
    if (tool.cache)
      context.lose("dropped", pointer(toolPath, "cache"), "This format has no prompt-caching breakpoints");
    if (tool.type === "function") {
      const { noParameters, ...rest } = extra;
      const wire: WireObject = { type: "function", name: tool.name };
      if (tool.description !== undefined) wire.description = tool.description;
      if (noParameters !== true) wire.parameters = tool.inputSchema;
      // Unstrict is what this format does: only a strict tool loses something (as generate-content).
      if (tool.strict)
        context.lose(
          "dropped",
          pointer(toolPath, "strict"),
          "Strict schema adherence has no setting in this format",
        );
      return [{ ...wire, ...rest }];
    }
    if (isWireObject(extra.declaration)) return [extra.declaration];
    const type = Object.keys(hostedKindByType).find((key) => hostedKindByType[key] === tool.kind);
    if (type === undefined) {
      context.lose("unsupported", toolPath, `The hosted ${tool.kind} tool has no declaration in this format`);
      return [];
    }
    const declaration: WireObject = { type };
    const { environment, ...settings } = tool.settings ?? {};
    if (type === "computer_use" && computerEnvironments.has(environment as string))
      declaration.environment = environment;
    else if (environment !== undefined) settings.environment = environment;
    if (Object.keys(settings).length > 0)
      context.lose(
        "dropped",
        pointer(toolPath, "settings"),
        `Settings of the hosted ${tool.kind} tool are not sent (${Object.keys(settings).join(", ")})`,
      );
    return [declaration];
  });
}

/** `generation_config.tool_choice` (a mode, or `allowed_tools`) as a canonical tool choice, or undefined. */
export function decodeInteractionsToolChoice(choice: unknown): ToolChoice | undefined {
  const mode =
    isWireObject(choice) && isWireObject(choice.allowed_tools) ? choice.allowed_tools.mode : choice;
  const allowed =
    isWireObject(choice) && isWireObject(choice.allowed_tools) && Array.isArray(choice.allowed_tools.tools)
      ? (choice.allowed_tools.tools as string[])
      : undefined;
  switch (mode) {
    case "none":
      return { type: "none" };
    case "any":
      return allowed ? { type: "required", allowed } : { type: "required" };
    case "auto":
    case undefined:
      if (mode === undefined && !allowed) return undefined;
      return allowed ? { type: "auto", allowed } : { type: "auto" };
    default:
      return undefined;
  }
}

/** A canonical tool choice as `tool_choice`; a hosted tool choice has none, and is dropped with a loss. */
export function encodeInteractionsToolChoice(
  choice: ToolChoice,
  path: string,
  context: ConversionContext,
): unknown {
  switch (choice.type) {
    case "none":
      return "none";
    case "auto":
      return choice.allowed ? { allowed_tools: { mode: "auto", tools: choice.allowed } } : "auto";
    case "required":
      return choice.allowed ? { allowed_tools: { mode: "any", tools: choice.allowed } } : "any";
    case "tool":
      return { allowed_tools: { mode: "any", tools: [choice.name] } };
    case "hosted":
      context.lose(
        "unsupported",
        path,
        `Forcing the hosted ${choice.kind} tool has no setting in this format`,
      );
      return undefined;
  }
}
