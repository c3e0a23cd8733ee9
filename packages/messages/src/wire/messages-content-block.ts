import { compiledLooseObject } from "@interlingua/core";
import * as z from "zod/mini";

/** A prompt-caching breakpoint (`cache_control`); `null` is accepted as "none". */
export const MessagesCacheControl = compiledLooseObject({
  type: z.literal("ephemeral"),
  ttl: z.optional(z.string()),
});
/** A prompt-caching breakpoint; see {@link MessagesCacheControl}. */
export type MessagesCacheControl = z.infer<typeof MessagesCacheControl>;

const cacheControl = z.nullish(MessagesCacheControl);

/** The image media types the format accepts. */
export const messagesImageMediaTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

/** A citation inside a text block (char, page, content-block, web-search or search-result location). */
export const MessagesCitation = compiledLooseObject({ type: z.string() });
/** A citation; see {@link MessagesCitation}. */
export type MessagesCitation = z.infer<typeof MessagesCitation> & Record<string, unknown>;

/** `{type: "text"}`: non-empty text, optional citations and cache breakpoint. */
export const MessagesTextBlock = compiledLooseObject({
  type: z.literal("text"),
  text: z.string().check(z.minLength(1, "text content blocks must be non-empty")),
  citations: z.nullish(z.array(MessagesCitation)),
  cache_control: cacheControl,
});

/** Where an image comes from: inline base64 of an accepted media type, a URL, or an uploaded file. */
export const MessagesImageSource = z.discriminatedUnion("type", [
  compiledLooseObject({
    type: z.literal("base64"),
    media_type: z.enum(messagesImageMediaTypes, {
      error: `media_type must be one of ${messagesImageMediaTypes.join(", ")}`,
    }),
    data: z.string(),
  }),
  compiledLooseObject({ type: z.literal("url"), url: z.string() }),
  compiledLooseObject({ type: z.literal("file"), file_id: z.string() }),
]);

/** `{type: "image"}`. */
export const MessagesImageBlock = compiledLooseObject({
  type: z.literal("image"),
  source: MessagesImageSource,
  cache_control: cacheControl,
});

/** Where a document comes from: base64 PDF, plain text, content blocks, a PDF URL, or an uploaded file. */
export const MessagesDocumentSource = z.discriminatedUnion("type", [
  compiledLooseObject({
    type: z.literal("base64"),
    media_type: z.literal("application/pdf"),
    data: z.string(),
  }),
  compiledLooseObject({ type: z.literal("text"), media_type: z.literal("text/plain"), data: z.string() }),
  compiledLooseObject({
    type: z.literal("content"),
    content: z.union([z.string(), z.array(z.union([MessagesTextBlock, MessagesImageBlock]))]),
  }),
  compiledLooseObject({ type: z.literal("url"), url: z.string() }),
  compiledLooseObject({ type: z.literal("file"), file_id: z.string() }),
]);

/** `{type: "document"}`. */
export const MessagesDocumentBlock = compiledLooseObject({
  type: z.literal("document"),
  source: MessagesDocumentSource,
  title: z.nullish(z.string()),
  context: z.nullish(z.string()),
  citations: z.nullish(compiledLooseObject({ enabled: z.optional(z.boolean()) })),
  cache_control: cacheControl,
});

/** `{type: "search_result"}`: a search result the caller supplies (kept opaque). */
export const MessagesSearchResultBlock = compiledLooseObject({
  type: z.literal("search_result"),
  source: z.string(),
  title: z.string(),
  content: z.array(MessagesTextBlock),
  cache_control: cacheControl,
});

/** `{type: "thinking"}`: visible thinking with its signature. */
export const MessagesThinkingBlock = compiledLooseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string(),
});

/** `{type: "redacted_thinking"}`: encrypted thinking. */
export const MessagesRedactedThinkingBlock = compiledLooseObject({
  type: z.literal("redacted_thinking"),
  data: z.string(),
});

/** `{type: "tool_use"}`: a call of a caller-defined tool. */
export const MessagesToolUseBlock = compiledLooseObject({
  type: z.literal("tool_use"),
  id: z.string(),
  name: z.string().check(z.minLength(1, "tool_use name must be non-empty")),
  input: z.record(z.string(), z.unknown()),
  cache_control: cacheControl,
});

/** Blocks a tool result may hold. */
export const MessagesToolResultContentBlock = z.discriminatedUnion("type", [
  MessagesTextBlock,
  MessagesImageBlock,
  MessagesDocumentBlock,
  MessagesSearchResultBlock,
  compiledLooseObject({ type: z.literal("tool_reference") }),
]);

/** `{type: "tool_result"}`: the caller's answer to a `tool_use`. */
export const MessagesToolResultBlock = compiledLooseObject({
  type: z.literal("tool_result"),
  tool_use_id: z.string(),
  content: z.optional(z.union([z.string(), z.array(MessagesToolResultContentBlock)])),
  is_error: z.optional(z.boolean()),
  cache_control: cacheControl,
});

/** `{type: "server_tool_use"}`: a call of a server tool (web search, code execution...). */
export const MessagesServerToolUseBlock = compiledLooseObject({
  type: z.literal("server_tool_use"),
  id: z.string(),
  name: z.string(),
  input: z.record(z.string(), z.unknown()),
  cache_control: cacheControl,
});

/** The block types that carry a server tool's result, each `<tool>_tool_result`. */
export const messagesServerToolResultTypes = [
  "web_search_tool_result",
  "web_fetch_tool_result",
  "code_execution_tool_result",
  "bash_code_execution_tool_result",
  "text_editor_code_execution_tool_result",
  "tool_search_tool_result",
] as const;

const serverToolResultBlock = <Type extends (typeof messagesServerToolResultTypes)[number]>(type: Type) =>
  compiledLooseObject({
    type: z.literal(type),
    tool_use_id: z.string(),
    content: z.unknown(),
    cache_control: cacheControl,
  });

/** `{type: "container_upload"}`: a file made available to the code-execution container (kept opaque). */
export const MessagesContainerUploadBlock = compiledLooseObject({
  type: z.literal("container_upload"),
  file_id: z.string(),
  cache_control: cacheControl,
});

/** Any content block a caller may send in `messages[].content`. */
export const MessagesRequestContentBlock = z.discriminatedUnion("type", [
  MessagesTextBlock,
  MessagesImageBlock,
  MessagesDocumentBlock,
  MessagesSearchResultBlock,
  MessagesThinkingBlock,
  MessagesRedactedThinkingBlock,
  MessagesToolUseBlock,
  MessagesToolResultBlock,
  MessagesServerToolUseBlock,
  serverToolResultBlock("web_search_tool_result"),
  serverToolResultBlock("web_fetch_tool_result"),
  serverToolResultBlock("code_execution_tool_result"),
  serverToolResultBlock("bash_code_execution_tool_result"),
  serverToolResultBlock("text_editor_code_execution_tool_result"),
  serverToolResultBlock("tool_search_tool_result"),
  MessagesContainerUploadBlock,
]);
/** A request content block; see {@link MessagesRequestContentBlock}. */
export type MessagesRequestContentBlock = z.infer<typeof MessagesRequestContentBlock>;
