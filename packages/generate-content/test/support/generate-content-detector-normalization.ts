import {
  answerWithoutZeroCounts,
  type DetectorNormalization,
  joinStreamEvents,
} from "@interlingua/core/test";

type WirePart = Record<string, unknown> & { text?: string; thought?: boolean; thoughtSignature?: string };

/** The fields whose text a split stream joins. */
const joined = new Set(["text"]);

/** Consecutive text parts of one kind (thought or not) as one, as a split stream means them. */
function joinTextParts(parts: WirePart[]): WirePart[] {
  const result: WirePart[] = [];
  for (const part of parts) {
    const last = result.at(-1);
    if (
      last &&
      typeof last.text === "string" &&
      typeof part.text === "string" &&
      last.thought === part.thought &&
      last.thoughtSignature === undefined
    )
      result[result.length - 1] = { ...last, ...part, text: last.text + part.text };
    else result.push(part);
  }
  return result;
}

type WireCandidate = Record<string, unknown> & { content?: Record<string, unknown> };

/**
 * A stream chunk with what its candidates imply said: a candidate without an `index` is the one at
 * its position, and an answer's content without a `role` is the model's (the API numbers candidates
 * from 0 and answers as `model`).
 */
function withImpliedCandidateFields(event: unknown): unknown {
  const chunk = event as { candidates?: unknown };
  if (!Array.isArray(chunk?.candidates)) return event;
  const candidates = (chunk.candidates as WireCandidate[]).map((candidate, position) => {
    if (typeof candidate !== "object" || candidate === null) return candidate;
    const content = candidate.content;
    return {
      index: position,
      ...candidate,
      ...(typeof content === "object" && content !== null && { content: { role: "model", ...content } }),
    };
  });
  return { ...chunk, candidates };
}

/**
 * How the loss detector reads generate-content documents: an answer's `usageMetadata` without its
 * counts of 0; a stream's chunks each with what its candidates imply (see
 * `withImpliedCandidateFields`), as one answer (each candidate by its `index`, parts one after the
 * other, consecutive text parts of one kind joined; a field every chunk repeats, such as the
 * cumulative `usageMetadata`, counts as its last value); requests without the role of their system
 * instruction.
 */
export const generateContentDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
    if (kind === "event") return withImpliedCandidateFields(value);
    if (kind === "response") return answerWithoutZeroCounts(value, "usageMetadata");
    if (kind !== "request") return value;
    // The API reads no role on the system instruction (SDKs send `user` there): it says nothing.
    const body = value as Record<string, { role?: unknown } | undefined>;
    for (const key of ["systemInstruction", "system_instruction"]) delete body[key]?.role;
    return body;
  },
  eventKeys: (events) => events.map(() => "/answer"),
  mergeEvents(earlier, later) {
    const answer = joinStreamEvents(earlier, later, joined) as {
      candidates?: { content?: { parts?: WirePart[] } }[];
    };
    for (const candidate of answer.candidates ?? [])
      if (candidate.content?.parts) candidate.content.parts = joinTextParts(candidate.content.parts);
    return answer;
  },
};
