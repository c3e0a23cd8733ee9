import {
  CanonicalError,
  type ChatEvent,
  type ChatProvider,
  type ChatRequest,
  type ChatResponse,
  createResponseAccumulator,
  readableFrom,
  replay,
} from "@interlingua/core";
import { type CanonicalExchange, decodeExchange } from "../canonical/decode-exchange";
import { defaultRecordingFormats } from "../format/default-recording-formats";
import type { RecordedExchange } from "../format/recorded-exchange";
import type { RecordingFormats } from "../format/recording-format";
import { explainFingerprintDifference } from "./explain-fingerprint-difference";
import { type ReplayFingerprint, replayFingerprint } from "./replay-fingerprint";

/** Options of {@link createReplayProvider}. */
export interface ReplayProviderOptions {
  /** The recordings to answer from; exchanges without both a request and an answer are ignored. */
  recordings: Iterable<RecordedExchange> | AsyncIterable<RecordedExchange>;
  /** How requests are matched to recordings; default {@link replayFingerprint}. */
  match?: ReplayFingerprint;
  /** The formats the recordings may be in; default the shipped chat formats. */
  formats?: RecordingFormats;
  /** The provider id; default `replay`. */
  id?: string;
}

interface ReplayEntry {
  name: string;
  fingerprint: string;
  exchange: CanonicalExchange;
}

/**
 * A provider that answers from recorded traffic: a request gets the recorded answer (response,
 * stream or error) of the recording whose request has the same fingerprint; several recordings
 * with one fingerprint answer in turn, in recorded order, then start over. A streaming caller gets
 * the recorded events (or a whole recorded response replayed as events), a non-streaming caller
 * the whole response. No match is a `not_found` error that names the closest recording and says
 * which parts of the request differ from it (model, instructions, tools, conversation).
 * Recordings are decoded on first use.
 */
export function createReplayProvider(options: ReplayProviderOptions): ChatProvider {
  const match = options.match ?? replayFingerprint;
  const formats = options.formats ?? defaultRecordingFormats;
  let entries: Promise<ReplayEntry[]> | undefined;
  const turns = new Map<string, number>();

  async function load(): Promise<ReplayEntry[]> {
    const loaded: ReplayEntry[] = [];
    let position = 0;
    for await (const recording of options.recordings) {
      position++;
      if (!recording.request || !recording.response) continue;
      const exchange = await decodeExchange(recording, formats);
      if (!exchange.request) continue;
      const name = recording.id ?? `recording ${position}`;
      loaded.push({ name, fingerprint: match(exchange.request), exchange });
    }
    return loaded;
  }

  async function find(request: ChatRequest): Promise<CanonicalExchange> {
    entries ??= load();
    const all = await entries;
    const fingerprint = match(request);
    const matching = all.filter((entry) => entry.fingerprint === fingerprint);
    if (matching.length === 0) throw notFound(fingerprint, all);
    const turn = turns.get(fingerprint) ?? 0;
    turns.set(fingerprint, turn + 1);
    return (matching[turn % matching.length] as ReplayEntry).exchange;
  }

  return {
    id: options.id ?? "replay",
    capabilities: { streaming: true, inputMedia: ["image", "audio", "video", "document", "file"] },
    async generate(request) {
      const exchange = await find(request);
      if (exchange.error) throw CanonicalError.fromData(exchange.error);
      if (exchange.response) return withModel(exchange.response, request);
      return withModel(accumulateEvents(exchange.events ?? []), request);
    },
    async stream(request) {
      const exchange = await find(request);
      if (exchange.error) throw CanonicalError.fromData(exchange.error);
      if (exchange.response) return replay(withModel(exchange.response, request));
      return readableFrom(exchange.events ?? []);
    },
  };
}

/** The recorded answer under the model name the caller asked for, as a live backend would report it. */
function withModel(response: ChatResponse, request: ChatRequest): ChatResponse {
  return response.model === "" ? { ...response, model: request.model } : response;
}

function accumulateEvents(events: readonly ChatEvent[]): ChatResponse {
  const accumulator = createResponseAccumulator();
  for (const event of events) {
    if (event.type === "error") throw CanonicalError.fromData(event.error);
    accumulator.add(event);
  }
  return accumulator.result();
}

function notFound(fingerprint: string, entries: readonly ReplayEntry[]): CanonicalError {
  const closest = closestEntry(fingerprint, entries);
  const difference = closest && explainFingerprintDifference(fingerprint, closest.fingerprint);
  const hint = closest
    ? `; the closest recording is "${closest.name}" (it was asked: ${lastUserText(closest.exchange)})` +
      (difference ? `, which differs in ${difference}` : "")
    : "; there are no recordings to replay";
  return new CanonicalError("not_found", `No recorded exchange matches this request${hint}`, {
    code: "recording_not_found",
  });
}

/** The entry whose fingerprint shares the most words with the request's (Jaccard similarity). */
function closestEntry(fingerprint: string, entries: readonly ReplayEntry[]): ReplayEntry | undefined {
  const words = wordSet(fingerprint);
  let best: ReplayEntry | undefined;
  let bestScore = -1;
  for (const entry of entries) {
    const other = wordSet(entry.fingerprint);
    let shared = 0;
    for (const word of words) if (other.has(word)) shared++;
    const score = shared / (words.size + other.size - shared || 1);
    if (score > bestScore) {
      best = entry;
      bestScore = score;
    }
  }
  return best;
}

function wordSet(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []);
}

function lastUserText(exchange: CanonicalExchange): string {
  const user = exchange.request?.messages.filter((message) => message.role === "user").at(-1);
  const text = user?.parts
    .map((part) => (part.type === "text" ? part.text : `[${part.type}]`))
    .join(" ")
    .trim();
  if (!text) return "(no user text)";
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);
}
