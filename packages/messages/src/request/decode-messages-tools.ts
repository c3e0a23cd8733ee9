import { type HostedTool, readUserLocation, type Tool, type ToolChoice } from "@interlingua/core";
import { cacheFromMessages } from "../shared/decode-messages-block";
import { extraFields, messagesExtensions } from "../shared/extra-fields";
import type { MessagesToolChoice, MessagesToolDefinition } from "../wire/messages-tool";
import { defaultHostedTools } from "./messages-default-hosted-tools";

/** Hosted tool kinds by the prefix of their dated `type`, with their settings (canonical ↔ wire). */
export const messagesHostedToolKinds: {
  prefix: string;
  kind: HostedTool["kind"];
  settings: Record<string, string>;
}[] = [
  {
    prefix: "computer_",
    kind: "computer",
    settings: {
      displayWidth: "display_width_px",
      displayHeight: "display_height_px",
      displayNumber: "display_number",
    },
  },
  { prefix: "bash_", kind: "bash", settings: {} },
  { prefix: "text_editor_", kind: "text_editor", settings: {} },
  {
    prefix: "web_search_",
    kind: "web_search",
    settings: {
      maxUses: "max_uses",
      allowedDomains: "allowed_domains",
      blockedDomains: "blocked_domains",
      userLocation: "user_location",
    },
  },
  { prefix: "code_execution_", kind: "code_execution", settings: {} },
];

const customKnown = new Set(["name", "description", "input_schema", "cache_control", "strict"]);
const hostedKnownBase = ["type", "name", "cache_control"];
const hostedKnown = new Map(
  messagesHostedToolKinds.map((entry) => [
    entry.kind,
    new Set([...hostedKnownBase, ...Object.values(entry.settings)]),
  ]),
);
const otherKnown = new Set(hostedKnownBase);

const isUserLocationObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A tool definition as a canonical tool: custom tools as functions, dated tools as hosted tools. */
export function decodeMessagesTool(wire: MessagesToolDefinition): Tool {
  const cache = cacheFromMessages(wire.cache_control);
  if (wire.type == null || wire.type === "custom") {
    const extensions = messagesExtensions(extraFields(wire, customKnown));
    return {
      type: "function",
      name: wire.name,
      ...(wire.description !== undefined && { description: wire.description }),
      inputSchema: wire.input_schema as Record<string, unknown>,
      ...(typeof wire.strict === "boolean" && { strict: wire.strict }),
      ...(cache && { cache }),
      ...(extensions && { extensions }),
    };
  }
  const type = wire.type;
  const entry = messagesHostedToolKinds.find((candidate) => type.startsWith(candidate.prefix));
  const kind = entry?.kind ?? "other";
  const tool: HostedTool = { type: "hosted", kind, name: wire.name };
  // The default version is the tool itself; another is the caller's choice (see defaultHostedTools).
  if (defaultHostedTools[kind]?.type !== type) tool.version = type;
  if (entry) {
    const settings: Record<string, unknown> = {};
    for (const [canonical, wireKey] of Object.entries(entry.settings)) {
      const value = wire[wireKey];
      if (value !== undefined && value !== null) settings[canonical] = value;
    }
    // The location in core's one shape (its nulls, unknown places, left out), when it has no other field.
    const location = isUserLocationObject(settings.userLocation)
      ? readUserLocation(settings.userLocation)
      : undefined;
    if (location !== undefined && location.unread.length === 0) settings.userLocation = location.location;
    if (Object.keys(settings).length > 0) tool.settings = settings;
  }
  if (cache) tool.cache = cache;
  const extensions = messagesExtensions(extraFields(wire, entry ? hostedKnown.get(entry.kind)! : otherKnown));
  if (extensions) tool.extensions = extensions;
  return tool;
}

/** `tool_choice` as the canonical choice and parallel-calls flag, plus fields with no canonical place. */
export function decodeMessagesToolChoice(wire: MessagesToolChoice): {
  toolChoice: ToolChoice;
  parallelToolCalls?: boolean;
  extra?: Record<string, unknown>;
} {
  const extra = extraFields(wire, new Set(["type", "name", "disable_parallel_tool_use"]));
  const disable = "disable_parallel_tool_use" in wire ? wire.disable_parallel_tool_use : undefined;
  const parallel = typeof disable === "boolean" ? { parallelToolCalls: !disable } : {};
  switch (wire.type) {
    case "auto":
      return { toolChoice: { type: "auto" }, ...parallel, extra };
    case "any":
      return { toolChoice: { type: "required" }, ...parallel, extra };
    case "tool":
      return { toolChoice: { type: "tool", name: wire.name }, ...parallel, extra };
    case "none":
      return { toolChoice: { type: "none" }, extra };
    default: {
      const unknown: never = wire;
      throw new TypeError(`Unknown tool choice ${JSON.stringify(unknown)}`);
    }
  }
}
