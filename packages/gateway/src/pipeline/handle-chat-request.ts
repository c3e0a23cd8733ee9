import {
  accumulate,
  CanonicalError,
  type ChatEvent,
  type ChatEventBatch,
  type ChatEventBatches,
  type ChatRequest,
  type ChatResponse,
  type ConversionContext,
  createConversionContext,
  createResponseAccumulator,
  errorKindForStatus,
  eventBatchesOf,
  pairToolResults,
  type RequestLocation,
  replay,
  reportUnmappedRequestFields,
  toCanonicalError,
} from "@interlingua/core";
import type { ConversionReport } from "../config/gateway-config-schema";
import type { StreamFraming } from "../formats/gateway-format";
import type { ByteSource } from "../http/byte-source";
import { type GatewayAnswer, type PlainAnswer, toResponse } from "../http/gateway-answer";
import type { InboundRequest } from "../http/inbound-request";
import { readLimitedBody } from "../http/read-limited-body";
import {
  countBytesOut,
  type ExchangeRecord,
  recordAnswer,
  recordAnswerEvent,
} from "../observe/exchange-record";
import { utf8ByteLength } from "../observe/utf8-byte-length";
import { carriesSealedState } from "../opaque/carries-sealed-state";
import { createSealingTransformer } from "../opaque/create-sealing-transformer";
import { type SealingFront, sealResponseParts } from "../opaque/seal-response-parts";
import { unsealRequest } from "../opaque/unseal-request";
import type { KeepAlive } from "../runs/background-runner";
import { runEventRecorder } from "../runs/run-event-recorder";
import type { StoredRun } from "../runs/run-store";
import { createRunWriter, type RunWriter } from "../runs/run-writer";
import { startBackgroundRun } from "../runs/start-background-run";
import { encodeEventStream, streamContentType } from "./encode-event-stream";
import { encodeFusedEventStream } from "./encode-fused-event-stream";
import { errorAnswer } from "./error-response";
import { eventReaderOf } from "./event-reader-of";
import { forwardSameFormat } from "./forward-same-format";
import type { Front, GatewayRuntime, ProviderTarget } from "./gateway-runtime";
import { type EventStreamHooks, guardEventStream } from "./guard-event-stream";
import { asCallerError } from "./upstream-auth-failure";
import { upstreamReadError } from "./upstream-read-error";
import { withSseKeepalive } from "./with-sse-keepalive";

/** Header asking the gateway to fail rather than lose anything in conversion. */
export const strictHeader = "x-interlingua-strict";
/** Response header with the number of losses of the exchange (known when the headers went out). */
export const lossesHeader = "x-interlingua-losses";

const textEncoder = new TextEncoder();

/** A request body parsed, or an `invalid_json` error. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new CanonicalError("invalid_request", "The request body is not valid JSON.", {
      code: "invalid_json",
    });
  }
}

interface Exchange {
  front: Front;
  target: ProviderTarget;
  /** The request as the caller sent it (decoded). */
  request: ChatRequest;
  /** The request as it goes upstream. */
  upstreamRequest: ChatRequest;
  context: ConversionContext;
  signal: AbortSignal;
  report: ConversionReport;
  /** How a streamed answer is framed for this caller. */
  framing: StreamFraming;
  /** The caller's tenant, whose conversations the front's state serves. */
  tenant: string;
  /** The id the front's conversation state gave the answer, in place of the upstream's. */
  responseId?: string;
  /** Records the tenant of an answer id that a same-format upstream keeps a conversation under. */
  recordAnswerId?: (id: string) => void;
  /** The exchange's observation record. */
  record: ExchangeRecord;
  /** Where the events of a stream kept for resuming go, with how their resume ids are read. */
  run?: { writer: RunWriter; eventIdOf(wire: unknown): string | undefined };
}

/**
 * One chat exchange: the caller's body (size-limited) decoded by the front codec, routed, sent to the
 * provider (or, same format both sides, forwarded as it came), and answered in the front's format,
 * whole or streamed. Every failure before the first byte is answered with the front's error status
 * and body; the conversion report goes to `onConversion` once the exchange is over, and the
 * exchange's `record` is filled in and finished (a stream's when it ends). Over a backend of
 * another format, a front with runs (interactions) runs a `background` request apart from its
 * caller (`keepAlive` holding the runtime open for it) and keeps the events of a stored stream for
 * resuming.
 */
export async function handleChatRequest(
  runtime: GatewayRuntime,
  front: Front,
  request: InboundRequest,
  location: RequestLocation,
  record: ExchangeRecord,
  keepAlive?: KeepAlive,
): Promise<GatewayAnswer> {
  const { codec } = front.format;
  const context = createConversionContext({ strict: request.headers.get(strictHeader) === "1" });
  record.strict = context.strict;
  record.losses = context.losses;
  const tenant = record.tenant ?? runtime.keys.tenantOf(codec.http.readApiKey(request));
  record.tenant = tenant;
  const report: ConversionReport = {
    front: codec.id,
    provider: "",
    model: "",
    upstreamModel: "",
    stream: false,
    passThrough: false,
    losses: context.losses,
  };
  /** The run of a stored stream, settled failed if the exchange fails before its stream begins. */
  let keptRun: RunWriter | undefined;
  try {
    const text = await readLimitedBody(request, runtime.maxBodyBytes);
    record.bytesIn = Number(request.headers.get("content-length")) || utf8ByteLength(text);
    const wire = parseJson(text);
    const decoded = codec.decodeRequest(wire, context, location);
    const background = front.format.runs?.background(wire) === true;
    report.model = decoded.model;
    report.stream = decoded.stream === true;
    record.requestModel = decoded.model;
    record.stream = report.stream;
    record.request = decoded;
    const route = runtime.router.resolve(decoded.model);
    if (!route)
      throw new CanonicalError("not_found", `The model '${decoded.model}' is not served here.`, {
        param: "model",
        code: "model_not_found",
      });
    const target = runtime.targets.get(route.provider);
    if (!target) throw new CanonicalError("internal", `Route to unknown provider '${route.provider}'.`);
    report.provider = target.name;
    report.upstreamModel = route.upstreamModel;
    const backendFormat = target.provider.capabilities.wireFormat;
    record.backend = { provider: target.name, format: backendFormat };
    record.upstreamModel = route.upstreamModel;

    const framing = front.format.streamFraming?.(new URL(request.url)) ?? "sse";
    const direct = target.direct;
    // An upstream of the caller's format keeps its conversations itself: only the tenant that got
    // an answer id may continue from it, and the ids of its answers are recorded as that tenant's.
    const continuation = backendFormat === codec.id ? front.format.continuationOf?.(wire) : undefined;
    if (continuation) await runtime.continuations.check(continuation.id, tenant, continuation.param);
    const recordAnswerId =
      backendFormat === codec.id && front.format.continuationOf
        ? (id: string) => runtime.continuations.record(id, tenant, target.name)
        : undefined;
    // Upstream calls always stream as SSE, so only an SSE caller can take the bytes as they come; a
    // whole answer goes back as it came, whatever the framing of the caller's streams.
    if (
      direct?.format.codec.id === codec.id &&
      (framing === "sse" || !report.stream) &&
      !target.streamUpstream &&
      !carriesSealedState(wire)
    ) {
      report.passThrough = true;
      record.passThrough = true;
      const response = await forwardSameFormat(runtime, direct, {
        wire,
        headers: request.headers,
        upstreamModel: route.upstreamModel,
        stream: report.stream,
        signal: request.signal,
        onAnswerId: recordAnswerId,
        record,
      });
      const error =
        response.status >= 200 && response.status < 300
          ? undefined
          : new CanonicalError(errorKindForStatus(response.status), "The upstream's error, passed through.", {
              status: response.status,
            });
      if (error) report.error = { kind: error.kind, status: error.status, message: error.message };
      runtime.report(report);
      // A stream's record is finished when it ends (see `forwardSameFormat`).
      if (!report.stream || error) runtime.observation.finish(record, response.status, error);
      return response;
    }

    const conversation = backendFormat === codec.id ? undefined : front.conversation;
    const runs = conversation && decoded.store !== false ? front.format.runs : undefined;
    // What the gateway serves itself (`background`) is no loss of the backend's.
    reportUnmappedRequestFields(runs ? runs.withoutServed(decoded) : decoded, codec, backendFormat, context);
    let upstreamRequest = await unsealRequest(decoded, backendFormat, runtime.sealer, context);
    if (conversation) upstreamRequest = await conversation.expand(upstreamRequest, context, tenant);
    // Every backend refuses tool calls left unanswered, or results answering nothing; a caller of
    // the backend's own format gets that refusal from its backend, others a conversation it takes.
    if (backendFormat !== codec.id) upstreamRequest = pairToolResults(upstreamRequest, context);
    upstreamRequest = { ...upstreamRequest, model: route.upstreamModel };
    context.request = decoded;
    const exchange: Exchange = {
      front,
      target,
      request: decoded,
      upstreamRequest,
      context,
      signal: request.signal,
      report,
      framing,
      tenant,
      responseId: conversation?.issueResponseId(),
      recordAnswerId,
      record,
    };
    const responseId = exchange.responseId;
    if (runs && responseId !== undefined && (background || report.stream)) {
      const keep = (writer: RunWriter) => ({ writer, eventIdOf: runs.eventIdOf });
      if (background)
        return await startBackgroundRun({
          runtime,
          front,
          id: responseId,
          tenant,
          model: decoded.model,
          stream: report.stream,
          eventIdOf: runs.eventIdOf,
          keepAlive,
          answer: async (signal, writer) => {
            const detached = { ...exchange, signal, run: keep(writer) };
            try {
              return report.stream
                ? toResponse(await answerStream(runtime, detached, conversation))
                : toResponse(await answerWhole(runtime, detached, conversation));
            } catch (thrown) {
              const error = failed(thrown);
              runtime.observation.finish(record, error.status, error);
              throw error;
            }
          },
        });
      keptRun = await startForegroundRun(runtime, responseId, tenant, decoded.model);
      exchange.run = keep(keptRun);
    }
    return report.stream
      ? await answerStream(runtime, exchange, conversation)
      : await answerWhole(runtime, exchange, conversation);
  } catch (thrown) {
    const error = failed(thrown);
    void keptRun?.settle("failed", error);
    const response = errorAnswer(codec, error, runtime.redact, (bytes) => countBytesOut(record, bytes));
    runtime.observation.finish(record, response.status, error);
    return response;
  }

  /** The exchange's failure as the caller's error, reported. */
  function failed(thrown: unknown): CanonicalError {
    const error = asCallerError(toCanonicalError(thrown));
    report.error = { kind: error.kind, status: error.status, message: runtime.redact(error.message) };
    runtime.report(report);
    return error;
  }
}

/**
 * A stored stream's run, kept for resuming while the caller reads it; stored `in_progress` before it
 * starts, and taken for dead (failed) only after the background time limit passes without an event.
 */
async function startForegroundRun(
  runtime: GatewayRuntime,
  id: string,
  tenant: string,
  model: string,
): Promise<RunWriter> {
  const createdAt = Date.now();
  const run: StoredRun = {
    id,
    owner: tenant,
    model,
    status: "in_progress",
    createdAt,
    deadline: createdAt + runtime.runner.maxDurationMs,
    events: [],
  };
  await runtime.runs.set(run);
  // Its caller holds it open: it is taken for dead only after that long without a write.
  return createRunWriter(runtime.runs, run, () => undefined, runtime.runner.maxDurationMs);
}

/** Events that may come before any content without the caller having seen a byte. */
const preamble = new Set<ChatEvent["type"]>(["response-start", "usage", "keepalive"]);

/**
 * Reads the stream's opening up to its first content (or terminal) event, so that an upstream that
 * fails right after announcing the response (an `overloaded` error after the start event) is still
 * answered with the front's HTTP error status rather than a stream that starts and fails. The
 * events of the batch read last that come after it are part of the opening too.
 */
async function readOpening(source: ChatEventBatches): Promise<ChatEvent[]> {
  const opening: ChatEvent[] = [];
  for (;;) {
    let next: ChatEventBatch;
    try {
      next = await source.read();
    } catch (thrown) {
      throw upstreamReadError(thrown);
    }
    if (next.done) throw new CanonicalError("unavailable", "The upstream stream ended before any content.");
    const events = next.value;
    for (let index = 0; index < events.length; index++) {
      const event = events[index] as ChatEvent;
      if (event.type === "error") {
        await source.cancel().catch(() => undefined);
        throw CanonicalError.fromData(event.error);
      }
      opening.push(event);
      if (!preamble.has(event.type) || opening.length >= 16) {
        for (let rest = index + 1; rest < events.length; rest++) opening.push(events[rest] as ChatEvent);
        return opening;
      }
    }
  }
}

function sealingFront(front: Front): SealingFront {
  return { format: front.format.codec.id, toolCallsCarryState: front.format.toolCallsCarryState };
}

/** Whether the backend's tool calls may carry state that must travel in their ids to this front. */
function holdToolCalls(runtime: GatewayRuntime, front: Front, target: ProviderTarget): boolean {
  const backend = target.provider.capabilities.wireFormat;
  const backendFormat = backend === undefined ? undefined : runtime.formats.get(backend);
  return backendFormat?.toolCallsCarryState === true && !front.format.toolCallsCarryState;
}

async function answerWhole(
  runtime: GatewayRuntime,
  exchange: Exchange,
  conversation: Front["conversation"],
): Promise<PlainAnswer> {
  const { target, context, front, record } = exchange;
  const options = { signal: exchange.signal, context };
  record.upstreamSent ??= performance.now();
  let response: ChatResponse = target.streamUpstream
    ? await accumulate(await target.provider.stream(exchange.upstreamRequest, options))
    : await target.provider.generate(exchange.upstreamRequest, options);
  record.upstreamFirstByte ??= performance.now();
  if (response.status === "failed" && response.error) throw CanonicalError.fromData(response.error);
  if (exchange.responseId !== undefined) response = { ...response, id: exchange.responseId };
  recordAnswer(record, response);
  exchange.recordAnswerId?.(response.id);
  await conversation?.remember(exchange.request, response, exchange.tenant);
  response = {
    ...response,
    parts: await sealResponseParts(response.parts, sealingFront(front), runtime.sealer),
  };
  const body = textEncoder.encode(
    runtime.redact(JSON.stringify(front.format.codec.encodeResponse(response, context))),
  );
  runtime.report(exchange.report);
  if (record.captureContent) record.output = response.parts;
  countBytesOut(record, body.byteLength);
  runtime.observation.finish(record, 200);
  return {
    status: 200,
    headers: { "content-type": "application/json", [lossesHeader]: String(context.losses.length) },
    body,
  };
}

async function answerStream(
  runtime: GatewayRuntime,
  exchange: Exchange,
  conversation: Front["conversation"],
): Promise<PlainAnswer> {
  const { target, context, front, record } = exchange;
  const codec = front.format.codec;
  const options = { signal: exchange.signal, context };
  record.upstreamSent ??= performance.now();
  const { provider } = target;
  // Read a batch per upstream chunk where the provider can (decision 0051), else an event at a time.
  const source: ChatEventBatches = !provider.capabilities.streaming
    ? eventBatchesOf(replay(await provider.generate(exchange.upstreamRequest, options)))
    : provider.streamBatches
      ? await provider.streamBatches(exchange.upstreamRequest, options)
      : eventBatchesOf(await provider.stream(exchange.upstreamRequest, options));
  record.upstreamFirstByte ??= performance.now();
  const { responseId } = exchange;
  const opening = (await readOpening(source)).map((event) => {
    if (event.type !== "response-start") return event;
    exchange.recordAnswerId?.(event.id);
    return responseId !== undefined ? { ...event, id: responseId } : event;
  });
  // The stream encoder is created now so losses of the response start count in the header.
  const encoderTransformer = codec.createStreamEncoderTransformer?.(context);
  const accumulator = conversation || record.captureContent ? createResponseAccumulator() : undefined;
  const hooks: EventStreamHooks = {
    onEvent(event) {
      recordAnswerEvent(record, event);
      accumulator?.add(event);
    },
    // Nothing to save (no run, no conversation): the end goes on in the same pass as what came before it.
    beforeEnd:
      exchange.run || conversation
        ? async () => {
            // A run deleted (or cancelled) while it streamed is not kept again at its end.
            await exchange.run?.writer.sync();
            if (accumulator && conversation && !exchange.run?.writer.stopped) {
              const response = accumulator.result();
              await conversation.remember(
                exchange.request,
                { ...response, id: responseId ?? response.id },
                exchange.tenant,
              );
            }
          }
        : undefined,
    onClose(error) {
      if (error)
        exchange.report.error = {
          kind: error.kind,
          status: error.status,
          message: runtime.redact(error.message),
        };
      runtime.report(exchange.report);
      if (accumulator && record.captureContent) record.output = accumulator.result().parts;
      runtime.observation.finish(record, 200, error);
      void exchange.run?.writer.settle(error ? "failed" : "completed", error);
    },
  };
  const sealing = createSealingTransformer(runtime.sealer, {
    front: sealingFront(front),
    holdToolCalls: holdToolCalls(runtime, front, target),
  });
  const framing = exchange.framing;
  const redact = runtime.redact;
  const onBytes = (bytes: number) => countBytesOut(record, bytes);
  const onFrame = exchange.run && runEventRecorder(exchange.run.writer, exchange.run.eventIdOf);
  const keepaliveMs = framing === "sse" && front.format.sseComments ? runtime.keepaliveMs : undefined;
  let body: ReadableStream<Uint8Array> | ByteSource;
  if (encoderTransformer) {
    // Guard, sealing, encoder and framing as one stage (decisions 0003 and 0051).
    body = encodeFusedEventStream(opening, source, {
      codec,
      encoder: encoderTransformer,
      sealing,
      hooks,
      framing,
      redact,
      onBytes,
      onFrame,
      sseDoneData: front.format.sseDoneData,
      keepaliveMs,
    });
  } else {
    const encoder = codec.createStreamEncoder(context);
    const events = guardEventStream(opening, eventReaderOf(source), hooks).pipeThrough(
      new TransformStream(sealing),
    );
    const staged = encodeEventStream(events, codec, encoder, {
      framing,
      redact,
      onBytes,
      onFrame,
      sseDoneData: front.format.sseDoneData,
    });
    body = keepaliveMs === undefined ? staged : withSseKeepalive(staged, keepaliveMs);
  }
  return {
    status: 200,
    headers: {
      "content-type": streamContentType(framing),
      "cache-control": "no-cache",
      [lossesHeader]: String(context.losses.length),
    },
    body,
  };
}
