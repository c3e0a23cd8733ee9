import {
  CanonicalError,
  type ChatEvent,
  type Citation,
  type ConversionContext,
  createCallIdChangeLoss,
  createForeignStreamFieldsLoss,
  createToolProgressLoss,
  type FinishReason,
  mergeUsage,
  type Part,
  pointer,
  reportUnsayableCreationTime,
  reportUnsayableErrorFields,
  reportUnsplitUsage,
  type StreamEncoderTransformer,
  type Usage,
  usageAccounting,
} from "@interlingua/core";
import { generateContentErrorFromWire } from "../errors/generate-content-error-from-wire";
import { generateContentErrorToWire } from "../errors/generate-content-error-to-wire";
import { encodeGenerateContentPart } from "../request/encode-generate-content-part";
import { encodeExtraCandidate } from "../response/encode-generate-content-response";
import { citationToGenerateContent } from "../response/generate-content-citations";
import { finishReasonToGenerateContent } from "../response/generate-content-finish-reason";
import { usageToGenerateContent } from "../response/generate-content-usage";
import { generateContentFormat } from "../wire/generate-content-extensions";
import type { GenerateContentPart } from "../wire/generate-content-request-schema";
import type { GenerateContentCandidate } from "../wire/generate-content-response-schema";
import type { GenerateContentStreamEvent } from "../wire/generate-content-stream-event-schema";

interface EncodedPart {
  kind: string;
  /** Text (or thought text) sent so far. */
  streamed: string;
  /** Whether any chunk carried this part yet. */
  sent: boolean;
  summaryIndex?: number;
  /** Marked as this format's own at its start: its signature may go out with a piece. */
  own?: boolean;
  /** Whether the chunks that carried it gave the candidate's `index`. */
  candidateIndexed?: boolean;
  /** A signature that arrived before a piece, to send with it. */
  signatureAhead?: string;
  /** Whether the signature went out with a piece already. */
  signatureSent?: boolean;
}

const candidateMarkers = new Set(["contentOmitted", "contentFields", "partsOmitted", "finishReasonOmitted"]);
const responseMarkers = new Set([
  "responseIdOmitted",
  "modelVersionOmitted",
  "candidatesOmitted",
  "candidatesEmpty",
  "candidate",
  "usageOmitted",
]);

/**
 * Canonical events → `streamGenerateContent` chunks that a client can concatenate: each text or
 * thought delta is a chunk with one part; other parts (a function call is whole) go out at their
 * `part-end`, and a part's `thoughtSignature` goes out with its last piece (with the piece it came
 * with, for a part of this format). Chunks carry the usage known so far, and the `responseId`,
 * `modelVersion` the decoded stream's chunks carried, and the candidate `index` when the part's
 * start says its chunks carried one. The last chunk carries
 * the finish reason, usage, the first candidate's metadata (safety ratings, citations, grounding),
 * the other candidates whole and prompt feedback. Errors become an error body chunk.
 */
export function createGenerateContentStreamEncoderTransformer(
  context: ConversionContext,
): StreamEncoderTransformer<GenerateContentStreamEvent> {
  let id = "";
  let model = "";
  let ended = false;
  let usage: Usage | undefined;
  /** The latest usage, which each chunk repeats as the format's chunks do. */
  let chunkUsage: Usage | undefined;
  let shape: Record<string, unknown> = {};
  let madeToolCalls = false;
  let answerLength = 0;
  /** Whether a chunk went out, saying the response id and model. */
  let announced = false;
  const parts = new Map<number, EncodedPart>();
  const citations: { index: number; citation: Citation }[] = [];
  const textOffsets = new Map<number, number>();
  /** The last part started, when it was a text part of another format or a refusal: a text part after it joins it. */
  let lastForeignText: number | undefined;
  const loseToolProgress = createToolProgressLoss(context, "generate-content");
  const loseForeignFields = createForeignStreamFieldsLoss(context, "generate-content");
  const loseCallIdChange = createCallIdChangeLoss(context, "generate-content");

  /** One chunk carrying `wireParts` of the first candidate (and the citations of a part it ends). */
  const send = (
    controller: TransformStreamDefaultController<GenerateContentStreamEvent>,
    wireParts: GenerateContentPart[],
    part: EncodedPart,
    citationMetadata?: GenerateContentCandidate["citationMetadata"],
  ) => {
    const candidate: GenerateContentCandidate =
      wireParts.length > 0 || citationMetadata === undefined
        ? { content: { parts: wireParts, role: "model" } }
        : {};
    if (citationMetadata) candidate.citationMetadata = citationMetadata;
    if (part.candidateIndexed) candidate.index = 0;
    const chunk: GenerateContentStreamEvent = { candidates: [candidate] };
    if (chunkUsage) chunk.usageMetadata = usageToGenerateContent(chunkUsage);
    if (!shape.modelVersionOmitted) chunk.modelVersion = model;
    if (!shape.responseIdOmitted) chunk.responseId = id;
    announced = true;
    controller.enqueue(chunk);
  };

  /** A text or thought piece, with the signature that came just before it. */
  const piece = (part: EncodedPart, wire: GenerateContentPart): GenerateContentPart => {
    if (part.signatureAhead === undefined) return wire;
    wire.thoughtSignature = part.signatureAhead;
    part.signatureAhead = undefined;
    part.signatureSent = true;
    return wire;
  };

  return {
    transform(event, controller) {
      if (ended) return;
      loseCallIdChange(event);
      switch (event.type) {
        case "response-start":
          loseForeignFields(event);
          reportUnsayableCreationTime(event.created, "generate-content", context);
          id = event.id;
          model = event.model;
          usage = mergeUsage(usage, event.usage);
          chunkUsage = event.usage;
          shape = event.extensions?.[generateContentFormat] ?? {};
          return;
        case "part-start": {
          loseForeignFields(event);
          parts.set(event.index, {
            kind: event.kind,
            streamed: "",
            sent: false,
            own: event.extensions?.[generateContentFormat] !== undefined,
            candidateIndexed: event.extensions?.[generateContentFormat]?.candidateIndexed === true,
          });
          if (event.kind === "text") textOffsets.set(event.index, answerLength);
          // Text chunks read as one text: a text part right after another comes back joined to it,
          // and so does a refusal, sent as text (its own loss says so).
          const refusal = event.kind === "refusal";
          const foreignText =
            refusal || (event.kind === "text" && event.extensions?.[generateContentFormat] === undefined);
          if (foreignText && lastForeignText !== undefined) {
            if (parts.get(lastForeignText)?.kind !== "refusal")
              context.lose(
                "approximated",
                pointer("/parts", lastForeignText),
                "the text parts after this one joined it",
              );
            if (!refusal)
              context.lose(
                "approximated",
                pointer("/parts", event.index),
                "a text part right after another joined it",
              );
          }
          lastForeignText = foreignText ? event.index : undefined;
          return;
        }
        case "text-delta": {
          const part = parts.get(event.index);
          if (part?.kind !== "text" || event.text === "") return;
          part.streamed += event.text;
          part.sent = true;
          answerLength += event.text.length;
          send(controller, [piece(part, { text: event.text })], part);
          return;
        }
        case "reasoning-delta": {
          const part = parts.get(event.index);
          if (part?.kind !== "reasoning") return;
          let text = event.text;
          if (event.summaryIndex !== undefined) {
            if (part.summaryIndex !== undefined && part.summaryIndex !== event.summaryIndex)
              text = `\n\n${text}`;
            else if (part.summaryIndex === undefined && part.streamed !== "") text = `\n\n${text}`;
            part.summaryIndex = event.summaryIndex;
          }
          if (text === "") return;
          part.streamed += text;
          part.sent = true;
          send(controller, [piece(part, { text, thought: true })], part);
          return;
        }
        case "signature-delta": {
          // This format's signature goes with the piece that follows it; others at part-end.
          const part = parts.get(event.index);
          if (part?.own && (part.kind === "text" || part.kind === "reasoning"))
            part.signatureAhead = (part.signatureAhead ?? "") + event.signature;
          return;
        }
        case "tool-arguments-delta":
        case "keepalive":
          // Function calls go out whole.
          return;
        case "citation-delta":
          loseForeignFields(event);
          citations.push({ index: event.index, citation: event.citation });
          return;
        case "part-end": {
          const part = parts.get(event.index) ?? { kind: event.part.type, streamed: "", sent: false };
          const wire = endPart(part, event.part, event.index);
          // The citations of another format's text go out as it ends, while it is the open part a
          // reader gives them to (candidate-level, they would fall to a part after it); this format's
          // own stay where its stream said them.
          const ending = part.own === true ? [] : citations.filter(({ index }) => index === event.index);
          const citationMetadata =
            ending.length > 0 ? { citationSources: citationSources(ending) } : undefined;
          if (ending.length > 0)
            citations.splice(0, citations.length, ...citations.filter(({ index }) => index !== event.index));
          if (wire || citationMetadata) send(controller, wire ? [wire] : [], part, citationMetadata);
          return;
        }
        case "usage":
          loseForeignFields(event);
          usage = mergeUsage(usage, event.usage);
          chunkUsage = event.usage;
          return;
        case "response-end": {
          loseForeignFields(event);
          usage = mergeUsage(usage, event.usage);
          if (usage?.cacheWriteTokens)
            context.lose(
              "approximated",
              "/usage/cacheWriteTokens",
              "the generate-content usage has no cache-write count: those tokens are counted as uncached prompt tokens",
            );
          if (usage)
            reportUnsplitUsage(usage, usageAccounting["generate-content"], "generate-content", context);
          if (event.stopSequence !== undefined)
            context.lose(
              "dropped",
              "/stopSequence",
              "the generate-content format does not say which stop sequence matched",
            );
          const extra = event.extensions?.[generateContentFormat] ?? {};
          const chunk: Record<string, unknown> = {};
          const candidates: GenerateContentCandidate[] = [];
          const first = extra.candidate as Record<string, unknown> | undefined;
          const noFirst = (extra.candidatesOmitted || extra.candidatesEmpty) && parts.size === 0;
          if (!noFirst) candidates.push(lastCandidate(first, event.finishReason));
          for (const candidate of event.candidates ?? [])
            candidates.push(encodeExtraCandidate(candidate, context));
          if (candidates.length > 0 || !extra.candidatesOmitted) chunk.candidates = candidates;
          if (!extra.usageOmitted) chunk.usageMetadata = usageToGenerateContent(usage ?? {});
          if (!(extra.modelVersionOmitted || shape.modelVersionOmitted)) chunk.modelVersion = model;
          if (!(extra.responseIdOmitted || shape.responseIdOmitted)) chunk.responseId = id;
          for (const key in extra) if (!responseMarkers.has(key)) chunk[key] = extra[key];
          ended = true;
          controller.enqueue(chunk as GenerateContentStreamEvent);
          return;
        }
        case "tool-progress":
          loseToolProgress(event);
          return;
        case "error": {
          ended = true;
          loseForeignFields(event);
          // An error body says no response: the id and model an upstream stated go nowhere.
          if (!announced)
            for (const field of ["/id", "/model"])
              if (context.sourcePath(field) !== "")
                context.lose(
                  "dropped",
                  field,
                  "the stream failed before its first chunk: the error says no response",
                );
          const { body } = generateContentErrorToWire(CanonicalError.fromData(event.error));
          // What the client reads back, as the decoder does (its HTTP status says the kind).
          const readBack = generateContentErrorFromWire(body.error.code, body).toData();
          reportUnsayableErrorFields(event.error, readBack, "generate-content", context);
          controller.enqueue(body);
          return;
        }
        default: {
          const unknown: never = event;
          throw new TypeError(`Unknown chat event ${JSON.stringify(unknown)}`);
        }
      }
    },
    flush(controller) {
      if (ended) return;
      controller.enqueue(
        generateContentErrorToWire(
          new CanonicalError("unavailable", "The stream ended early, before the response was complete"),
        ).body,
      );
    },
    // The format's error object, which may follow any chunk of a begun stream.
    fail(error, controller) {
      if (ended) return;
      ended = true;
      controller.enqueue(generateContentErrorToWire(CanonicalError.fromData(error)).body);
    },
  };

  /** The chunk part that completes a part, or undefined when nothing is left to send. */
  function endPart(part: EncodedPart, whole: Part, index: number): GenerateContentPart | undefined {
    const path = `/parts/${index}`;
    switch (whole.type) {
      case "text":
      case "reasoning": {
        // A signature that went out with a piece is not sent again.
        if (part.signatureSent) whole = { ...whole, signature: undefined };
        const full =
          whole.type === "text" ? whole.text : (whole.text ?? "") + (whole.summary?.join("\n\n") ?? "");
        const remainder = full.startsWith(part.streamed) ? full.slice(part.streamed.length) : "";
        if (whole.type === "text") answerLength += remainder.length;
        const hasMore =
          remainder !== "" ||
          whole.signature !== undefined ||
          whole.extensions?.[generateContentFormat] !== undefined;
        if (part.sent && !hasMore) return undefined;
        const rest: Part =
          whole.type === "text"
            ? { ...whole, text: remainder, citations: undefined }
            : { ...whole, text: remainder, summary: undefined };
        if (
          rest.type === "reasoning" &&
          remainder === "" &&
          whole.signature?.format !== generateContentFormat
        ) {
          if (whole.signature)
            context.lose(
              "dropped",
              pointer(path, "signature"),
              `A ${whole.signature.format} signature cannot be sent to this format`,
            );
          if (part.sent) return undefined;
        }
        return encodeGenerateContentPart(rest, { context, path });
      }
      case "tool-result":
        context.lose("unsupported", path, "A tool result cannot be model output");
        return undefined;
      case "tool-call":
        madeToolCalls = true;
        return encodeGenerateContentPart(whole, { context, path });
      case "media":
      case "code":
      case "code-result":
      case "refusal":
      case "hosted-tool-call":
      case "hosted-tool-result":
        return encodeGenerateContentPart(whole, { context, path });
      default: {
        const unknown: never = whole;
        throw new TypeError(`Unknown part ${JSON.stringify(unknown)}`);
      }
    }
  }

  function lastCandidate(
    extra: Record<string, unknown> | undefined,
    finishReason: FinishReason,
  ): GenerateContentCandidate {
    const candidate: GenerateContentCandidate = {};
    if (extra?.contentFields) candidate.content = { ...(extra.contentFields as object), parts: [] };
    if (!(extra?.finishReasonOmitted && finishReason.reason === "other" && finishReason.raw === undefined)) {
      candidate.finishReason = finishReasonToGenerateContent(
        finishReason,
        madeToolCalls,
        context,
        "/finishReason",
        extra !== undefined,
      );
    }
    if (extra)
      for (const key in extra)
        if (!candidateMarkers.has(key)) (candidate as Record<string, unknown>)[key] = extra[key];
    if (candidate.citationMetadata === undefined && citations.length > 0)
      candidate.citationMetadata = { citationSources: citationSources(citations) };
    return candidate;
  }

  /** Citations as `citationSources`, their indexes counted from the answer's start. */
  function citationSources(list: readonly { index: number; citation: Citation }[]) {
    return list.map(({ index, citation }, position) =>
      citationToGenerateContent(
        citation,
        textOffsets.get(index) ?? 0,
        context,
        pointer("/parts", index, "citations", position),
      ),
    );
  }
}

/** {@link createGenerateContentStreamEncoderTransformer} as the `TransformStream` of the codec contract. */
export function createGenerateContentStreamEncoder(
  context: ConversionContext,
): TransformStream<ChatEvent, GenerateContentStreamEvent> {
  return new TransformStream(createGenerateContentStreamEncoderTransformer(context));
}
