import type { TextPart } from "@interlingua/core";
import { cacheFromMessages } from "./decode-messages-block";
import { isRecord } from "./extra-fields";

/** The key of `extensions.messages` on a text part that holds the `search_result` block it came from. */
export const searchResultMark = "searchResult";

/**
 * A `search_result` block (a source, a title and text content the model may cite) as a canonical
 * text part: its title, its source and its text, so another format still gets what it says. The
 * block itself is kept in `extensions.messages.searchResult`, which the messages encoder sends
 * back exactly; another format gets only the text (reported `approximated`).
 */
export function decodeSearchResultBlock(block: Record<string, unknown>): TextPart {
  const texts = Array.isArray(block.content)
    ? block.content.flatMap((inner) =>
        isRecord(inner) && typeof inner.text === "string" ? [inner.text] : [],
      )
    : [];
  const heading = [block.title, block.source].filter((line) => typeof line === "string");
  const part: TextPart = {
    type: "text",
    text: [heading.join("\n"), ...texts].filter((piece) => piece !== "").join("\n\n"),
    extensions: { messages: { [searchResultMark]: block } },
  };
  const cache = cacheFromMessages(block.cache_control);
  if (cache) part.cache = cache;
  return part;
}

/** The `search_result` block a text part came from, when it did. */
export function searchResultBlockOf(part: TextPart): Record<string, unknown> | undefined {
  const block = part.extensions?.messages?.[searchResultMark];
  return isRecord(block) ? block : undefined;
}
