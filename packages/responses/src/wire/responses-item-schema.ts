import { compiledLooseObject, compiledStrictObject } from "@interlingua/core";
import * as z from "zod/mini";
import { ResponsesContent } from "./responses-content-schema";

const itemStatus = z.enum(["in_progress", "completed", "incomplete"]);

/** A message item: role and content (string or content items); `type` is optional on input. */
export const ResponsesMessageItem = compiledLooseObject({
  type: z.optional(z.literal("message")),
  role: z.enum(["user", "assistant", "system", "developer"]),
  content: z.union([z.string(), z.array(ResponsesContent)]),
  id: z.optional(z.string()),
  status: z.optional(itemStatus),
});

/** A function call the model made. */
export const ResponsesFunctionCallItem = compiledLooseObject({
  type: z.literal("function_call"),
  call_id: z.string(),
  name: z.string(),
  arguments: z.string(),
  id: z.optional(z.string()),
  status: z.optional(itemStatus),
});

/**
 * The caller's output for a function call: a string or content items. Its `call_id` is not empty
 * (spec `FunctionCallOutputItemParam.call_id`: `minLength: 1`), as the API refuses.
 */
export const ResponsesFunctionCallOutputItem = compiledLooseObject({
  type: z.literal("function_call_output"),
  call_id: z.string().check(z.minLength(1)),
  output: z.union([z.string(), z.array(ResponsesContent)]),
  id: z.nullish(z.string()),
  status: z.nullish(itemStatus),
});

/** Reasoning: summary paragraphs and the encrypted reasoning state. */
export const ResponsesReasoningItem = compiledLooseObject({
  type: z.literal("reasoning"),
  id: z.string(),
  summary: z.array(compiledLooseObject({ type: z.literal("summary_text"), text: z.string() })),
  encrypted_content: z.nullish(z.string()),
  // Codex CLI sends `content: null` back with the encrypted state.
  content: z.nullish(z.array(compiledLooseObject({ type: z.string(), text: z.string() }))),
  status: z.optional(itemStatus),
});

/** A computer-use action the model asked for. */
export const ResponsesComputerCallItem = compiledLooseObject({
  type: z.literal("computer_call"),
  id: z.string(),
  call_id: z.string(),
  action: compiledLooseObject({
    type: z.enum([
      "click",
      "double_click",
      "drag",
      "keypress",
      "move",
      "screenshot",
      "scroll",
      "type",
      "wait",
    ]),
  }),
  pending_safety_checks: z.array(z.unknown()),
  status: itemStatus,
});

/** The caller's screenshot after a computer-use action. */
export const ResponsesComputerCallOutputItem = compiledLooseObject({
  type: z.literal("computer_call_output"),
  call_id: z.string(),
  output: compiledLooseObject({ type: z.string() }),
  acknowledged_safety_checks: z.nullish(z.array(z.unknown())),
  id: z.nullish(z.string()),
  status: z.nullish(itemStatus),
});

/** A hosted web search. */
export const ResponsesWebSearchCallItem = compiledLooseObject({
  type: z.literal("web_search_call"),
  id: z.string(),
  status: z.string(),
  action: z.optional(compiledLooseObject({ type: z.string() })),
});

/** A hosted file search. */
export const ResponsesFileSearchCallItem = compiledLooseObject({
  type: z.literal("file_search_call"),
  id: z.string(),
  queries: z.array(z.string()),
  status: z.enum(["in_progress", "searching", "completed", "incomplete", "failed"]),
  results: z.nullish(z.array(z.unknown())),
});

/** A reference to an earlier item by id. */
export const ResponsesItemReference = compiledLooseObject({
  type: z.optional(z.literal("item_reference")),
  id: z.string(),
});

/** Item types this codec maps; others pass through untouched. */
export const responsesKnownItemTypes = [
  "message",
  "function_call",
  "function_call_output",
  "reasoning",
  "computer_call",
  "computer_call_output",
  "web_search_call",
  "file_search_call",
  "item_reference",
] as const;

/** One item of the `input` list (or of a response's `output`). Unknown item types are accepted as they are. */
export const ResponsesItem = z.union([
  z.discriminatedUnion("type", [
    z.extend(ResponsesMessageItem, { type: z.literal("message") }),
    ResponsesFunctionCallItem,
    ResponsesFunctionCallOutputItem,
    ResponsesReasoningItem,
    ResponsesComputerCallItem,
    ResponsesComputerCallOutputItem,
    ResponsesWebSearchCallItem,
    ResponsesFileSearchCallItem,
    z.extend(ResponsesItemReference, { type: z.literal("item_reference") }),
  ]),
  ResponsesMessageItem,
  compiledStrictObject(ResponsesItemReference.shape),
  compiledLooseObject({
    type: z.string().check(
      z.refine((type) => !(responsesKnownItemTypes as readonly string[]).includes(type), {
        message: "Invalid item",
        abort: true,
      }),
    ),
  }),
]);
/** An input or output item; see {@link ResponsesItem}. */
export type ResponsesItem = z.infer<typeof ResponsesItem>;
