import type { ConversionContext, ToolChoice } from "@interlingua/core";

const hostedTypeByKind: Record<string, string> = {
  file_search: "file_search",
  web_search: "web_search_preview",
  computer: "computer_use_preview",
};

/** A canonical tool choice as `tool_choice`; the wire value kept on decode (`raw`) wins when there is one. */
export function encodeResponsesToolChoice(
  choice: ToolChoice,
  raw: unknown,
  context: ConversionContext,
  path: string,
): unknown {
  if (raw !== undefined) return raw;
  switch (choice.type) {
    case "none":
      return "none";
    case "auto":
    case "required":
      if (!choice.allowed) return choice.type;
      return {
        type: "allowed_tools",
        mode: choice.type,
        tools: choice.allowed.map((name) => ({ type: "function", name })),
      };
    case "tool":
      return { type: "function", name: choice.name };
    case "hosted": {
      const type = hostedTypeByKind[choice.kind];
      if (type !== undefined) return { type };
      context.lose(
        "approximated",
        path,
        `the responses format cannot force the ${choice.kind} tool; any tool is required instead`,
      );
      return "required";
    }
    default: {
      const unknown: never = choice;
      throw new TypeError(`Unknown tool choice ${JSON.stringify(unknown)}`);
    }
  }
}
