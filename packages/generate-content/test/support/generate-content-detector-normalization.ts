import {
  answerWithoutZeroCounts,
  type DetectorNormalization,
  joinStreamEvents,
} from "@interlingua/core/test";
import {
  applyGenerateContentPartialArgument,
  type GenerateContentPartialArgument,
} from "../../src/stream/generate-content-partial-args";
import { normalizeGenerateContentKeys } from "../../src/wire/normalize-generate-content-keys";

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

type StreamedCall = {
  name?: string;
  args?: Record<string, unknown>;
  partialArgs?: GenerateContentPartialArgument[];
  willContinue?: boolean;
};

/**
 * A function call streamed in pieces (Vertex AI's `partialArgs`, each chunk `willContinue` but the
 * last) as the one call with the arguments they build, as the codec reads it: how the arguments
 * were split over chunks says nothing, as with text deltas.
 */
function joinStreamedCalls(parts: WirePart[]): WirePart[] {
  const result: WirePart[] = [];
  for (const part of parts) {
    const call = part.functionCall as StreamedCall | undefined;
    const last = result.at(-1);
    const open = last?.functionCall as StreamedCall | undefined;
    if (call && open?.willContinue && call.name === undefined) {
      const { partialArgs, willContinue, ...rest } = call;
      const args = structuredClone(open.args ?? {});
      for (const partial of partialArgs ?? []) applyGenerateContentPartialArgument(args, partial);
      const { willContinue: _, ...joined } = { ...open, ...rest, args };
      result[result.length - 1] = {
        ...last,
        functionCall: willContinue ? { ...joined, willContinue } : joined,
      };
    } else if (call?.willContinue || call?.partialArgs) {
      const { partialArgs, ...rest } = call;
      const args = structuredClone(call.args ?? {});
      for (const partial of partialArgs ?? []) applyGenerateContentPartialArgument(args, partial);
      result.push({ ...part, functionCall: { ...rest, args } });
    } else result.push(part);
  }
  return result;
}

type WireCandidate = Record<string, unknown> & { content?: Record<string, unknown> };

/**
 * A streamed content without its text pieces of nothing (`{ "text": "" }` and no other field, as
 * Gemini sends beside its last chunk's `finishReason`): a chunk adds its pieces to the answer, and
 * an empty one adds nothing to its text.
 */
function withoutEmptyTextPieces(content: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(content.parts)) return content;
  const parts = (content.parts as unknown[]).filter(
    (part) =>
      !(
        typeof part === "object" &&
        part !== null &&
        Object.keys(part).length === 1 &&
        "text" in part &&
        part.text === ""
      ),
  );
  return parts.length === content.parts.length ? content : { ...content, parts };
}

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
      ...(typeof content === "object" &&
        content !== null && { content: { role: "model", ...withoutEmptyTextPieces(content) } }),
    };
  });
  return { ...chunk, candidates };
}

type WireContent = { parts?: { inlineData?: { data?: unknown }; thought?: unknown }[] } | undefined;

/**
 * The inline data of a request's turns in standard base64 with padding: the API reads bytes in
 * standard or URL-safe base64, with or without padding, as the same bytes (proto3 JSON).
 */
function withStandardBase64(contents: readonly WireContent[]): void {
  for (const part of contents.flatMap((content) => content?.parts ?? [])) {
    const blob = part?.inlineData;
    if (typeof blob?.data !== "string") continue;
    const standard = blob.data.replaceAll("-", "+").replaceAll("_", "/");
    blob.data = standard.padEnd(Math.ceil(standard.length / 4) * 4, "=");
  }
}

/** The int64 fields of a `Schema`, which proto3 JSON writes as strings and reads as either. */
const int64SchemaFields = new Set([
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "minProperties",
  "maxProperties",
]);

/**
 * A schema (and every schema in it) as it means: its int64 fields as numbers, and without
 * `nullable: false` (the default, OpenAPI 3.0's and proto3's alike) or `type: "TYPE_UNSPECIFIED"`
 * (the `Type` enum's 0, which proto3 reads for an absent field: no type).
 */
function withSchemaDefaults(value: unknown): void {
  if (typeof value !== "object" || value === null) return;
  const node = value as Record<string, unknown>;
  if (node.nullable === false) delete node.nullable;
  if (node.type === "TYPE_UNSPECIFIED") delete node.type;
  for (const [key, item] of Object.entries(node)) {
    if (int64SchemaFields.has(key) && typeof item === "string" && /^-?\d+$/.test(item))
      node[key] = Number(item);
    else withSchemaDefaults(item);
  }
}

/**
 * A declaration without `parameters` of `{type: OBJECT}` and nothing else: it declares a function
 * of no parameters, which an absent `parameters` declares too ("For function with no parameters,
 * this can be left unset", @google/genai's `FunctionDeclaration`); `properties` is a map, which
 * proto3 reads as empty when absent (protobuf.dev JSON mapping), so neither names a parameter.
 */
function withoutObjectAloneParameters(declaration: { parameters?: unknown }): void {
  const parameters = declaration.parameters as Record<string, unknown> | undefined;
  if (parameters?.type === "OBJECT" && Object.keys(parameters).length === 1) delete declaration.parameters;
}

type WireRequest = Record<string, unknown> & {
  systemInstruction?: { role?: unknown };
  generationConfig?: {
    responseMimeType?: unknown;
    candidateCount?: unknown;
    responseSchema?: unknown;
    responseLogprobs?: unknown;
    thinkingConfig?: { includeThoughts?: unknown };
  };
  tools?: { functionDeclarations?: { parameters?: unknown; response?: unknown }[] }[];
};

type WireTool = Record<string, unknown> & { functionDeclarations?: unknown[] };

/**
 * Where each tool of a request's `tools` lands when they are read one by one: a declaration as
 * `function <n>` (its place among the declarations), another tool as `<field> <n>` (its place among
 * the tools of that field), keyed by `/<entry>/functionDeclarations/<i>` or `/<entry>/<field>`.
 */
function toolKeys(tools: readonly WireTool[]): Map<string, string> {
  const keys = new Map<string, string>();
  const counts = new Map<string, number>();
  const next = (kind: string) => {
    const count = counts.get(kind) ?? 0;
    counts.set(kind, count + 1);
    return `${kind} ${count}`;
  };
  tools.forEach((tool, entry) => {
    if (typeof tool !== "object" || tool === null) return;
    for (const [field, value] of Object.entries(tool)) {
      if (value === undefined) continue;
      if (field !== "functionDeclarations") keys.set(`/${entry}/${field}`, next(field));
      else if (Array.isArray(value))
        for (const index of value.keys()) keys.set(`/${entry}/${field}/${index}`, next("function"));
    }
  });
  return keys;
}

/**
 * A request's tools one by one, keyed by what they are (see `toolKeys`): the API reads the list of
 * entries as the set of tools they hold, so tools sharing an entry or each in its own are the same.
 */
function toolsByKind(tools: readonly WireTool[]): Record<string, unknown> {
  const byKind: Record<string, unknown> = {};
  for (const [path, key] of toolKeys(tools)) {
    const [, entry, field, index] = path.split("/");
    const value = (tools[Number(entry)] as Record<string, unknown>)[field!];
    byKind[key] = index === undefined ? value : (value as unknown[])[Number(index)];
  }
  return byKind;
}

/** A loss path below a request's `/tools/<entry>/<field>` as a path into `toolsByKind`'s object. */
function inToolsByKind(path: string, body: unknown): string {
  const match = /^\/tools(\/\d+\/[^/]+(?:\/\d+)?)(\/.*)?$/.exec(path);
  const tools = (body as { tools?: unknown }).tools;
  if (!match || !Array.isArray(tools)) return path;
  const keys = toolKeys(tools as WireTool[]);
  const [, place = "", rest = ""] = match;
  // A declaration's path, or a field's path whose last token is already below the field.
  const key = keys.get(place) ?? keys.get(place.replace(/\/\d+$/, ""));
  if (key === undefined) return path;
  const below = keys.has(place) ? rest : `${place.match(/\/\d+$/)?.[0] ?? ""}${rest}`;
  return `/tools/${key}${below}`;
}

/**
 * A loss path into a request as the caller spelled it (`/system_instruction/parts/0`), as a path
 * into its lowerCamel form: each token the key normalisation renamed is renamed the same way.
 */
function inLowerCamel(path: string, raw: unknown): string {
  const renamed = new Set(normalizeGenerateContentKeys(raw).snakeCaseKeys);
  if (renamed.size === 0 || path === "") return path;
  let placed = "";
  for (const token of path.slice(1).split("/"))
    placed += `/${renamed.has(`${placed}/${token}`) ? token.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase()) : token}`;
  return placed;
}

type JoinedAnswer = { candidates?: (WireCandidate & { content?: { parts?: WirePart[] } })[] };

/** A later chunk joined into the answer of the chunks before it (see the normalisation). */
function joinChunks(earlier: unknown, later: unknown): unknown {
  const answer = joinStreamEvents(earlier, later, joined) as JoinedAnswer;
  for (const candidate of answer.candidates ?? [])
    if (candidate.content?.parts)
      candidate.content.parts = joinStreamedCalls(joinTextParts(candidate.content.parts));
  return answer;
}

/**
 * A loss path into a stream's chunk (`/<chunk>/candidates/<i>/content/parts/<j>/...`) as a path
 * into the answer the chunks join into: the candidate by its `index`, the part at the place it
 * takes among the joined parts of that candidate (a text piece is the text part it joins).
 */
function inJoinedAnswer(path: string, events: readonly unknown[]): string | undefined {
  const match = /^\/(\d+)\/candidates\/(\d+)(\/.*)?$/.exec(path);
  if (!match) return undefined;
  const [, chunk = "", position = "", below = ""] = match;
  const candidates = (events[Number(chunk)] as JoinedAnswer | undefined)?.candidates;
  const candidate = candidates?.[Number(position)];
  if (typeof candidate !== "object" || candidate === null) return undefined;
  const before = events
    .slice(0, Number(chunk))
    .reduce<unknown>((answer, event) => joinChunks(answer, event), {});
  // The candidates before it in its chunk too: a candidate first sent after another takes its place.
  const through = joinChunks(before, {
    candidates: candidates!.slice(0, Number(position) + 1),
  }) as JoinedAnswer;
  const at =
    through.candidates?.findIndex((joinedCandidate) => joinedCandidate.index === candidate.index) ?? -1;
  if (at < 0) return undefined;
  const part = /^\/content\/parts\/(\d+)(\/.*)?$/.exec(below);
  if (!part) return `/answer/candidates/${at}${below}`;
  const earlierParts =
    (before as JoinedAnswer).candidates?.find((joinedCandidate) => joinedCandidate.index === candidate.index)
      ?.content?.parts ?? [];
  const upTo = [...earlierParts, ...(candidate.content?.parts ?? []).slice(0, Number(part[1]) + 1)];
  const index = joinStreamedCalls(joinTextParts(structuredClone(upTo))).length - 1;
  return `/answer/candidates/${at}/content/parts/${index}${part[2] ?? ""}`;
}

/**
 * How the loss detector reads generate-content documents: an answer's `usageMetadata` without its
 * counts of 0; a stream's chunks each with what its candidates imply (see
 * `withImpliedCandidateFields`), as one answer (each candidate by its `index`, parts one after the
 * other, consecutive text parts of one kind joined, a function call streamed as `partialArgs` as
 * the call with the arguments they build; a field every chunk repeats, such as the
 * cumulative `usageMetadata`, counts as its last value); requests in lowerCamel spelling (see
 * `normalizeGenerateContentKeys`), without the role of their system instruction, their body
 * `model`, a `responseMimeType` of `text/plain` or a `candidateCount` of 1 (the defaults) or a flag that acts only when true
 * (`thought`, `responseLogprobs`, `includeThoughts`) set false, with inline data in standard
 * base64, schemas with their int64 fields as numbers and without `nullable: false`, and tools one
 * by one, keyed by what they are (see `toolsByKind`).
 */
export const generateContentDetectorNormalization: DetectorNormalization = {
  normalize(value, kind) {
    if (kind === "event") return withImpliedCandidateFields(value);
    if (kind === "response") return answerWithoutZeroCounts(value, "usageMetadata");
    if (kind !== "request") return value;
    // The API reads field names in snake_case and lowerCamel alike (proto3 JSON): the spelling says nothing.
    const body = normalizeGenerateContentKeys(value).value as WireRequest;
    // The API reads no role on the system instruction (SDKs send `user` there): it says nothing.
    delete body.systemInstruction?.role;
    // The model is every format's; a generate-content caller names it in the URL, where it comes back.
    delete body.model;
    // `text/plain` is the documented default of `responseMimeType`.
    if (body.generationConfig?.responseMimeType === "text/plain")
      delete body.generationConfig.responseMimeType;
    // "If unset, this will default to 1" (the spec, of `candidateCount`).
    if (body.generationConfig?.candidateCount === 1) delete body.generationConfig.candidateCount;
    const contents = Array.isArray(body.contents) ? (body.contents as WireContent[]) : [];
    withStandardBase64([...contents, body.systemInstruction as WireContent]);
    // Flags the spec says act only when true are off when false, as when absent.
    for (const part of [...contents, body.systemInstruction as WireContent].flatMap(
      (content) => content?.parts ?? [],
    ))
      if (part?.thought === false) delete part.thought;
    const config = body.generationConfig;
    if (config?.responseLogprobs === false) delete config.responseLogprobs;
    if (config?.thinkingConfig?.includeThoughts === false) delete config.thinkingConfig.includeThoughts;
    withSchemaDefaults(body.generationConfig?.responseSchema);
    if (Array.isArray(body.tools)) {
      for (const declaration of body.tools.flatMap((tool) => tool?.functionDeclarations ?? [])) {
        withSchemaDefaults(declaration);
        withoutObjectAloneParameters(declaration);
      }
      (body as Record<string, unknown>).tools = toolsByKind(body.tools as WireTool[]);
    }
    return body;
  },
  placeBodyLoss: (path, raw, kind) =>
    kind === "request"
      ? inToolsByKind(inLowerCamel(path, raw), normalizeGenerateContentKeys(raw).value)
      : path,
  eventKeys: (events) => events.map(() => "/answer"),
  placeLoss: (path, events) => inJoinedAnswer(path, events),
  mergeEvents: joinChunks,
};
