import type { Citation, ConversionContext } from "@interlingua/core";
import {
  assignWireFields,
  chatCompletionsExtensions,
  remainingFields,
  type WireObject,
  withChatCompletionsExtensions,
} from "../chat-completions-extensions";

/**
 * An assistant message's `annotations` entry as a citation: a `url_citation` by URL with its span
 * and title, anything else kept whole (`annotation`) as an `other` citation.
 */
export function decodeChatCompletionsAnnotation(annotation: WireObject): Citation {
  const inner = annotation.url_citation as WireObject | undefined;
  if (annotation.type !== "url_citation" || inner === undefined || typeof inner.url !== "string")
    return { kind: "other", extensions: { "chat-completions": { annotation } } };
  const citation: Citation = { kind: "url", url: inner.url };
  const consumed = ["url"];
  if (typeof inner.title === "string") {
    citation.title = inner.title;
    consumed.push("title");
  }
  if (typeof inner.start_index === "number") {
    citation.startIndex = inner.start_index;
    consumed.push("start_index");
  }
  if (typeof inner.end_index === "number") {
    citation.endIndex = inner.end_index;
    consumed.push("end_index");
  }
  const rest = remainingFields(annotation, ["type", "url_citation"]) ?? {};
  const innerRest = remainingFields(inner, consumed);
  if (innerRest !== undefined) rest.url_citation = innerRest;
  return withChatCompletionsExtensions(citation, rest);
}

/**
 * A citation as an `annotations` entry, its span moved by `offset` (the length of the text joined
 * before its part). The format cites only URLs: another citation is dropped with a loss, and a
 * missing span is filled (the whole part) with one; a missing title is sent empty, which says the
 * same.
 */
export function encodeChatCompletionsAnnotation(
  citation: Citation,
  offset: number,
  textLength: number,
  context: ConversionContext,
  path: string,
): WireObject | undefined {
  const fields = chatCompletionsExtensions(citation);
  if (fields?.annotation !== undefined) return fields.annotation as WireObject;
  if (citation.url === undefined) {
    context.lose(
      "dropped",
      path,
      `the chat-completions format cites only URLs, not a ${citation.kind} citation`,
    );
    return undefined;
  }
  // An empty title says what a missing one does (no title); an invented span says more.
  if (citation.startIndex === undefined || citation.endIndex === undefined)
    context.lose("approximated", path, "a URL citation without a span was given the whole text");
  const { url_citation: innerRest, ...rest } = fields ?? {};
  const inner = assignWireFields(
    {
      url: citation.url,
      title: citation.title ?? "",
      start_index: offset + (citation.startIndex ?? 0),
      end_index: offset + (citation.endIndex ?? textLength),
    },
    innerRest as WireObject | undefined,
  );
  return assignWireFields({ type: "url_citation", url_citation: inner }, rest);
}
