import type { ToolChoice } from "@interlingua/core";
import type { WireObject } from "../responses-extensions";

const hostedKindByType: Record<string, string> = {
  file_search: "file_search",
  web_search_preview: "web_search",
  web_search_preview_2025_03_11: "web_search",
  computer_use_preview: "computer",
};

/**
 * `tool_choice` as a canonical tool choice, plus the wire value itself when the canonical one cannot
 * give it back exactly (a dated hosted type, an allowed-tools list, a tool type with no canonical
 * kind), for `extensions.responses`. `unsaid` when the canonical choice only approximates it (a
 * custom, MCP or other tool forced by name becomes "some tool"): another format loses it.
 */
export function decodeResponsesToolChoice(choice: unknown): {
  toolChoice: ToolChoice;
  raw?: unknown;
  unsaid?: true;
} {
  if (choice === "none" || choice === "auto" || choice === "required")
    return { toolChoice: { type: choice } };
  const object = choice as WireObject;
  if (object.type === "function" && Object.keys(object).length === 2)
    return { toolChoice: { type: "tool", name: object.name as string } };
  const type = object.type as string;
  const hostedKind = Object.hasOwn(hostedKindByType, type) ? hostedKindByType[type] : undefined;
  if (hostedKind !== undefined) {
    const exact = object.type !== "web_search_preview_2025_03_11" && Object.keys(object).length === 1;
    return exact
      ? { toolChoice: { type: "hosted", kind: hostedKind } }
      : { toolChoice: { type: "hosted", kind: hostedKind }, raw: choice };
  }
  if (object.type === "allowed_tools") {
    const tools = object.tools as WireObject[];
    const allowed = tools.map((tool) =>
      tool.type === "function" ? (tool.name as string) : String(tool.type),
    );
    return { toolChoice: { type: object.mode === "required" ? "required" : "auto", allowed }, raw: choice };
  }
  return { toolChoice: { type: "required" }, raw: choice, unsaid: true };
}
