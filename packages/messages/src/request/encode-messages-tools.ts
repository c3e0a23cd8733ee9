import {
  CanonicalError,
  type ConversionContext,
  callerParam,
  objectInputSchema,
  pointer,
  type Tool,
  type ToolChoice,
} from "@interlingua/core";
import { cacheToMessages } from "../shared/encode-messages-part";
import { messagesHostedToolKinds } from "./decode-messages-tools";
import { defaultHostedTools } from "./messages-default-hosted-tools";

const datedType = /_\d{8}$/;

/** A canonical tool as a messages tool definition, or undefined (with a loss) when it has none. */
export function encodeMessagesTool(
  tool: Tool,
  context: ConversionContext,
  path: string,
): Record<string, unknown> | undefined {
  const extra = tool.extensions?.messages;
  if (tool.type === "function") {
    // Tool input is a JSON object in every format; the API refuses a schema that does not say so.
    // A schema of another type (an array, a boolean: another format lets one be declared) cannot be
    // sent: the tool goes with an object of no declared properties, reported at the schema.
    const schema = objectInputSchema(
      tool.inputSchema.type === undefined ? { type: "object", ...tool.inputSchema } : tool.inputSchema,
      "messages",
      context,
      pointer(path, "inputSchema"),
    );
    const wire: Record<string, unknown> = { ...extra, name: tool.name, input_schema: schema };
    if (tool.description !== undefined) wire.description = tool.description;
    if (tool.strict !== undefined) wire.strict = tool.strict;
    if (tool.cache) wire.cache_control = cacheToMessages(tool.cache);
    return wire;
  }
  const fallback = defaultHostedTools[tool.kind];
  const type = tool.version !== undefined && datedType.test(tool.version) ? tool.version : fallback?.type;
  const name = tool.name ?? fallback?.name;
  if (type === undefined || name === undefined) {
    context.lose("unsupported", path, `hosted tool ${tool.kind} has no messages equivalent`);
    return undefined;
  }
  const wire: Record<string, unknown> = { ...extra, type, name };
  const settingNames = messagesHostedToolKinds.find((entry) => entry.kind === tool.kind)?.settings ?? {};
  for (const [key, value] of Object.entries(tool.settings ?? {})) {
    const wireKey = settingNames[key];
    if (wireKey === undefined)
      context.lose("dropped", pointer(path, "settings", key), `setting ${key} has no messages equivalent`);
    else wire[wireKey] = value;
  }
  if (
    tool.kind === "computer" &&
    !(isPositiveInteger(wire.display_width_px) && isPositiveInteger(wire.display_height_px))
  ) {
    context.lose("unsupported", path, "a computer tool needs its display size on a messages backend");
    return undefined;
  }
  if (tool.cache) wire.cache_control = cacheToMessages(tool.cache);
  return wire;
}

const isPositiveInteger = (value: unknown) => Number.isInteger(value) && (value as number) > 0;

/**
 * The name of the one tool a choice forces; an empty one, which the API refuses ("tool_choice name
 * must be non-empty") and no nearer choice would say, is refused at the caller's field.
 */
function forcedName(name: string, context: ConversionContext, path: string): string {
  if (name !== "") return name;
  throw new CanonicalError("invalid_request", "The messages format cannot force a tool with an empty name", {
    param: callerParam(context, path),
  });
}

/** The canonical tool choice and parallel-calls flag as `tool_choice`. */
export function encodeMessagesToolChoice(
  toolChoice: ToolChoice | undefined,
  parallelToolCalls: boolean | undefined,
  tools: Tool[] | undefined,
  extra: Record<string, unknown> | undefined,
  context: ConversionContext,
): Record<string, unknown> | undefined {
  if (toolChoice === undefined && parallelToolCalls === undefined) return undefined;
  const wire: Record<string, unknown> = { ...extra };
  const choice = toolChoice ?? { type: "auto" };
  switch (choice.type) {
    case "auto":
      wire.type = "auto";
      if (choice.allowed)
        context.lose(
          "approximated",
          "/toolChoice/allowed",
          "allowed tools list dropped: any tool may be used",
        );
      break;
    case "none":
      wire.type = "none";
      if (parallelToolCalls !== undefined)
        context.lose(
          "dropped",
          "/parallelToolCalls",
          "parallel tool use has no place beside tool choice none",
        );
      return wire;
    case "required":
      if (choice.allowed?.length === 1) {
        wire.type = "tool";
        wire.name = forcedName(choice.allowed[0]!, context, "/toolChoice/allowed/0");
      } else {
        wire.type = "any";
        if (choice.allowed)
          context.lose(
            "approximated",
            "/toolChoice/allowed",
            "allowed tools list dropped: any tool may be used",
          );
      }
      break;
    case "tool":
      wire.type = "tool";
      wire.name = forcedName(choice.name, context, "/toolChoice/name");
      break;
    case "hosted": {
      const hosted = tools?.find((tool) => tool.type === "hosted" && tool.kind === choice.kind);
      const name =
        hosted?.type === "hosted" ? (hosted.name ?? defaultHostedTools[hosted.kind]?.name) : undefined;
      if (name === undefined) {
        context.lose("approximated", "/toolChoice", `no ${choice.kind} tool to force; any tool may be used`);
        wire.type = "any";
      } else {
        wire.type = "tool";
        wire.name = name;
      }
      break;
    }
    default: {
      const unknown: never = choice;
      throw new TypeError(`Unknown tool choice ${JSON.stringify(unknown)}`);
    }
  }
  if (parallelToolCalls !== undefined) wire.disable_parallel_tool_use = !parallelToolCalls;
  return wire;
}
