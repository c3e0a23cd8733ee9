import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatEventOf } from "../model/chat-event";
import type { Extensions } from "../model/extensions";

/** The stream events whose format-specific fields {@link createForeignStreamFieldsLoss} reads. */
export type StreamEnvelopeEvent = ChatEventOf<
  "response-start" | "usage" | "response-end" | "part-start" | "citation-delta" | "error"
>;

/**
 * The canonical path of the fields a stream's `response-start` carries (its extensions and the
 * usage known at the start), apart from the response's own: a decoder traces
 * `/start/extensions/<format>/<field>` and `/start/usage/extensions/<format>/<field>` to where its
 * stream said them, and `/extensions/…`, `/usage/extensions/…` to where it said the final ones.
 */
export const streamStartPath = "/start";

/**
 * For the stream encoder of format `format`: a function that reports, as `dropped`, each field
 * another format kept in a stream's envelope (a `response-start`'s or `response-end`'s
 * `extensions[other]`, and their usage's, or a `usage` event's), which this format has no place
 * for: a messages `message_start`'s container or usage service tier, a `message_delta`'s stop
 * details, a responses `response.created`'s settings; and a `part-start`'s, at
 * `/parts/<index>/extensions/<other>/…` (a responses output item's `id`), and a `citation-delta`'s,
 * at `/parts/<index>/citations/<n>/extensions/<other>/…` (the part's n-th citation: a
 * generate-content citation source's `license`), and an `error`'s, at `/error/extensions/<other>/…`
 * (a responses error event's own `type`). Each is reported once, at
 * `/start/extensions/<other>/<field>` (`/start/usage/extensions/…`) for the start and
 * `/extensions/<other>/<field>` (`/usage/extensions/…`) otherwise, which the decoder's trace turns
 * into the caller's terms. A field the trace places nowhere of its own (nowhere, or only where the
 * node holding it is: a codec's own bookkeeping, which no wire field holds) is not reported, but an object there is looked into: the members of a holder the
 * decoder gathered fields in are reported each where the trace places them. Null and an empty
 * object say nothing, and are not reported.
 */
export function createForeignStreamFieldsLoss(
  context: ConversionContext,
  format: string,
): (event: StreamEnvelopeEvent) => void {
  const reported = new Set<string>();
  /** How many citations each part has had. */
  const citations = new Map<number, number>();
  /** `base` is where the node holding the field traces to: a field placed only there is not its own. */
  const reportField = (path: string, key: string, value: unknown, base: string) => {
    const holder = typeof value === "object" && value !== null && !Array.isArray(value);
    // Null or an empty object (what is left of a detail object mapped in full) says nothing.
    if (reported.has(path) || value === null || (holder && Object.keys(value).length === 0)) return;
    const source = context.sourcePath(path);
    if (source !== "" && source !== base) {
      reported.add(path);
      context.lose("dropped", path, `${key} has no place in a ${format} stream`);
    } else if (holder) {
      // A holder the decoder gathered fields in (a candidate's own fields): each member on its own.
      for (const [member, memberValue] of Object.entries(value))
        reportField(pointer(path, member), member, memberValue, base);
    }
  };
  const report = (base: string, extensions: Extensions | undefined) => {
    const holderSource = context.sourcePath(base);
    for (const [owner, fields] of Object.entries(extensions ?? {})) {
      if (owner === format) continue;
      for (const [key, value] of Object.entries(fields))
        reportField(pointer(base, "extensions", owner, key), key, value, holderSource);
    }
  };
  return (event) => {
    if (event.type === "error") {
      report("/error", event.error.extensions);
      return;
    }
    if (event.type === "part-start") {
      report(pointer("/parts", event.index), event.extensions);
      return;
    }
    if (event.type === "citation-delta") {
      const position = citations.get(event.index) ?? 0;
      citations.set(event.index, position + 1);
      report(pointer("/parts", event.index, "citations", position), event.citation.extensions);
      return;
    }
    const base = event.type === "response-start" ? streamStartPath : "";
    if (event.type !== "usage") report(base, event.extensions);
    report(pointer(base, "usage"), event.usage?.extensions);
  };
}
