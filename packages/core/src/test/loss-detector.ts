import type { AnyCodec, RequestLocation } from "../contracts/codec";
import { type ConversionContext, createConversionContext, pointer } from "../conversion/conversion-context";
import type { Loss } from "../conversion/loss";
import { reportUnmappedRequestFields } from "../conversion/report-unmapped-request-fields";
import { valueAtPointer } from "../conversion/trace-fields";
import { CanonicalError } from "../errors/canonical-error";
import { toCanonicalError } from "../errors/to-canonical-error";
import type { ChatEvent } from "../model/chat-event";
import type { ChatRequest } from "../model/chat-request";
import type { ChatResponse } from "../model/chat-response";
import { accumulate } from "../stream/accumulate";
import { transformAll } from "../stream/collect";
import { pairToolResults } from "../tool-use/pair-tool-results";
import { alignedLists } from "./aligned-lists";
import { cameBack } from "./came-back";
import { carriedByTarget } from "./carried-by-target";
import { isAtOrBelow, jsonLeaves } from "./json-leaves";
import { entriesReadElsewhere, listEntriesAbove, withoutFormatExtensions } from "./read-elsewhere";
import { refusalExplainedByLosses } from "./refusal-explained-by-losses";

/** A wire document of one format, as the detector takes it. */
export type DetectorDocument =
  | { kind: "request"; wire: unknown; location?: RequestLocation }
  | { kind: "response"; wire: unknown }
  | { kind: "stream"; events: unknown[] };

/**
 * What the detector found wrong on one round trip:
 * - `silent`: a source leaf came back different (or not at all) and no loss covers it;
 * - `false-loss`: a loss points at a node whose every leaf came back equal, and that the target
 *   carried one to one (its decoder reads back, at the loss's canonical node, what its encoder was
 *   given; see {@link carriedByTarget});
 * - `unplaced-loss`: a loss points at no node of the source document (its path is not in the
 *   caller's terms);
 * - `failed`: a step of the round trip threw, other than the target's encoder refusing a request
 *   clearly (see {@link clearRefusal}).
 */
export interface LossFinding {
  kind: "silent" | "false-loss" | "unplaced-loss" | "failed";
  /** The source format. */
  from: string;
  /** The format the document went through. */
  to: string;
  /** JSON pointer into the source document (for a stream, `/<event index>/...`). */
  path: string;
  /** What differs, or the loss, or the error, for a person. */
  detail: string;
}

/** Information-free differences the comparison ignores, format by format (see docs/architecture.md). */
export interface DetectorNormalization {
  /**
   * Rewrites a request or answer body, or one stream event, of this format into the form the
   * comparison reads (a string content as the one text block it means, a sequence number left
   * out). Defaults to no change.
   */
  normalize?(value: unknown, kind: "request" | "response" | "event"): unknown;
  /**
   * Rewrites a stream's events (each already through `normalize`) where one event's fields are
   * read with another's (a messages `message_start`'s usage as part of the cumulative usage of its
   * `message_delta`), keeping one entry per event so loss paths still find theirs. Defaults to no
   * change.
   */
  normalizeStream?(events: unknown[]): unknown[];
  /**
   * Where each event of a stream goes: a stream is compared as an object of its events placed at
   * these JSON pointers (`/block 1/start`), so the events of one piece of the answer line up however
   * they were numbered or split. `undefined` leaves the event out (a keepalive). Defaults to each
   * event's index (`/3`). Given the events as normalised, and as they came (`raw`), for keys that
   * read a field the normalisation leaves out (a renumbered index).
   */
  eventKeys?(events: readonly unknown[], raw: readonly unknown[]): (string | undefined)[];
  /**
   * Where a loss path into a stream (`/<event index>/...`) lands in the compared object, when not
   * below its event's place: the node that opened a piece (`/3/content_block`) stands for the whole
   * piece (`/block 1`). Return undefined to use the default.
   */
  placeLoss?(
    path: string,
    events: readonly unknown[],
    keys: readonly (string | undefined)[],
  ): string | undefined;
  /**
   * Where a loss path into a request or a whole answer lands in the compared body, when `normalize`
   * moved the node it names (a message merged into the turn before it, a deprecated field compared
   * under the name that replaced it). Given the document as it came. Return undefined to use the
   * path itself, null when what it points at is left out of the comparison.
   */
  placeBodyLoss?(path: string, body: unknown, kind: "request" | "response"): string | null | undefined;
  /** Joins a later event of the same key into the earlier one (text deltas: their text joined). Defaults to the later. */
  mergeEvents?(earlier: unknown, later: unknown): unknown;
}

/** Options of {@link detectLosses}. */
export interface LossDetectorOptions {
  /** Every format to go through (the source's own codec is skipped as a target). */
  codecs: readonly AnyCodec[];
  /** The format of `document`. */
  source: AnyCodec;
  document: DetectorDocument;
  /** Per-format normalisations by codec id. */
  normalizations?: Readonly<Record<string, DetectorNormalization>>;
}

const deterministicOptions = () => {
  let counter = 0;
  return { generateId: (prefix: string) => `${prefix}_${++counter}`, now: () => 1_700_000_000_000 };
};

/**
 * The same context with its source trace frozen: the way back from the target keeps reporting
 * losses in the source document's terms, through the trace its decoder made.
 */
function frozen(context: ConversionContext): ConversionContext {
  return { ...context, startSource() {}, trace() {} };
}

/**
 * The canonical pointer each loss of `context` was reported at (`lose`), recorded from now on; a
 * loss reported in the source's terms (`loseAtSource`) has none.
 */
function canonicalPathsOfLosses(context: ConversionContext): Map<Loss, string> {
  const paths = new Map<Loss, string>();
  const lose = context.lose;
  context.lose = (code, path, message) => {
    lose(code, path, message);
    const loss = context.losses.at(-1);
    if (loss !== undefined) paths.set(loss, path);
  };
  return paths;
}

/**
 * Reports each vendor field kept for another format as dropped, as a caller of the codecs does (the
 * gateway's `reportUnmappedRequestFields`), and every other key at the top of the request's
 * extensions (bookkeeping marks with no source field resolve to the root, which covers nothing). A
 * holder the source codec names (a wire object mapped in part) is not itself a field: its unmapped
 * members are reported, not the holder, which comes back through what was mapped.
 */
function reportForeignExtensions(
  request: ChatRequest,
  source: AnyCodec,
  target: string,
  context: ConversionContext,
): void {
  // What the gateway reports too: the fields of tools and messages the source codec names.
  reportUnmappedRequestFields(request, source, target, context);
  for (const [format, fields] of Object.entries(request.extensions ?? {})) {
    if (format === target || typeof fields !== "object" || fields === null) continue;
    const named = format === source.id ? source.unmappedRequestFields : undefined;
    for (const key of Object.keys(fields)) {
      if (named?.holders.includes(key) || named?.marks.includes(key)) continue;
      const path = pointer("", "extensions", format, key);
      if (context.sourcePath(path) !== "")
        context.lose("dropped", path, `${key} has no equivalent in the ${target} format`);
    }
  }
}

/**
 * Whether the target's encoder refused a request as a gateway answers a client's mistake: an
 * `invalid_request` error naming the field (a value the target cannot take and no nearer value
 * would say). That is the expected outcome, not a crash; anything else thrown is a bug, and so is
 * a refusal by the target's decoder (a request the backend would reject was sent).
 */
function clearRefusal(thrown: unknown): boolean {
  return CanonicalError.isInstance(thrown) && thrown.kind === "invalid_request" && thrown.param !== undefined;
}

/** What one round trip gave: see {@link roundTrip}. */
interface RoundTrip {
  returned: DetectorDocument;
  /** How many of the context's losses the way there reported. */
  lossesThere: number;
  /** The canonical form the target's encoder was given (a stream's events accumulated). */
  sent: unknown;
  /** The canonical form the target's decoder read from what that encoder made. */
  received: unknown;
  /**
   * The losses of pairing tool results (a result dropped, moved, or made for a call): each is a
   * change pairing made to what the target is sent, so each happened.
   */
  pairing?: readonly Loss[];
  /** The losses the source's decoder reported: what it left out never reached the canonical form. */
  decoding: readonly Loss[];
}

/** A stream's canonical events as one response, or undefined when they do not make one. */
async function accumulated(events: readonly ChatEvent[]): Promise<ChatResponse | undefined> {
  try {
    return await accumulate(structuredClone(events));
  } catch {
    return undefined;
  }
}

/**
 * One round trip: what came back, how many of the context's losses the way there reported, and the
 * canonical forms on either side of the target's wire; `undefined` when the target's encoder clearly
 * refused the request, or the source's encoder clearly refused what came back after the way there
 * reported losses (nothing left to send), or after the way back's own losses emptied the field it
 * names (see {@link refusalExplainedByLosses}).
 */
async function roundTrip(
  source: AnyCodec,
  target: AnyCodec,
  document: DetectorDocument,
  context: ConversionContext,
  canonicalPaths: ReadonlyMap<Loss, string>,
): Promise<RoundTrip | undefined> {
  // The way back names nodes of what the target's decoder read: each becomes the node of what the
  // target's encoder was given that it stands for, once both are known, before the trace reads it.
  let wayBack = (path: string) => path;
  const back: ConversionContext = {
    ...frozen(context),
    lose: (code, path, message) => context.lose(code, wayBack(path), message),
  };
  const lineUp = (sent: unknown, received: unknown) => {
    wayBack = wayBackPaths(sent, received, [...canonicalPaths.values()]);
  };
  switch (document.kind) {
    case "request": {
      const decoded = source.decodeRequest(structuredClone(document.wire), context, document.location);
      const decoding = [...context.losses];
      reportForeignExtensions(decoded, source, target.id, context);
      // As the gateway does before another format's backend: every call answered once, right after it.
      const unpaired = context.losses.length;
      const canonical = pairToolResults(decoded, context);
      const pairing = context.losses.slice(unpaired);
      const sent = structuredClone(canonical);
      let wire: unknown;
      try {
        wire = target.encodeRequest(canonical, context);
      } catch (thrown) {
        if (clearRefusal(thrown)) return undefined;
        throw thrown;
      }
      const lossesThere = context.losses.length;
      const location = {
        model: canonical.model,
        ...(canonical.stream !== undefined && { stream: canonical.stream }),
      };
      const again = target.decodeRequest(wire, back, location);
      const received = structuredClone(again);
      lineUp(sent, received);
      let returned: unknown;
      try {
        returned = source.encodeRequest(again, back);
      } catch (thrown) {
        // What the reported losses left (no message at all) the source's own encoder refuses clearly.
        if (lossesThere > 0 && clearRefusal(thrown)) return undefined;
        // So is what the way back's own losses emptied (a foreign hosted call dropped, no input left).
        if (refusalExplainedByLosses(thrown, context.losses.slice(lossesThere))) return undefined;
        throw thrown;
      }
      return {
        returned: { kind: "request", wire: returned, location: document.location },
        lossesThere,
        sent,
        received,
        pairing,
        decoding,
      };
    }
    case "response": {
      const canonical = source.decodeResponse(structuredClone(document.wire), context);
      const decoding = [...context.losses];
      const sent = structuredClone(canonical);
      const wire = target.encodeResponse(canonical, context);
      const lossesThere = context.losses.length;
      const again = target.decodeResponse(wire, back);
      const received = structuredClone(again);
      lineUp(sent, received);
      const returned = source.encodeResponse(again, back);
      return { returned: { kind: "response", wire: returned }, lossesThere, sent, received, decoding };
    }
    case "stream": {
      const events = await transformAll(
        structuredClone(document.events),
        source.createStreamDecoder(context),
      );
      const decoding = [...context.losses];
      const sent = await accumulated(events);
      const wire = await transformAll(events, target.createStreamEncoder(context));
      const lossesThere = context.losses.length;
      const again = await transformAll(wire, target.createStreamDecoder(back));
      const received = await accumulated(again);
      const returned = await transformAll(again, source.createStreamEncoder(back));
      return { returned: { kind: "stream", events: returned }, lossesThere, sent, received, decoding };
    }
  }
}

/**
 * The way back's canonical pointers (into what the target's decoder read, `received`) as pointers
 * into what the target's encoder was given (`sent`): lists are lined up around the entries the way
 * there reported lost or moved (`lossPaths`, canonical), as the comparison lines them up, so a loss
 * of the way back lands on the node it is about, not on the node its index named before an earlier
 * entry was dropped (decision 0018's known limit). An entry only `received` holds keeps its pointer.
 */
function wayBackPaths(
  sent: unknown,
  received: unknown,
  lossPaths: readonly string[],
): (path: string) => string {
  const aligned = alignedLists(sent, received, lossPaths);
  return (path) => aligned.returnedPath(path) ?? path;
}

/** A document in the form the comparison reads, and where each source pointer lands in it. */
interface ComparedForm {
  body: unknown;
  /** A pointer into the source document as a pointer into `body`, or undefined when it was left out. */
  place(path: string): string | undefined;
}

function comparedForm(
  document: DetectorDocument,
  normalization: DetectorNormalization | undefined,
): ComparedForm {
  if (document.kind !== "stream") {
    const body = normalization?.normalize
      ? normalization.normalize(structuredClone(document.wire), document.kind)
      : document.wire;
    const wire = document.wire;
    const kind = document.kind;
    return {
      body,
      place(path) {
        const placed = normalization?.placeBodyLoss?.(path, wire, kind);
        return placed === null ? undefined : (placed ?? path);
      },
    };
  }
  const merge = normalization?.mergeEvents ?? ((_: unknown, later: unknown) => later);
  const each = normalization?.normalize
    ? document.events.map((event) => normalization.normalize!(structuredClone(event), "event"))
    : document.events;
  const events = normalization?.normalizeStream ? normalization.normalizeStream(structuredClone(each)) : each;
  const keys = normalization?.eventKeys
    ? normalization.eventKeys(events, document.events)
    : events.map((_, index) => pointer("", index));
  const body: Record<string, unknown> = {};
  events.forEach((event, index) => {
    const key = keys[index];
    if (key === undefined) return;
    const tokens = key.slice(1).split("/");
    const last = tokens.pop()!;
    let holder = body;
    for (const token of tokens) {
      holder[token] ??= {};
      holder = holder[token] as Record<string, unknown>;
    }
    holder[last] = Object.hasOwn(holder, last)
      ? merge(holder[last], structuredClone(event))
      : structuredClone(event);
  });
  return {
    body,
    place(path) {
      if (path === "") return "";
      const special = normalization?.placeLoss?.(path, events, keys);
      if (special !== undefined) return special;
      const [, first = "", ...rest] = path.split("/");
      const key = keys[Number(first)];
      return key === undefined ? undefined : [key, ...rest].join("/");
    },
  };
}

/**
 * The keys the source codec declares its own bookkeeping in the extensions of a request's
 * canonical message or tool at `entry` (`unmappedRequestFields`); none elsewhere.
 */
function declaredMarks(source: AnyCodec, entry: string): readonly string[] {
  const declared = source.unmappedRequestFields;
  if (/^\/(messages|instructions)\/\d+$/.test(entry)) return declared?.messageMarks ?? [];
  if (/^\/tools\/\d+$/.test(entry)) return declared?.toolMarks ?? [];
  return [];
}

/**
 * The leaves of what the source's own encoder makes of the canonical form the target was given, in
 * the form the comparison reads; undefined when it throws.
 */
function sourceEncodingOf(
  source: AnyCodec,
  kind: "request" | "response",
  sent: unknown,
  normalization: DetectorNormalization | undefined,
): Map<string, unknown> | undefined {
  const context = createConversionContext(deterministicOptions());
  try {
    const wire =
      kind === "request"
        ? source.encodeRequest(structuredClone(sent as ChatRequest), context)
        : source.encodeResponse(structuredClone(sent as ChatResponse), context);
    return jsonLeaves(comparedForm({ kind, wire }, normalization).body);
  } catch {
    return undefined;
  }
}

/**
 * The loss detector. Decodes `document` (a request, a whole answer or a stream's events in format
 * `source`), encodes it to every other format, decodes that, encodes it back to `source`, and
 * compares the result with the original leaf by leaf, after the normalisations docs/architecture.md
 * lists. Every source leaf must come back equal or be covered by a loss reported on the way whose
 * path is that leaf or an ancestor, in the source document's own terms (the root covers nothing),
 * or lie in an entry the target carried one to one but read into another list (see
 * {@link entriesReadElsewhere}: the way back alone moved it);
 * every loss must point at a node of the source that did not come back whole, or that the target
 * did not carry. A request is paired as the gateway pairs it (`pairToolResults`). Returns what broke
 * these rules, an empty list when nothing did.
 */
export async function detectLosses(options: LossDetectorOptions): Promise<LossFinding[]> {
  const { source, document } = options;
  const findings: LossFinding[] = [];
  const normalization = options.normalizations?.[source.id];
  const compared = comparedForm(document, normalization);
  const original = jsonLeaves(compared.body);
  const sourceBody = document.kind === "stream" ? document.events : document.wire;
  for (const target of options.codecs) {
    if (target.id === source.id) continue;
    const found = (kind: LossFinding["kind"], path: string, detail: string) =>
      findings.push({ kind, from: source.id, to: target.id, path, detail });
    const context = createConversionContext(deterministicOptions());
    const canonicalPaths = canonicalPathsOfLosses(context);
    let returnedBody: unknown;
    let trip: RoundTrip | undefined;
    try {
      trip = await roundTrip(source, target, document, context, canonicalPaths);
      if (trip === undefined) continue;
      returnedBody = comparedForm(trip.returned, normalization).body;
    } catch (thrown) {
      found("failed", "", toCanonicalError(thrown).message);
      continue;
    }
    const placedPaths = (losses: readonly Loss[]) =>
      losses.flatMap((loss) => {
        const placed = loss.path === "" ? undefined : compared.place(loss.path);
        return placed === undefined || placed === "" ? [] : [placed];
      });
    const lossPaths = placedPaths(context.losses);
    const readElsewhere = (differing: readonly string[]) => {
      const { sent } = trip;
      if (differing.length === 0 || document.kind === "stream" || sent === undefined) return [];
      return entriesReadElsewhere({
        sent,
        received: trip.received,
        sourceFormat: source.id,
        targetFormat: target.id,
        candidates: listEntriesAbove(compared.body, differing),
        placeCanonical: (canonicalPath) => compared.place(context.sourcePath(canonicalPath)),
        keptBySource(path, entries) {
          const stripped = withoutFormatExtensions(sent, entries, source.id, (entry) =>
            declaredMarks(source, entry),
          );
          const own = sourceEncodingOf(source, document.kind, stripped, normalization);
          return [...original].every(
            ([leaf, value]) =>
              !isAtOrBelow(leaf, path) || (own !== undefined && cameBack(value, own.get(leaf))),
          );
        },
      });
    };
    // Entries around one a loss says was dropped, moved or answered by an added one are numbered
    // again (renumbering says nothing): they are compared with the entries they are. One the
    // source's decoder dropped never reached the canonical form, so it is in no place of what came
    // back (another entry that came back changed is not it).
    const leftOut = placedPaths(trip.decoding.filter((loss) => loss.code === "dropped"));
    const comparison = (covered: readonly string[], absent: readonly string[]) => {
      const trimmed = alignedLists(compared.body, returnedBody, covered, absent);
      const kept = trimmed.source === compared.body ? original : jsonLeaves(trimmed.source);
      const returned = jsonLeaves(trimmed.returned);
      const changed = new Set<string>();
      for (const [path, value] of kept) if (!cameBack(value, returned.get(path))) changed.add(path);
      const uncovered = [...changed].filter((path) => {
        const sourcePath = trimmed.sourcePath(path);
        return !covered.some((lossPath) => isAtOrBelow(sourcePath, lossPath));
      });
      return { trimmed, kept, returned, changed, uncovered };
    };
    let compare = comparison(lossPaths, leftOut);
    // An entry the target carried one to one but read into another list is a difference of the way
    // back alone: it is compared as an entry no longer there.
    const elsewhere = readElsewhere(compare.uncovered.map((path) => compare.trimmed.sourcePath(path)));
    if (elsewhere.length > 0) compare = comparison([...lossPaths, ...elsewhere], [...leftOut, ...elsewhere]);
    const { trimmed, kept, returned, changed } = compare;
    /** Each source leaf still compared, by the pointer it has in the trimmed body. */
    const comparedAt = new Map<string, string>();
    for (const path of kept.keys()) comparedAt.set(trimmed.sourcePath(path), path);
    for (const path of compare.uncovered) {
      const sourcePath = trimmed.sourcePath(path);
      found(
        "silent",
        sourcePath,
        `${JSON.stringify(kept.get(path))} came back as ${JSON.stringify(returned.get(path))}`,
      );
    }
    // A loss on the way back covers what it says, but only those of the way there are a caller's.
    const { lossesThere, sent, received, pairing } = trip;
    for (const loss of context.losses.slice(0, lossesThere)) {
      if (loss.path === "") continue;
      if (valueAtPointer(sourceBody, loss.path) === undefined) {
        found("unplaced-loss", loss.path, `${loss.code}: ${loss.message}`);
        continue;
      }
      const placed = compared.place(loss.path);
      if (placed === undefined || pairing?.includes(loss)) continue;
      // Nothing was lost where every leaf below came back, present and equal.
      const below = [...original.keys()].filter((path) => isAtOrBelow(path, placed));
      const whole = (path: string) => {
        const at = comparedAt.get(path);
        return at !== undefined && !changed.has(at) && returned.has(at);
      };
      if (below.length === 0 || !below.every(whole)) continue;
      // The way back may restore what the target could not carry (a raw value kept canonically, a
      // mapping that inverts the approximation): the loss happened where the target's own reading
      // of what it was sent differs from what it was given, at the node the loss names.
      const canonicalPath = canonicalPaths.get(loss);
      const readable = canonicalPath !== undefined && sent !== undefined && received !== undefined;
      if (readable && !carriedByTarget(sent, received, canonicalPath)) continue;
      found("false-loss", loss.path, `${loss.code}: ${loss.message}`);
    }
  }
  return findings;
}
