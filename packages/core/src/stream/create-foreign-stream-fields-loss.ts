import { type ConversionContext, pointer } from "../conversion/conversion-context";
import type { ChatEventOf } from "../model/chat-event";
import type { Extensions } from "../model/extensions";

/** The stream events whose format-specific fields {@link createForeignStreamFieldsLoss} reads. */
export type StreamEnvelopeEvent = ChatEventOf<"response-start" | "usage" | "response-end">;

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
 * details, a responses `response.created`'s settings. Each is reported once, at
 * `/start/extensions/<other>/<field>` (`/start/usage/extensions/…`) for the start and
 * `/extensions/<other>/<field>` (`/usage/extensions/…`) otherwise, which the decoder's trace turns
 * into the caller's terms. A field the trace places nowhere (a codec's own bookkeeping, which no
 * wire field holds) is not reported.
 */
export function createForeignStreamFieldsLoss(
  context: ConversionContext,
  format: string,
): (event: StreamEnvelopeEvent) => void {
  const reported = new Set<string>();
  const report = (base: string, extensions: Extensions | undefined) => {
    for (const [owner, fields] of Object.entries(extensions ?? {})) {
      if (owner === format) continue;
      for (const key of Object.keys(fields)) {
        const path = pointer(base, "extensions", owner, key);
        if (reported.has(path) || context.sourcePath(path) === "") continue;
        reported.add(path);
        context.lose("dropped", path, `${key} has no place in a ${format} stream`);
      }
    }
  };
  return (event) => {
    const base = event.type === "response-start" ? streamStartPath : "";
    if (event.type !== "usage") report(base, event.extensions);
    report(pointer(base, "usage"), event.usage?.extensions);
  };
}
