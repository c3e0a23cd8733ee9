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
 * `hostedAllowed` holds the entries of an allowed-tools list that are not functions (a hosted
 * tool), by index: the canonical list names functions only, so another format loses them.
 */
export function decodeResponsesToolChoice(choice: unknown): {
  toolChoice: ToolChoice;
  raw?: unknown;
  unsaid?: true;
  hostedAllowed?: WireObject;
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
    const allowed: string[] = [];
    const hostedAllowed: WireObject = {};
    tools.forEach((tool, index) => {
      if (tool.type === "function") allowed.push(tool.name as string);
      else hostedAllowed[index] = tool;
    });
    const mode = object.mode === "required" ? "required" : "auto";
    // A list of hosted tools only says no function: the choice is the mode, the tools lost elsewhere.
    const hosted = Object.keys(hostedAllowed).length > 0;
    const toolChoice: ToolChoice = allowed.length > 0 || !hosted ? { type: mode, allowed } : { type: mode };
    return hosted ? { toolChoice, raw: choice, hostedAllowed } : { toolChoice, raw: choice };
  }
  return { toolChoice: { type: "required" }, raw: choice, unsaid: true };
}
