import { compiledLooseObject, jsonSchemaShapeProblem } from "@interlingua/core";
import * as z from "zod/mini";
import { MessagesCacheControl } from "./messages-content-block";

const customToolName = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * A tool definition: a custom tool (`type` absent, null or `custom`, with `name` of 1 to 64
 * characters and an `input_schema` shaped as JSON Schema) or a vendor tool named by a dated `type` (`computer_20241022`,
 * `bash_20250124`, `text_editor_20250728`, `web_search_20250305`, ...).
 */
export const MessagesToolDefinition = z
  .looseObject({
    type: z.nullish(z.string()),
    name: z.string(),
    description: z.optional(z.string()),
    input_schema: z.optional(compiledLooseObject({ type: z.literal("object") })),
    cache_control: z.nullish(MessagesCacheControl),
  })
  .check(
    z.superRefine((tool, context) => {
      if (tool.type == null || tool.type === "custom") {
        if (!customToolName.test(tool.name)) {
          context.addIssue({
            code: "custom",
            path: ["name"],
            message: "tool name must be 1 to 64 characters of letters, digits, '_' or '-'",
          });
        }
        if (tool.input_schema === undefined) {
          context.addIssue({
            code: "custom",
            path: ["input_schema"],
            message: "custom tools need an input_schema",
          });
          return;
        }
        const problem = jsonSchemaShapeProblem(tool.input_schema);
        if (problem)
          context.addIssue({
            code: "custom",
            path: ["input_schema", ...(problem.path === "" ? [] : problem.path.split("."))],
            message: `input_schema is not a valid JSON Schema: ${problem.message}`,
          });
        return;
      }
      if (tool.type.startsWith("computer_")) {
        for (const key of ["display_width_px", "display_height_px"]) {
          const value = (tool as Record<string, unknown>)[key];
          if (!Number.isInteger(value) || (value as number) < 1) {
            context.addIssue({ code: "custom", path: [key], message: `${key} must be a positive integer` });
          }
        }
      }
    }),
  );
/** A tool definition; see {@link MessagesToolDefinition}. */
export type MessagesToolDefinition = z.infer<typeof MessagesToolDefinition> & Record<string, unknown>;

const disableParallelToolUse = z.optional(z.boolean());

/** `tool_choice`: auto, any, a named tool, or none; each but none may disable parallel tool use. */
export const MessagesToolChoice = z.discriminatedUnion("type", [
  compiledLooseObject({ type: z.literal("auto"), disable_parallel_tool_use: disableParallelToolUse }),
  compiledLooseObject({ type: z.literal("any"), disable_parallel_tool_use: disableParallelToolUse }),
  compiledLooseObject({
    type: z.literal("tool"),
    name: z.string().check(z.minLength(1, "tool_choice name must be non-empty")),
    disable_parallel_tool_use: disableParallelToolUse,
  }),
  compiledLooseObject({ type: z.literal("none") }),
]);
/** `tool_choice`; see {@link MessagesToolChoice}. */
export type MessagesToolChoice = z.infer<typeof MessagesToolChoice>;
