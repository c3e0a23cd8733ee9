import * as z from "zod/mini";
import { Candidate } from "./candidate";
import { ResponseStatus } from "./chat-response";
import { Citation } from "./citation";
import { ErrorData } from "./error-data";
import { Extensions } from "./extensions";
import { FinishReason } from "./finish-reason";
import { Part } from "./part";
import { Usage } from "./usage";

/** The first event of a stream: who is answering. */
export const ResponseStartEvent = z.object({
  type: z.literal("response-start"),
  /** Response id. */
  id: z.string(),
  /** Model that answers. */
  model: z.string(),
  /** Creation time, epoch seconds. */
  created: z.optional(z.int()),
  /** Usage known at the start (prompt tokens), if any. */
  usage: z.optional(Usage),
  /**
   * Format-specific fields known when the stream opens (the responses format's echoed settings in
   * `response.created`), so a same-format re-encoding can reproduce them.
   */
  extensions: z.optional(Extensions),
});

/** A new output part begins at `index`. */
export const PartStartEvent = z.object({
  type: z.literal("part-start"),
  /** Position of the part in the response's output. */
  index: z.int(),
  /** What kind of part. */
  kind: z.string(),
  /** Call id, for tool and hosted-tool calls. */
  id: z.optional(z.string()),
  /** Tool name, for tool calls; hosted tool, for hosted calls. */
  name: z.optional(z.string()),
  /**
   * Format-specific fields known when the part opens (the responses format's output item id), so
   * encoders can name the part consistently before its `part-end` arrives.
   */
  extensions: z.optional(Extensions),
});

/** More text for the text part at `index`. */
export const TextDeltaEvent = z.object({
  type: z.literal("text-delta"),
  index: z.int(),
  /** The fragment. */
  text: z.string(),
});

/** More raw argument JSON for the tool call at `index`. */
export const ToolArgumentsDeltaEvent = z.object({
  type: z.literal("tool-arguments-delta"),
  index: z.int(),
  /** The JSON text fragment (not parseable on its own). */
  text: z.string(),
});

/** More reasoning text, or summary text when `summaryIndex` is set, for the part at `index`. */
export const ReasoningDeltaEvent = z.object({
  type: z.literal("reasoning-delta"),
  index: z.int(),
  /** The fragment. */
  text: z.string(),
  /** Which summary paragraph this extends; absent for thinking text. */
  summaryIndex: z.optional(z.int()),
});

/** More of the opaque signature of the part at `index`. */
export const SignatureDeltaEvent = z.object({
  type: z.literal("signature-delta"),
  index: z.int(),
  /** The fragment, appended to what came before. */
  signature: z.string(),
});

/** A citation attached to the text part at `index`. */
export const CitationDeltaEvent = z.object({
  type: z.literal("citation-delta"),
  index: z.int(),
  citation: Citation,
});

/**
 * Live progress of the hosted tool call at `index` while it runs (code being written, a partial
 * image, a search under way), which its part's end does not repeat. Only the format that sent it
 * can say it again: its fields are in `extensions[format]`, and an encoder of another format drops
 * it with a loss.
 */
export const ToolProgressEvent = z.object({
  type: z.literal("tool-progress"),
  index: z.int(),
  /** What the progress says, in its format's words (`code_interpreter_call_code.delta`). */
  stage: z.string(),
  /** The progress event's own fields, keyed by the format that sent it. */
  extensions: Extensions,
});

/** The part at `index` is complete; `part` is authoritative over the deltas before it. */
export const PartEndEvent = z.object({
  type: z.literal("part-end"),
  index: z.int(),
  /** The whole part. */
  part: Part,
});

/** Updated usage counts mid-stream (cumulative, not increments). */
export const UsageEvent = z.object({
  type: z.literal("usage"),
  usage: Usage,
});

/** The stream ends successfully (or cut short: see `status`). Carries the rest of the response. */
export const ResponseEndEvent = z.object({
  type: z.literal("response-end"),
  /** Why generation stopped. */
  finishReason: FinishReason,
  /** Final usage. */
  usage: z.optional(Usage),
  /** The matched stop sequence. */
  stopSequence: z.optional(z.string()),
  /** `completed` unless cut short. */
  status: z.optional(ResponseStatus),
  /** Extra candidates, whole. */
  candidates: z.optional(z.array(Candidate)),
  /** Response-level format-specific fields. */
  extensions: z.optional(Extensions),
});

/** The stream fails; nothing follows. */
export const ErrorEvent = z.object({
  type: z.literal("error"),
  error: ErrorData,
});

/** A sign of life with no content (messages `ping`, SSE comments). */
export const KeepaliveEvent = z.object({
  type: z.literal("keepalive"),
});

/** One event of a canonical response stream. See `checkEventSequence` for the ordering rules. */
export const ChatEvent = z.discriminatedUnion("type", [
  ResponseStartEvent,
  PartStartEvent,
  TextDeltaEvent,
  ToolArgumentsDeltaEvent,
  ReasoningDeltaEvent,
  SignatureDeltaEvent,
  CitationDeltaEvent,
  ToolProgressEvent,
  PartEndEvent,
  UsageEvent,
  ResponseEndEvent,
  ErrorEvent,
  KeepaliveEvent,
]);
/** One canonical stream event; see {@link ChatEvent}. */
export type ChatEvent = z.infer<typeof ChatEvent>;
/** The `type` tag of a {@link ChatEvent}. */
export type ChatEventType = ChatEvent["type"];
/** The {@link ChatEvent} with the given `type`. */
export type ChatEventOf<T extends ChatEventType> = Extract<ChatEvent, { type: T }>;
