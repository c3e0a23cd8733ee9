import {
  type ChatEvent,
  type ChatEventOf,
  type Citation,
  type ConversionContext,
  type ErrorData,
  type Part,
  pointer,
  StreamParseFailure,
  type StreamTransformer,
} from "@interlingua/core";
import { generateContentErrorFromWire } from "../errors/generate-content-error-from-wire";
import { generateContentErrorByKind } from "../errors/generate-content-error-statuses";
import { decodeGenerateContentPart, type PartIdentity } from "../request/decode-generate-content-part";
import { responseCallId } from "../request/generate-content-call-ids";
import {
  decodeExtraCandidate,
  summarizeGenerateContentOutcome,
} from "../response/decode-generate-content-response";
import {
  citationFromGenerateContent,
  type GenerateContentCitationSource,
} from "../response/generate-content-citations";
import { finishReasonFromGenerateContent } from "../response/generate-content-finish-reason";
import { usageFromGenerateContent } from "../response/generate-content-usage";
import {
  generateContentExtensions,
  generateContentFormat,
  unknownFields,
} from "../wire/generate-content-extensions";
import type { GenerateContentPart } from "../wire/generate-content-request-schema";
import type {
  GenerateContentCandidate,
  GenerateContentUsageMetadata,
} from "../wire/generate-content-response-schema";
import {
  applyGenerateContentPartialArgument,
  type GenerateContentPartialArgument,
} from "./generate-content-partial-args";

type Record_ = Record<string, unknown>;

/** A text or thought part that later chunks may extend. */
interface OpenText {
  index: number;
  kind: "text" | "reasoning";
  text: string;
  signature?: string;
  extra?: Record_;
  citations?: Citation[];
  /** Where this part starts in the candidate's answer text (citation offsets count from there). */
  offset: number;
}

/** A function call whose arguments arrive in pieces (Vertex `partialArgs`). */
interface PendingCall {
  index: number;
  id?: string;
  name?: string;
  args: Record_;
  signature?: string;
}

const responseFields = new Set(["candidates", "usageMetadata", "modelVersion", "responseId", "createTime"]);
const candidateFields = new Set(["content", "finishReason", "citationMetadata"]);
const textFields = new Set(["text", "thought", "thoughtSignature"]);

function isRecord(value: unknown): value is Record_ {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function usageKey(usage: GenerateContentUsageMetadata): string {
  return `${usage.promptTokenCount}|${usage.cachedContentTokenCount}|${usage.candidatesTokenCount}|${usage.thoughtsTokenCount}|${usage.totalTokenCount}`;
}

/**
 * `streamGenerateContent?alt=sse` chunks → canonical events. Each chunk is a partial response:
 * the first candidate's text and thought pieces extend the open part of their kind (a part that
 * received a `thoughtSignature` is closed, so the signature stays on its part, and its
 * `signature-delta` comes before that piece's delta); every other part
 * (a function call arrives whole) is a part of its own. Vertex `partialArgs` calls are assembled
 * until a chunk without `willContinue`. Other candidates are gathered whole. The stream has no end
 * event: when the input ends, the finish reason seen (possibly in a later chunk than the parts; a
 * turn that made function calls finishes as `tool_calls`) ends it with `response-end`. An error
 * body, a parse failure, a stream without any chunk, or one that ends without a finish reason (nor
 * a prompt `blockReason`) ends it with an `error` event: it was cut off.
 */
export function createGenerateContentStreamDecoderTransformer(
  context: ConversionContext,
): StreamTransformer<unknown, ChatEvent> {
  let started = false;
  let finished = false;
  let id = "";
  let nextIndex = 0;
  let answerLength = 0;
  let open: OpenText | undefined;
  let pending: PendingCall | undefined;
  let madeToolCalls = false;
  let finishRaw: string | undefined;
  let sawCandidates = false;
  let firstCandidate: Record_ | undefined;
  let lastUsageKey = "";
  let droppedCreateTime = false;
  const responseExtra: Record_ = {};
  const others = new Map<number, GenerateContentCandidate & { content: { parts: GenerateContentPart[] } }>();
  /** Where each other candidate was first sent, by its index: what a format of one answer loses. */
  const otherSources = new Map<number, string>();
  let usageMetadata: GenerateContentUsageMetadata | undefined;
  let usageDecoded = false;
  let output: TransformStreamDefaultController<ChatEvent>;
  const enqueue = (event: ChatEvent) => output.enqueue(event);
  /** The index of the chunk being read, and the source of the part being read, for loss paths. */
  let chunkIndex = -1;
  let partSource = "";
  context.startSource();
  /** The next part index, traced to the wire part that opens it. */
  const openPart = () => {
    context.trace(pointer("/parts", nextIndex), partSource);
    return nextIndex++;
  };
  /** Names calls without an id by the output part they will be (`nextIndex`). */
  const identity: PartIdentity = {
    callId: () => responseCallId(id, nextIndex),
    responseId: () => responseCallId(id, nextIndex),
  };
  /** What each part's start carries: the mark of this format (a signature may go with a piece) and the chunks' shape. */
  const partMark: Record_ = {};
  const ownPart = () => ({ [generateContentFormat]: { ...partMark } });
  const fail = (error: ErrorData) => {
    finished = true;
    enqueue({ type: "error", error });
  };

  return {
    transform(item, controller) {
      if (finished) return;
      output = controller;
      chunkIndex += 1;
      if (StreamParseFailure.isInstance(item)) {
        fail({ kind: "unavailable", status: 502, message: `Malformed upstream stream: ${item.message}` });
        return;
      }
      if (!isRecord(item)) {
        fail({
          kind: "unavailable",
          status: 502,
          message: "Malformed upstream stream: a chunk that is not an object",
        });
        return;
      }
      if (isRecord(item.error)) {
        const code = typeof item.error.code === "number" ? item.error.code : 500;
        const data = generateContentErrorFromWire(code, item).toData();
        // The status its kind is sent as says no more than the kind: no code for another format.
        if (data.code === generateContentErrorByKind[data.kind].status) delete data.code;
        // The kind is said by the error's status, its HTTP status by its code.
        context.trace("/error/kind", pointer("", chunkIndex, "error", "status"));
        context.trace("/error/status", pointer("", chunkIndex, "error", "code"));
        // A code is the error's status; a param the field of its BadRequest detail.
        context.trace("/error/code", pointer("", chunkIndex, "error", "status"));
        context.trace("/error/param", pointer("", chunkIndex, "error", "details"));
        context.trace("/error/message", pointer("", chunkIndex, "error", "message"));
        fail(data);
        return;
      }
      if (!started) {
        started = true;
        context.trace("/id", pointer("", chunkIndex, "responseId"));
        context.trace("/model", pointer("", chunkIndex, "modelVersion"));
        id = typeof item.responseId === "string" ? item.responseId : context.generateId("resp");
        const model =
          typeof item.modelVersion === "string" ? item.modelVersion : (context.request?.model ?? "unknown");
        // How every chunk looks, known from the first, so a re-encoding shapes its chunks alike.
        const chunkShape: Record_ = {};
        if (item.responseId === undefined) chunkShape.responseIdOmitted = true;
        if (item.modelVersion === undefined) chunkShape.modelVersionOmitted = true;
        const first = Array.isArray(item.candidates) ? item.candidates[0] : undefined;
        // Kept on each part's start (not the response, which a whole body would not match).
        if (isRecord(first) && typeof first.index === "number") partMark.candidateIndexed = true;
        const extensions = generateContentExtensions(chunkShape);
        enqueue({ type: "response-start", id, model, ...(extensions && { extensions }) });
      }
      if ("createTime" in item && !droppedCreateTime) {
        droppedCreateTime = true;
        context.loseAtSource(
          "dropped",
          pointer("", chunkIndex, "createTime"),
          "The Vertex AI createTime is not carried",
        );
      }
      for (const key in item)
        if (!responseFields.has(key)) {
          responseExtra[key] = item[key];
          context.trace(
            pointer("/extensions", generateContentFormat, key),
            pointer("", chunkIndex, key),
            true,
          );
        }
      if (isRecord(item.usageMetadata)) {
        // Every chunk repeats the usage so far: decoded when its counts change, and at the end.
        usageMetadata = item.usageMetadata as GenerateContentUsageMetadata;
        context.trace("/usage", pointer("", chunkIndex, "usageMetadata"));
        for (const key in usageMetadata)
          context.trace(
            pointer("/usage/extensions", generateContentFormat, key),
            pointer("", chunkIndex, "usageMetadata", key),
            true,
          );
        const key = usageKey(usageMetadata);
        if (key !== lastUsageKey) {
          lastUsageKey = key;
          const lossContext = usageDecoded ? undefined : context;
          usageDecoded = true;
          enqueue({
            type: "usage",
            usage: usageFromGenerateContent(
              usageMetadata,
              lossContext,
              pointer("", chunkIndex, "usageMetadata"),
            ),
          });
        }
      }
      if (!Array.isArray(item.candidates)) return;
      sawCandidates = true;
      for (let position = 0; position < item.candidates.length; position++) {
        const candidate: unknown = item.candidates[position];
        if (!isRecord(candidate)) continue;
        const index = typeof candidate.index === "number" ? candidate.index : position;
        if (index === 0) readFirstCandidate(candidate, pointer("", chunkIndex, "candidates", position));
        else {
          if (!otherSources.has(index))
            otherSources.set(index, pointer("", chunkIndex, "candidates", position));
          gatherOther(index, candidate);
        }
      }
    },
    flush(controller) {
      if (finished) return;
      output = controller;
      if (!started) {
        enqueue({
          type: "error",
          error: { kind: "unavailable", status: 502, message: "The upstream stream ended without any chunk" },
        });
        return;
      }
      const blockReason = isRecord(responseExtra.promptFeedback)
        ? (responseExtra.promptFeedback.blockReason as string | undefined)
        : undefined;
      if (finishRaw === undefined && blockReason === undefined) {
        // The format has no end event: the finish reason is how a complete stream says it is done.
        enqueue({
          type: "error",
          error: {
            kind: "unavailable",
            status: 502,
            message: "The upstream stream ended before the response was complete (no finishReason)",
          },
        });
        return;
      }
      finishPending();
      closeOpen();
      const finishReason =
        finishRaw === undefined ? undefined : finishReasonFromGenerateContent(finishRaw, madeToolCalls);
      if (firstCandidate && finishRaw === undefined) firstCandidate.finishReasonOmitted = true;
      const outcome = summarizeGenerateContentOutcome(finishReason, blockReason);
      const end: ChatEventOf<"response-end"> = { type: "response-end", finishReason: outcome.finishReason };
      if (outcome.status !== "completed") end.status = outcome.status;
      if (usageMetadata) end.usage = usageFromGenerateContent(usageMetadata, undefined, "/usageMetadata");
      else responseExtra.usageOmitted = true;
      if (!sawCandidates) responseExtra.candidatesOmitted = true;
      else if (!firstCandidate) responseExtra.candidatesEmpty = true;
      if (firstCandidate) responseExtra.candidate = firstCandidate;
      if (others.size > 0) {
        const sorted = [...others.entries()].sort(([a], [b]) => a - b);
        end.candidates = sorted.map(([position, candidate]) => decodeExtraCandidate(candidate, position, id));
        sorted.forEach(([index], at) => {
          context.trace(pointer("/candidates", at), otherSources.get(index)!);
        });
      }
      const extensions = generateContentExtensions(responseExtra);
      if (extensions) end.extensions = extensions;
      enqueue(end);
    },
  };

  function readFirstCandidate(candidate: Record_, source: string) {
    if (typeof candidate.finishReason === "string") {
      context.trace("/finishReason", pointer(source, "finishReason"));
      context.trace("/status", pointer(source, "finishReason"));
    }
    firstCandidate ??= {};
    const kept = pointer("/extensions", generateContentFormat, "candidate");
    for (const key in candidate)
      if (!candidateFields.has(key)) {
        firstCandidate[key] = candidate[key];
        // Its position says the index, so another format loses nothing with it.
        if (key !== "index") context.trace(pointer(kept, key), pointer(source, key), true);
      }
    if (isRecord(candidate.content)) {
      const fields = unknownFields(candidate.content, partsOnly);
      // An answer's content is the model's, which every format says its own way.
      for (const key in fields)
        if (key !== "role" || fields[key] !== "model")
          context.trace(pointer(kept, "contentFields", key), pointer(source, "content", key), true);
      if (fields) firstCandidate.contentFields = { ...(firstCandidate.contentFields as object), ...fields };
      if (Array.isArray(candidate.content.parts))
        candidate.content.parts.forEach((part: unknown, position: number) => {
          partSource = pointer(source, "content", "parts", position);
          if (isRecord(part)) readPart(part);
        });
    }
    if (isRecord(candidate.citationMetadata))
      readCitations(candidate.citationMetadata, pointer(source, "citationMetadata"));
    if (typeof candidate.finishReason === "string") finishRaw = candidate.finishReason;
  }

  function readCitations(metadata: Record_, source: string) {
    const sources = Array.isArray(metadata.citationSources)
      ? (metadata.citationSources as GenerateContentCitationSource[])
      : [];
    const kept = firstCandidate!.citationMetadata as Record_ | undefined;
    firstCandidate!.citationMetadata = {
      ...kept,
      ...metadata,
      ...(kept?.citationSources !== undefined && {
        citationSources: [...(kept.citationSources as unknown[]), ...sources],
      }),
    };
    if (open?.kind !== "text") return;
    // What an encoder says of the part's citations is said of the sources the caller was sent.
    const citations = pointer("/parts", open.index, "citations");
    context.trace(citations, source);
    for (const [position, citationSource] of sources.entries()) {
      const citation = citationFromGenerateContent(citationSource, open.offset);
      open.citations ??= [];
      const at = pointer(citations, open.citations.length);
      context.trace(at, pointer(source, "citationSources", position));
      context.trace(
        pointer(at, "extensions", "generate-content"),
        pointer(source, "citationSources", position),
        true,
      );
      open.citations.push(citation);
      enqueue({ type: "citation-delta", index: open.index, citation });
    }
  }

  function readPart(part: Record_) {
    const call = part.functionCall;
    if (isRecord(call) && (pending || "willContinue" in call || "partialArgs" in call)) {
      readPartialCall(part, call);
      return;
    }
    finishPending();
    if (typeof part.text === "string") {
      const kind = part.thought === true ? "reasoning" : "text";
      if (!open || open.kind !== kind) {
        closeOpen();
        open = { index: openPart(), kind, text: "", offset: answerLength };
        enqueue({ type: "part-start", index: open.index, kind, extensions: ownPart() });
      }
      // A signature comes just before the piece it arrived with, so an encoder can send them together.
      if (typeof part.thoughtSignature === "string")
        enqueue({ type: "signature-delta", index: open.index, signature: part.thoughtSignature });
      if (part.text !== "") {
        open.text += part.text;
        if (kind === "text") answerLength += part.text.length;
        enqueue(
          kind === "text"
            ? { type: "text-delta", index: open.index, text: part.text }
            : { type: "reasoning-delta", index: open.index, text: part.text },
        );
      }
      const extra = unknownFields(part, textFields);
      if (extra) open.extra = { ...open.extra, ...extra };
      if (part.thought !== undefined && part.thought !== true)
        open.extra = { ...open.extra, thought: part.thought };
      if (typeof part.thoughtSignature === "string") {
        open.signature = part.thoughtSignature;
        closeOpen();
      }
      return;
    }
    closeOpen();
    const decoded = decodeGenerateContentPart(part as GenerateContentPart, identity);
    emitWhole(openPart(), decoded);
  }

  function readPartialCall(part: Record_, call: Record_) {
    if (!pending) {
      closeOpen();
      pending = { index: openPart(), args: {} };
    }
    if (typeof call.id === "string") pending.id = call.id;
    if (typeof call.name === "string") pending.name = call.name;
    if (isRecord(call.args)) Object.assign(pending.args, call.args);
    if (typeof part.thoughtSignature === "string") pending.signature = part.thoughtSignature;
    if (Array.isArray(call.partialArgs))
      for (const partial of call.partialArgs)
        if (isRecord(partial))
          applyGenerateContentPartialArgument(pending.args, partial as GenerateContentPartialArgument);
    if (call.willContinue !== true) finishPending();
  }

  function finishPending() {
    if (!pending) return;
    const call = pending;
    pending = undefined;
    const part: Part = {
      type: "tool-call",
      id: call.id ?? responseCallId(id, call.index),
      name: call.name ?? "",
      arguments: call.args,
    };
    if (call.signature !== undefined)
      part.signature = { format: generateContentFormat, data: call.signature };
    if (call.id === undefined) part.extensions = { [generateContentFormat]: { syntheticId: true } };
    emitWhole(call.index, part);
  }

  function emitWhole(index: number, part: Part) {
    if (part.type === "tool-call") {
      madeToolCalls = true;
      enqueue({
        type: "part-start",
        index,
        kind: "tool-call",
        id: part.id,
        name: part.name,
        extensions: ownPart(),
      });
      enqueue({ type: "tool-arguments-delta", index, text: JSON.stringify(part.arguments ?? {}) });
    } else {
      enqueue({ type: "part-start", index, kind: part.type, extensions: ownPart() });
    }
    enqueue({ type: "part-end", index, part });
  }

  function closeOpen() {
    if (!open) return;
    const part = open;
    open = undefined;
    const whole: Part =
      part.kind === "text" ? { type: "text", text: part.text } : { type: "reasoning", text: part.text };
    if (part.signature !== undefined)
      whole.signature = { format: generateContentFormat, data: part.signature };
    if (part.citations && whole.type === "text") whole.citations = part.citations;
    const extensions = part.extra && generateContentExtensions(part.extra);
    if (extensions) whole.extensions = extensions;
    enqueue({ type: "part-end", index: part.index, part: whole });
  }

  function gatherOther(index: number, candidate: Record_) {
    let gathered = others.get(index);
    if (!gathered) {
      gathered = { content: { parts: [] } };
      others.set(index, gathered);
    }
    for (const key in candidate) if (key !== "content") (gathered as Record_)[key] = candidate[key];
    if (!isRecord(candidate.content)) return;
    const { parts, ...fields } = candidate.content;
    Object.assign(gathered.content, fields);
    if (!Array.isArray(parts)) return;
    for (const part of parts as GenerateContentPart[]) {
      const last = gathered.content.parts.at(-1);
      if (
        last &&
        typeof last.text === "string" &&
        typeof part.text === "string" &&
        last.thought === part.thought &&
        last.thoughtSignature === undefined
      ) {
        gathered.content.parts[gathered.content.parts.length - 1] = {
          ...last,
          ...part,
          text: last.text + part.text,
        };
      } else gathered.content.parts.push(part);
    }
  }
}

const partsOnly = new Set(["parts"]);

/** {@link createGenerateContentStreamDecoderTransformer} as the `TransformStream` of the codec contract. */
export function createGenerateContentStreamDecoder(
  context: ConversionContext,
): TransformStream<unknown, ChatEvent> {
  return new TransformStream(createGenerateContentStreamDecoderTransformer(context));
}
