import type { Tool } from "@interlingua/core";
import { responsesExtensions, type WireObject, withResponsesExtensions } from "../responses-extensions";
import { decodeResponsesTools } from "./decode-responses-tool";

/**
 * The tools an `additional_tools` input item announces mid-conversation (Codex CLI sends its tools
 * this way with its default model), as canonical tools marked `announced`: formats without such an
 * item offer them with the request's own tools, and this format's encoder leaves them to the item,
 * which goes back where it was.
 */
export function decodeAnnouncedTools(input: unknown): Tool[] {
  if (!Array.isArray(input)) return [];
  return (input as WireObject[]).flatMap((item) =>
    item?.type === "additional_tools" && Array.isArray(item.tools)
      ? decodeResponsesTools(item.tools as WireObject[]).map((tool) =>
          withResponsesExtensions(tool, { ...responsesExtensions(tool), announced: true }),
        )
      : [],
  );
}

/** Whether a tool came from an `additional_tools` item (see {@link decodeAnnouncedTools}). */
export function isAnnouncedTool(tool: Tool): boolean {
  return responsesExtensions(tool)?.announced === true;
}
