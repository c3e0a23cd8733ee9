import type { FinishReason, Part } from "@interlingua/core";
import { decodeGenerateContentPart, type PartIdentity } from "../request/decode-generate-content-part";
import { responseCallId } from "../request/generate-content-call-ids";
import { unknownFields } from "../wire/generate-content-extensions";
import type { GenerateContentCandidate } from "../wire/generate-content-response-schema";
import {
  attachGenerateContentCitations,
  type GenerateContentCitationSource,
} from "./generate-content-citations";
import { finishReasonFromGenerateContent, saidByCanonicalReason } from "./generate-content-finish-reason";

/** A wire candidate in canonical terms. */
export interface DecodedGenerateContentCandidate {
  /** Output parts, with citation sources attached to their text. */
  parts: Part[];
  /** Why it stopped, when the candidate says. */
  finishReason?: FinishReason;
  /**
   * What goes in the candidate's extensions: every field but `content` and `finishReason` (index,
   * safety ratings, citation, grounding and URL-context metadata, logprobs, finish message), the
   * content's own fields as `contentFields`, a `finishReason` no canonical reason says exactly, and
   * markers of what was absent.
   */
  extra: Record<string, unknown>;
}

const candidateFields = new Set(["content", "finishReason"]);
const contentFields = new Set(["parts"]);

/**
 * Decodes one candidate. Function calls without ids get `call_{responseKey}_{part}` (see
 * `generate-content-call-ids`); `STOP` after a function call is the `tool_calls` reason.
 */
export function decodeGenerateContentCandidate(
  candidate: GenerateContentCandidate,
  responseKey: string,
): DecodedGenerateContentCandidate {
  const extra: Record<string, unknown> = unknownFields(candidate, candidateFields) ?? {};
  const parts: Part[] = [];
  if (candidate.content === undefined) extra.contentOmitted = true;
  else {
    const fields = unknownFields(candidate.content, contentFields);
    if (fields) extra.contentFields = fields;
    if (candidate.content.parts === undefined) extra.partsOmitted = true;
    const identity: PartIdentity = {
      callId: () => responseCallId(responseKey, parts.length),
      responseId: () => responseCallId(responseKey, parts.length),
    };
    for (const part of candidate.content.parts ?? []) parts.push(decodeGenerateContentPart(part, identity));
  }
  const sources = (candidate.citationMetadata as { citationSources?: unknown } | undefined)?.citationSources;
  if (Array.isArray(sources))
    attachGenerateContentCitations(parts, sources as GenerateContentCitationSource[]);
  const decoded: DecodedGenerateContentCandidate = { parts, extra };
  if (candidate.finishReason !== undefined) {
    decoded.finishReason = finishReasonFromGenerateContent(
      candidate.finishReason,
      parts.some((part) => part.type === "tool-call"),
    );
    // A reason that says more than its canonical one is also a field of its own, which another
    // format's answer cannot carry (reported there); this format's encoder reads the raw value.
    if (!saidByCanonicalReason(decoded.finishReason)) extra.finishReason = candidate.finishReason;
  }
  return decoded;
}
