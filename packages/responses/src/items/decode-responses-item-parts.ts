import type {
  HostedToolCallPart,
  HostedToolResultPart,
  Part,
  ReasoningPart,
  ToolCallPart,
  ToolResultPart,
} from "@interlingua/core";
import { namespacedToolName } from "../request/responses-tool-namespace";
import {
  remainingFields,
  responsesFormatId,
  type WireObject,
  withResponsesExtensions,
} from "../responses-extensions";
import { decodeResponsesContent } from "./decode-responses-content";

/** Parses a function call's argument text; the text is kept too when re-serialising would not give it back. */
export function decodeResponsesArguments(text: string): {
  arguments: unknown;
  rawArguments?: string;
  keepText: boolean;
} {
  try {
    const parsed: unknown = JSON.parse(text);
    return { arguments: parsed, keepText: JSON.stringify(parsed) !== text };
  } catch {
    return { arguments: undefined, rawArguments: text, keepText: false };
  }
}

/**
 * A non-message item as canonical parts: `function_call` a tool call (its `call_id` is the canonical
 * id, the item id stays in extensions), `function_call_output` a tool result, `reasoning` a reasoning
 * part (summary texts, `encrypted_content` as opaque state tagged `responses`), `web_search_call` /
 * `file_search_call` / `computer_call` hosted-tool calls, `computer_call_output` and file-search
 * `results` hosted-tool results. Unknown item types become a hosted-tool call named by the item type
 * that keeps the whole item in `extensions.responses.raw`.
 */
export function decodeResponsesItemParts(item: WireObject, toolNames?: Map<string, string>): Part[] {
  switch (item.type) {
    case "function_call": {
      const text = item.arguments as string;
      const decoded = decodeResponsesArguments(text);
      // A call of a namespace member (`namespace` kept in extensions) has the member's canonical name.
      const name =
        typeof item.namespace === "string"
          ? namespacedToolName(item.namespace, item.name as string)
          : (item.name as string);
      const part: ToolCallPart = {
        type: "tool-call",
        id: item.call_id as string,
        name,
        arguments: decoded.arguments,
      };
      if (decoded.rawArguments !== undefined) part.rawArguments = decoded.rawArguments;
      toolNames?.set(part.id, part.name);
      // A namespaced call's own name stays beside its namespace: the canonical name joins the two.
      const consumed = typeof item.namespace === "string" ? ["type", "call_id"] : ["type", "call_id", "name"];
      if (!decoded.keepText) consumed.push("arguments");
      return [withResponsesExtensions(part, remainingFields(item, consumed))];
    }
    case "function_call_output": {
      const callId = item.call_id as string;
      const output = item.output;
      const part: ToolResultPart = {
        type: "tool-result",
        callId,
        content:
          typeof output === "string"
            ? [{ type: "text", text: output }]
            : (output as WireObject[]).map(
                (content) => decodeResponsesContent(content, "user") as ToolResultPart["content"][number],
              ),
      };
      const name = typeof item.name === "string" ? item.name : toolNames?.get(callId);
      if (name !== undefined) part.name = name;
      const rest = remainingFields(item, ["type", "call_id", "output"]);
      const marks: WireObject = typeof output === "string" ? {} : { outputForm: "array" };
      return [withResponsesExtensions(part, Object.keys(marks).length > 0 ? { ...rest, ...marks } : rest)];
    }
    case "reasoning": {
      const part: ReasoningPart = { type: "reasoning" };
      const consumed = ["type", "summary"];
      const summary = item.summary as WireObject[];
      if (summary.length > 0) part.summary = summary.map((entry) => entry.text as string);
      if (typeof item.encrypted_content === "string") {
        part.signature = { format: responsesFormatId, data: item.encrypted_content };
        consumed.push("encrypted_content");
      }
      const content = item.content as WireObject[] | undefined;
      if (content?.length === 1 && content[0]!.type === "reasoning_text") {
        part.text = content[0]!.text as string;
        consumed.push("content");
      }
      return [withResponsesExtensions(part, remainingFields(item, consumed))];
    }
    case "web_search_call": {
      const part: HostedToolCallPart = {
        type: "hosted-tool-call",
        id: item.id as string,
        tool: "web_search",
        input: item.action,
        status: item.status as string,
      };
      return [withResponsesExtensions(part, remainingFields(item, ["type", "id", "action", "status"]))];
    }
    case "file_search_call": {
      const id = item.id as string;
      const call: HostedToolCallPart = {
        type: "hosted-tool-call",
        id,
        tool: "file_search",
        input: { queries: item.queries },
        status: item.status as string,
      };
      const consumed = ["type", "id", "queries", "status"];
      if (!Array.isArray(item.results)) {
        return [withResponsesExtensions(call, remainingFields(item, consumed))];
      }
      consumed.push("results");
      const result: HostedToolResultPart = {
        type: "hosted-tool-result",
        callId: id,
        tool: "file_search",
        output: item.results,
      };
      return [withResponsesExtensions(call, remainingFields(item, consumed)), result];
    }
    case "computer_call": {
      const part: HostedToolCallPart = {
        type: "hosted-tool-call",
        id: item.call_id as string,
        tool: "computer",
        input: item.action,
        status: item.status as string,
      };
      return [withResponsesExtensions(part, remainingFields(item, ["type", "call_id", "action", "status"]))];
    }
    case "computer_call_output": {
      const part: HostedToolResultPart = {
        type: "hosted-tool-result",
        callId: item.call_id as string,
        tool: "computer",
        output: item.output,
      };
      return [withResponsesExtensions(part, remainingFields(item, ["type", "call_id", "output"]))];
    }
    default: {
      const part: HostedToolCallPart = {
        type: "hosted-tool-call",
        id: typeof item.id === "string" ? item.id : "",
        tool: String(item.type),
        input: undefined,
      };
      return [withResponsesExtensions(part, { raw: item })];
    }
  }
}

/** Whether an item's parts belong in a `tool` turn (the caller's outputs) rather than the assistant's. */
export function isResponsesToolOutputItem(type: unknown): boolean {
  return typeof type === "string" && type.endsWith("_output");
}
