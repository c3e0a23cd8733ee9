import type { Codec } from "../contracts/codec";
import type { ChatRequest } from "../model/chat-request";
import type { Part } from "../model/part";
import { type ConversionContext, pointer } from "./conversion-context";

/**
 * How a codec keeps a caller's request fields that have no canonical meaning, in the decoded
 * request's `extensions[codec.id]` (and each tool's): every key there is a caller field, reported
 * lost when the request goes to a backend of another format, except the codec's own bookkeeping.
 */
export interface UnmappedRequestFields {
  /** Keys of the codec's own bookkeeping (a holder's member as `holder/member`). */
  readonly marks: readonly string[];
  /** Wire objects mapped in part, whose unmapped members are kept under their name. */
  readonly holders: readonly string[];
  /**
   * Keys of the codec's bookkeeping in a function tool's `extensions[codec.id]`; when given, every
   * other key there is a caller field of that tool. Without it, tools' fields are not reported.
   */
  readonly toolMarks?: readonly string[];
  /**
   * The same for a hosted tool of a known kind (a messages `web_search_20250305`'s `defer_loading`);
   * a hosted tool of no known kind is reported whole by every other format's encoder.
   */
  readonly hostedToolMarks?: readonly string[];
  /**
   * Keys of the codec's bookkeeping in a message's or instruction's `extensions[codec.id]`; when
   * given, every other key there is a caller field of that message (a chat-completions assistant's
   * `audio` reference, a message `name`). Without it, messages' fields are not reported.
   */
  readonly messageMarks?: readonly string[];
  /**
   * With `messageMarks`: the key of a message's `extensions[codec.id]` listing the wire messages
   * merged into it (a messages turn of consecutive messages of one role), each entry holding that
   * message's own kept fields, read as a message's at `<key>/<n>/<field>`.
   */
  readonly mergedMessages?: string;
  /**
   * With `messageMarks`: the key of a message's `extensions[codec.id]` (or of a merged message's
   * entry) listing the blocks the canonical model has no part for, kept whole for the format (a
   * messages `container_upload`): each is reported `dropped` at `<key>/<n>`, which the decoder
   * traces to the block the caller sent.
   */
  readonly opaqueBlocks?: string;
  /**
   * Keys of a message part's `extensions[codec.id]` holding a block of the format that the part
   * stands for only in part (a messages `search_result` as its text): another format gets the
   * part, reported `approximated` at it.
   */
  readonly partBlocks?: readonly string[];
  /**
   * Keys of a message part's `extensions[codec.id]` that say something of the caller's request no
   * other format can (where an interactions input step begins): reported `dropped` at the key, which
   * the decoder traces to what the caller sent.
   */
  readonly partFields?: readonly string[];
  /**
   * Keys of the codec's bookkeeping in a message part's `extensions[codec.id]`; when given, every
   * other key there is a caller field of that part (an unknown field, a value the canonical part
   * cannot hold), reported `dropped` at the key, which the decoder traces to what the caller sent;
   * a key of `partHolders` holds a wire object's unmapped members, reported one by one.
   */
  readonly partMarks?: readonly string[];
  /**
   * Keys of a message's or message part's `extensions[codec.id]` holding a wire object the codec
   * mapped in part (a responses input item's own `id`, `status` and `phase`; a generate-content
   * part's unmapped members): each non-null member not marked `holder/member` in `marks` is a caller
   * field, reported `dropped` at `.../extensions/<format>/<holder>/<member>`, which the decoder
   * traces to what the caller sent.
   */
  readonly partHolders?: readonly string[];
  /**
   * Whether a hosted tool's `version` is the format's own spelling of the tool (a responses
   * `web_search` or pinned `web_search_preview_2025_03_11`), which another format cannot carry: it
   * uses its own version of the tool, reported `approximated` at the tool's version.
   */
  readonly hostedToolVersions?: boolean;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Reports, as `dropped` at `/extensions/<front>/<field>` (a tool's at
 * `/tools/<i>/extensions/<front>/<field>`), each caller field of `request` that the front's codec
 * kept only for its own format (`front.unmappedRequestFields`): a backend of format `backend`
 * never sees it. A field sent as `null` says nothing a backend could miss and is not reported. A
 * same-format backend gets them all back, so nothing is reported then. The gateway and the offline
 * converter both call it, so they report the same losses.
 */
export function reportUnmappedRequestFields(
  request: ChatRequest,
  front: Pick<Codec, "id" | "unmappedRequestFields">,
  backend: string | undefined,
  context: ConversionContext,
): void {
  const format = front.id;
  const fields = front.unmappedRequestFields;
  if (!fields || backend === format) return;
  const marks = new Set(fields.marks);
  // A caller field several canonical nodes keep (a namespace group, on each of its members) is one loss.
  const reported = new Set<string>();
  const lose = (base: string, path: string[]) => {
    const at = pointer(base, "extensions", format, ...path);
    const source = context.sourcePath(at);
    if (source !== "" && reported.has(source)) return;
    reported.add(source);
    context.lose(
      "dropped",
      at,
      `${path.join(".")} has no equivalent in the ${backend ?? "backend's"} format`,
    );
  };
  for (const [key, value] of Object.entries(request.extensions?.[format] ?? {})) {
    if (marks.has(key) || value === null) continue;
    if (!fields.holders.includes(key) || !isObject(value)) {
      lose("", [key]);
      continue;
    }
    for (const [member, memberValue] of Object.entries(value))
      if (!marks.has(`${key}/${member}`) && memberValue !== null) lose("", [key, member]);
  }
  if (fields.toolMarks || fields.hostedToolMarks) {
    const toolMarks = fields.toolMarks && new Set(fields.toolMarks);
    const hostedToolMarks = fields.hostedToolMarks && new Set(fields.hostedToolMarks);
    request.tools?.forEach((tool, index) => {
      const marks =
        tool.type === "function" ? toolMarks : tool.kind === "other" ? undefined : hostedToolMarks;
      if (!marks) return;
      for (const [key, value] of Object.entries(tool.extensions?.[format] ?? {}))
        if (!marks.has(key) && value !== null) lose(pointer("", "tools", index), [key]);
    });
  }
  if (fields.messageMarks) {
    const messageMarks = new Set(fields.messageMarks);
    /** Each caller field of a message's kept fields `kept`, at `path` under the message at `at`. */
    const reportMessage = (kept: Record<string, unknown>, at: string, path: string[]) => {
      for (const [key, value] of Object.entries(kept)) {
        if (value === null || messageMarks.has(key)) continue;
        if (key === fields.mergedMessages && Array.isArray(value))
          value.forEach((entry, n) => {
            if (isObject(entry)) reportMessage(entry, at, [...path, key, String(n)]);
          });
        else if (key === fields.opaqueBlocks && Array.isArray(value))
          value.forEach((_, n) => {
            context.lose(
              "dropped",
              pointer(at, "extensions", format, ...path, key, n),
              `a ${format} block the canonical model has no part for cannot go to the ${backend ?? "backend's"} format`,
            );
          });
        else lose(at, [...path, key]);
      }
    };
    for (const list of ["instructions", "messages"] as const)
      request[list]?.forEach((message, index) => {
        reportMessage(message.extensions?.[format] ?? {}, pointer("", list, index), []);
      });
  }
  if (fields.hostedToolVersions)
    request.tools?.forEach((tool, index) => {
      if (tool.type === "hosted" && tool.version !== undefined)
        context.lose(
          "approximated",
          pointer("", "tools", index, "version"),
          `${tool.version} goes to the ${backend ?? "backend's"} format as its own version of the tool`,
        );
    });
  if (fields.partHolders || fields.partMarks) {
    const holders = new Set(fields.partHolders);
    const partMarks = fields.partMarks && new Set(fields.partMarks);
    /** Each holder's unmarked members, and with `partMarks` every other unmarked key, of `kept`. */
    const report = (kept: Record<string, unknown> | undefined, at: string, everyKey: boolean) => {
      for (const [key, value] of Object.entries(kept ?? {})) {
        if (value === null) continue;
        if (holders.has(key) && isObject(value)) {
          for (const [member, memberValue] of Object.entries(value))
            if (!marks.has(`${key}/${member}`) && memberValue !== null) lose(at, [key, member]);
        } else if (everyKey && !partMarks?.has(key)) lose(at, [key]);
      }
    };
    for (const list of ["instructions", "messages"] as const)
      for (const [index, message] of (request[list] ?? []).entries()) {
        const at = pointer("", list, index);
        report(message.extensions?.[format], at, false);
        for (const [partIndex, part] of message.parts.entries())
          report(part.extensions?.[format], pointer(at, "parts", partIndex), partMarks !== undefined);
      }
  }
  if (fields.partBlocks) reportPartBlocks(request, format, fields.partBlocks, backend, context);
  if (fields.partFields)
    for (const [index, message] of request.messages.entries())
      for (const [partIndex, part] of message.parts.entries())
        for (const key of fields.partFields)
          if (part.extensions?.[format]?.[key] !== undefined)
            lose(pointer("", "messages", index, "parts", partIndex), [key]);
}

/** The `approximated` loss of each part (or tool result content part) standing for one of `blocks`. */
function reportPartBlocks(
  request: ChatRequest,
  format: string,
  blocks: readonly string[],
  backend: string | undefined,
  context: ConversionContext,
): void {
  const check = (part: Part, path: string) => {
    const kept = part.extensions?.[format];
    const block = kept && blocks.find((key) => kept[key] !== undefined);
    if (block !== undefined)
      context.lose(
        "approximated",
        path,
        `a ${block} block goes to the ${backend ?? "backend's"} format as its ${part.type} only`,
      );
  };
  for (const [index, message] of request.messages.entries())
    for (const [partIndex, part] of message.parts.entries()) {
      const path = pointer("", "messages", index, "parts", partIndex);
      check(part, path);
      if (part.type !== "tool-result") continue;
      for (const [innerIndex, inner] of part.content.entries())
        check(inner, pointer(path, "content", innerIndex));
    }
}
