import type { ChatRequest, MediaPart, Part } from "@interlingua/core";
import {
  chatCompletionsExtensions,
  chatCompletionsFormatId,
  remainingFields,
  type WireObject,
} from "../chat-completions-extensions";
import { audioMediaTypes } from "./decode-chat-completions-content";

/**
 * An answer's spoken output (`message.audio`: `id`, base64 `data`, `expires_at`, `transcript`) as
 * an audio media part, its other fields kept in `extensions["chat-completions"].audio`. As media,
 * another format carries it where it can and reports a loss where it cannot; this format gives it
 * back as it came. The answer does not name the audio's format (the request's `audio.format` does:
 * see {@link requestedAudioMediaType}); `mediaType` is set when the caller knows it.
 */
export function decodeChatCompletionsAudio(audio: WireObject, mediaType?: string): MediaPart {
  const part: MediaPart = {
    type: "media",
    kind: "audio",
    source: { type: "base64", data: typeof audio.data === "string" ? audio.data : "" },
    extensions: { [chatCompletionsFormatId]: { audio: remainingFields(audio, ["data"]) ?? {} } },
  };
  if (mediaType !== undefined) part.mediaType = mediaType;
  return part;
}

/**
 * The media type of the audio an answer to `request` speaks: the `audio.format` it asked for (this
 * format's request), or `wav`, which the encoder asks for when another format's request named none;
 * undefined for a request that asked for no speech.
 */
export function requestedAudioMediaType(request: ChatRequest | undefined): string | undefined {
  if (request?.speech === undefined) return undefined;
  const format = request.speech.format ?? "wav";
  return audioMediaTypes[format] ?? `audio/${format}`;
}

/** Sets `mediaType` on the answer's audio parts among `parts` (see {@link requestedAudioMediaType}). */
export function typeAnswerAudio(parts: readonly Part[], mediaType: string | undefined): void {
  if (mediaType === undefined) return;
  for (const part of parts)
    if (part.type === "media" && isChatCompletionsAudio(part)) part.mediaType = mediaType;
}

/** True for an answer's audio (one {@link decodeChatCompletionsAudio} made), which `message.audio` holds. */
export function isChatCompletionsAudio(part: MediaPart): boolean {
  return (
    part.kind === "audio" &&
    part.source.type === "base64" &&
    typeof chatCompletionsExtensions(part)?.audio === "object"
  );
}

/** An answer's audio part (see {@link isChatCompletionsAudio}) as `message.audio`, as it came. */
export function encodeChatCompletionsAudio(part: MediaPart): WireObject {
  const fields = chatCompletionsExtensions(part)?.audio as WireObject;
  return { ...fields, data: part.source.type === "base64" ? part.source.data : "" };
}

/** What the `delta.audio` fragments of a streamed answer have said so far. */
export interface AudioAccumulator {
  data: string;
  /** `transcript` joined, once any came. */
  transcript?: string;
  /** The other fields (`id`, `expires_at`), the last value of each. */
  fields: WireObject;
}

/** An empty {@link AudioAccumulator}. */
export function createAudioAccumulator(): AudioAccumulator {
  return { data: "", fields: {} };
}

/**
 * Adds one `delta.audio` to `accumulator`: `data` and `transcript` come in fragments to append (the
 * transcript usually first, then the data, then `expires_at` alone: openai-node issue 1206).
 */
export function collectAudioDelta(accumulator: AudioAccumulator, audio: WireObject): void {
  for (const key in audio) {
    const value = audio[key];
    if (key === "data" && typeof value === "string") accumulator.data += value;
    else if (key === "transcript" && typeof value === "string")
      accumulator.transcript = (accumulator.transcript ?? "") + value;
    else accumulator.fields[key] = value;
  }
}

/** A streamed answer's audio as the part a whole answer's `message.audio` gives. */
export function accumulatedAudio(accumulator: AudioAccumulator, mediaType?: string): MediaPart {
  const audio: WireObject = { ...accumulator.fields, data: accumulator.data };
  if (accumulator.transcript !== undefined) audio.transcript = accumulator.transcript;
  return decodeChatCompletionsAudio(audio, mediaType);
}
