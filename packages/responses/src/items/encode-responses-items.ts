import {
  type ConversionContext,
  type HostedToolCallPart,
  type HostedToolResultPart,
  type Message,
  type Part,
  pointer,
  type ReasoningPart,
  type ToolCallPart,
  type ToolResultPart,
} from "@interlingua/core";
import { memberName, namespaceOfCall } from "../request/responses-tool-namespace";
import {
  assignFields,
  isWireObject,
  responsesExtensions,
  responsesFormatId,
  type WireObject,
} from "../responses-extensions";
import { isResponsesContentPart } from "./decode-responses-content";
import { encodeResponsesCallId } from "./encode-responses-call-id";
import { encodeResponsesContent, type ResponsesEncodeTarget } from "./encode-responses-content";

interface OpenMessage {
  item: WireObject;
  content: WireObject[];
  contentString: boolean;
  emptyContent: boolean;
}

/**
 * Canonical parts as items, in order: text, media and refusal parts gather into message items (a
 * part whose extensions open an item starts a new one; foreign parts join the open one); every other
 * part becomes its own item. `messageExtensions` are the extensions of a message that was one item
 * (`item` fields, `contentString`).
 * For `output`, the fields a response requires (`id`, `status`) are filled in when a part lacks them.
 */
export function encodeResponsesParts(
  parts: readonly Part[],
  role: Message["role"],
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
  messageExtensions?: WireObject,
): WireObject[] {
  const items: WireObject[] = [];
  let open: OpenMessage | undefined;
  let messageRole: string = role;
  if (role === "tool") messageRole = "user";
  const close = () => {
    if (!open) return;
    const single = open.content[0];
    if (open.emptyContent) open.item.content = [];
    else if (
      open.contentString &&
      open.content.length === 1 &&
      typeof single?.text === "string" &&
      !hasAnnotations(single)
    )
      open.item.content = single.text;
    else open.item.content = open.content;
    open = undefined;
  };

  parts.forEach((part, index) => {
    // A numeric token needs no escaping: built directly, as this runs for every part.
    const partPath = `${path}/${index}`;
    if (isResponsesContentPart(part)) {
      if (part.type === "media" && target === "output") {
        context.lose("unsupported", partPath, `${part.kind} output has no place in a responses message`);
        return;
      }
      const fields = responsesExtensions(part);
      const startsItem = fields?.item !== undefined;
      if (!open || startsItem || (fields?.sameItem !== true && open.emptyContent)) {
        close();
        const first = items.length === 0;
        const itemFields =
          (fields?.item as WireObject | undefined) ??
          (first ? (messageExtensions?.item as WireObject | undefined) : undefined);
        if (role === "tool")
          context.lose("approximated", partPath, "content in a tool turn became a user message");
        open = {
          item: openMessageItem(itemFields, messageRole, target, context),
          content: [],
          contentString:
            fields?.contentString === true ||
            (first && !startsItem && messageExtensions?.contentString === true),
          emptyContent: fields?.emptyContent === true,
        };
        items.push(open.item);
        if (open.emptyContent) return;
      }
      const content = encodeResponsesContent(part, messageRole, target, context, partPath);
      if (content) open.content.push(content);
      return;
    }
    close();
    const item = encodeResponsesItemPart(part, items, target, context, partPath);
    if (item) items.push(item);
  });
  close();
  return items;
}

function hasAnnotations(content: WireObject): boolean {
  return Array.isArray(content.annotations) && content.annotations.length > 0;
}

function openMessageItem(
  fields: WireObject | undefined,
  role: string,
  target: ResponsesEncodeTarget,
  context: ConversionContext,
): WireObject {
  if (target === "input") {
    const item = assignFields({}, fields);
    item.role = role;
    item.content = [];
    return item;
  }
  const item = assignFields({ type: "message" }, fields);
  item.role = (fields?.role as string | undefined) ?? role;
  if (item.id === undefined) item.id = context.generateId("msg");
  if (item.status === undefined) item.status = "completed";
  item.content = [];
  return item;
}

function encodeResponsesItemPart(
  part: Exclude<Part, { type: "text" | "media" | "refusal" }>,
  items: WireObject[],
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  switch (part.type) {
    case "tool-call":
      return encodeFunctionCall(part, target, context, path);
    case "tool-result":
      return encodeFunctionCallOutput(part, target, context, path);
    case "reasoning":
      return encodeReasoning(part, target, context, path);
    case "hosted-tool-call":
      return encodeHostedToolCall(part, target, context, path);
    case "hosted-tool-result":
      return encodeHostedToolResult(part, items, target, context, path);
    case "code":
    case "code-result":
      context.lose("unsupported", path, `a ${part.type} part has no responses item`);
      return undefined;
    default: {
      const unknown: never = part;
      throw new TypeError(`Unknown part ${JSON.stringify(unknown)}`);
    }
  }
}

function encodeFunctionCall(
  part: ToolCallPart,
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
): WireObject {
  if (part.signature && part.signature.format !== responsesFormatId)
    context.lose(
      "dropped",
      pointer(path, "signature"),
      `a ${part.signature.format} signature cannot go to a responses backend`,
    );
  if (part.cache)
    context.lose("dropped", pointer(path, "cache"), "the responses format has no cache breakpoints");
  const fields = responsesExtensions(part);
  const item = assignFields({ type: "function_call" }, fields);
  if (target === "output") {
    item.id ??= context.generateId("fc");
    item.status ??= "completed";
  }
  item.call_id = encodeResponsesCallId(part.id, target, context, pointer(path, "id"));
  // A call of a namespace member: its own name under its group, as the client declared it.
  const namespace = (fields?.namespace as string | undefined) ?? namespaceOfCall(part.name, context.request);
  if (typeof namespace === "string") {
    item.namespace = namespace;
    item.name = memberName(namespace, part.name);
  } else item.name = part.name;
  item.arguments =
    (fields?.arguments as string | undefined) ?? part.rawArguments ?? JSON.stringify(part.arguments ?? {});
  return item;
}

function encodeFunctionCallOutput(
  part: ToolResultPart,
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  if (target === "output") {
    context.lose("dropped", path, "a tool result cannot be part of a response's output");
    return undefined;
  }
  if (part.isError)
    context.lose("dropped", pointer(path, "isError"), "function_call_output has no error flag");
  if (part.cache)
    context.lose("dropped", pointer(path, "cache"), "the responses format has no cache breakpoints");
  const { outputForm, ...fields } = responsesExtensions(part) ?? {};
  const item = assignFields({ type: "function_call_output" }, fields);
  item.call_id = encodeResponsesCallId(part.callId, target, context, pointer(path, "callId"));
  const allText = part.content.every((content) => content.type === "text");
  if (outputForm !== "array" && allText) {
    item.output = part.content.map((content) => (content.type === "text" ? content.text : "")).join("");
  } else {
    const output: WireObject[] = [];
    part.content.forEach((content, index) => {
      const encoded = encodeResponsesContent(
        content,
        "user",
        "input",
        context,
        pointer(path, "content", index),
      );
      if (encoded) output.push(encoded);
    });
    item.output = output;
  }
  return item;
}

function encodeReasoning(
  part: ReasoningPart,
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  const fields = responsesExtensions(part);
  const ownSignature = part.signature?.format === responsesFormatId;
  if (part.signature && !ownSignature)
    context.lose(
      "dropped",
      pointer(path, "signature"),
      `a ${part.signature.format} signature cannot go to a responses backend`,
    );
  if (target === "input" && fields === undefined && !ownSignature) {
    context.lose("dropped", path, "reasoning from another format cannot be replayed to a responses backend");
    return undefined;
  }
  const item = assignFields({ type: "reasoning" }, fields);
  item.id ??= context.generateId("rs");
  // Another format's reasoning in an answer is done, as its message and call items are.
  if (target === "output" && fields === undefined) item.status = "completed";
  item.summary = (part.summary ?? []).map((text) => ({ type: "summary_text", text }));
  if (ownSignature) item.encrypted_content = part.signature!.data;
  if (part.text !== undefined) item.content = [{ type: "reasoning_text", text: part.text }];
  return item;
}

function encodeHostedToolCall(
  part: HostedToolCallPart,
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  const fields = responsesExtensions(part);
  if (fields?.raw !== undefined) return fields.raw as WireObject;
  const status = part.status ?? "completed";
  switch (part.tool) {
    case "web_search": {
      const item: WireObject = { type: "web_search_call", ...fields, id: part.id, status };
      if (part.input !== undefined)
        item.action = webSearchAction(part.input, fields !== undefined, context, path);
      return item;
    }
    case "file_search": {
      const input = part.input as { queries?: unknown } | undefined;
      return { type: "file_search_call", ...fields, id: part.id, queries: input?.queries ?? [], status };
    }
    case "computer": {
      const action = fields === undefined ? computerAction(part.input) : part.input;
      if (action === undefined) {
        context.lose(
          "unsupported",
          pointer(path, "input"),
          "this computer action has no responses equivalent",
        );
        return undefined;
      }
      const item: WireObject = { type: "computer_call", ...fields };
      item.id ??= context.generateId("cu");
      item.call_id = encodeResponsesCallId(part.id, target, context, pointer(path, "id"));
      item.action = action;
      item.pending_safety_checks ??= [];
      item.status = status;
      return item;
    }
    default:
      context.lose(
        target === "input" ? "dropped" : "unsupported",
        path,
        `the hosted tool ${part.tool} has no responses item`,
      );
      return undefined;
  }
}

function encodeHostedToolResult(
  part: HostedToolResultPart,
  items: WireObject[],
  target: ResponsesEncodeTarget,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  if (part.tool === "file_search") {
    const call = items.findLast((item) => item.type === "file_search_call" && item.id === part.callId);
    if (call) {
      call.results = part.output;
      return undefined;
    }
  }
  if (part.tool === "computer" && target === "input") {
    if (!isWireObject(part.output) || typeof part.output.type !== "string") {
      context.lose(
        "dropped",
        pointer(path, "output"),
        "a computer result that is not a screenshot cannot be sent",
      );
      return undefined;
    }
    return {
      type: "computer_call_output",
      ...responsesExtensions(part),
      call_id: encodeResponsesCallId(part.callId, target, context, pointer(path, "callId")),
      output: part.output,
    };
  }
  context.lose("dropped", path, `a ${part.tool} result has no place in a responses ${target}`);
  return undefined;
}

/** A web search call's input as its `action`: our own as it was, another format's query as a `search` action. */
function webSearchAction(input: unknown, own: boolean, context: ConversionContext, path: string): unknown {
  const fields = (typeof input === "object" && input !== null ? input : {}) as WireObject;
  if (own || typeof fields.type === "string") return input;
  if (typeof fields.query !== "string")
    context.lose(
      "approximated",
      pointer(path, "input"),
      "a web search without a query became an empty search action",
    );
  return { type: "search", query: typeof fields.query === "string" ? fields.query : "" };
}

/**
 * Another format's computer-use input as a responses action: one already shaped as an action (a
 * string `type`) as it is; the messages format's `action` names (`left_click`, `type`, `key`, ...)
 * converted; undefined for anything else.
 */
function computerAction(input: unknown): WireObject | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  const fields = input as WireObject;
  if (typeof fields.type === "string") return fields;
  const [x, y] = Array.isArray(fields.coordinate) ? (fields.coordinate as number[]) : [0, 0];
  switch (fields.action) {
    case "screenshot":
      return { type: "screenshot" };
    case "left_click":
    case "right_click":
    case "middle_click":
      return {
        type: "click",
        button: String(fields.action).replace("_click", "").replace("middle", "wheel"),
        x,
        y,
      };
    case "double_click":
      return { type: "double_click", x, y, keys: null };
    case "mouse_move":
      return { type: "move", x, y };
    case "type":
      return { type: "type", text: fields.text };
    case "key":
      return { type: "keypress", keys: String(fields.text ?? "").split("+") };
    case "wait":
      return { type: "wait" };
    default:
      return undefined;
  }
}
