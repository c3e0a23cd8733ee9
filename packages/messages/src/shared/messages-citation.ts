import type { Citation, ConversionContext } from "@interlingua/core";
import type { MessagesCitation } from "../wire/messages-content-block";
import { extraFields, messagesExtensions } from "./extra-fields";

const kindByType: Record<string, Citation["kind"]> = {
  web_search_result_location: "url",
  char_location: "document",
  page_location: "document",
  content_block_location: "document",
  search_result_location: "search-result",
};

/** The canonical kind of a citation type; own keys only (`constructor` is an unknown type). */
const kindOf = (type: string) => (Object.hasOwn(kindByType, type) ? kindByType[type] : undefined);
const titleKey = (type: string) => (kindOf(type) === "document" ? "document_title" : "title");
const knownByTitleKey = {
  title: new Set(["cited_text", "url", "file_id", "title"]),
  document_title: new Set(["cited_text", "url", "file_id", "document_title"]),
};

/**
 * A messages citation as a canonical {@link Citation}. The location fields (document index,
 * character or page range, encrypted index) and the `type` stay in `extensions.messages`, since
 * their offsets point into the cited source, not into the text.
 */
export function citationFromMessages(wire: MessagesCitation): Citation {
  const key = titleKey(wire.type);
  const citation: Citation = { kind: kindOf(wire.type) ?? "other" };
  if (typeof wire.url === "string") citation.url = wire.url;
  const title = wire[key];
  if (typeof title === "string") citation.title = title;
  if (typeof wire.file_id === "string") citation.fileId = wire.file_id;
  if (typeof wire.cited_text === "string") citation.citedText = wire.cited_text;
  citation.extensions = messagesExtensions(extraFields(wire, knownByTitleKey[key]));
  return citation;
}

/**
 * A canonical citation as a messages citation. Only citations that came from this format can be
 * rebuilt (the format needs its own location fields); others are dropped with a loss.
 */
export function citationToMessages(
  citation: Citation,
  context: ConversionContext,
  path: string,
): MessagesCitation | undefined {
  const fields = citation.extensions?.messages;
  if (typeof fields?.type !== "string") {
    context.lose("dropped", path, `a ${citation.kind} citation from another format has no messages location`);
    return undefined;
  }
  const wire: MessagesCitation = { ...fields, type: fields.type };
  if (citation.citedText !== undefined) wire.cited_text = citation.citedText;
  if (citation.url !== undefined) wire.url = citation.url;
  if (citation.title !== undefined) wire[titleKey(fields.type)] = citation.title;
  if (citation.fileId !== undefined) wire.file_id = citation.fileId;
  return wire;
}
