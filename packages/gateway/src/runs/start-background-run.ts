import {
  CanonicalError,
  type ConversionContext,
  createConversionContext,
  toCanonicalError,
} from "@interlingua/core";
import { createEventFramer } from "../pipeline/create-event-framer";
import { terminalErrorEvents } from "../pipeline/encode-event-stream";
import type { Front, GatewayRuntime } from "../pipeline/gateway-runtime";
import type { KeepAlive } from "./background-runner";
import { followRun } from "./follow-run";
import { runEventRecorder } from "./run-event-recorder";
import { runResponse } from "./run-response";
import type { StoredRun } from "./run-store";
import { createRunWriter, type RunWriter } from "./run-writer";

/** How often a background run checks whether it was cancelled or deleted through another instance, milliseconds. */
const checkEveryMs = 1000;

/** Time past a run's limit before a reader takes it for dead, so a live run settles itself first. */
const deadlineGraceMs = 30_000;

/** What {@link startBackgroundRun} needs of the exchange. */
export interface BackgroundStart {
  runtime: GatewayRuntime;
  front: Front;
  /** The answer id the gateway issued. */
  id: string;
  tenant: string;
  /** The model the caller asked for. */
  model: string;
  /** Whether the caller asked for a stream (it then follows the run's events as they are stored). */
  stream: boolean;
  /** The resume id of one of the front's stream events. */
  eventIdOf(wire: unknown): string | undefined;
  /**
   * Runs the exchange under `signal`: a whole answer once stored, or the stream body, recording its
   * events in `writer` and settling the run when it ends.
   */
  answer(signal: AbortSignal, writer: RunWriter): Promise<Response>;
  /** The runtime's hold on work that outlives the answer (Workers' `waitUntil`). */
  keepAlive?: KeepAlive;
}

/** The answer of a run just started: the run `in_progress` in the front's format. */
function startedResponse(start: BackgroundStart, run: StoredRun): Response {
  const context: ConversionContext = createConversionContext();
  const body = start.front.format.codec.encodeResponse(runResponse(run), context);
  return new Response(start.runtime.redact(JSON.stringify(body)), {
    headers: { "content-type": "application/json" },
  });
}

/**
 * Starts an exchange as a background run and answers at once: the run is stored `in_progress`
 * (the caller's tenant's alone), the exchange goes on in this instance under the run's own signal
 * (the time limit, or a cancel), and its end lands in the stores: the answer in the response store,
 * the run `completed`, `failed` (with its error) or `cancelled`. A streaming caller is answered with
 * the run's events as they are stored, and may drop and resume them. Refused with `rate_limit` when
 * the tenant has its cap of runs running here.
 */
export async function startBackgroundRun(start: BackgroundStart): Promise<Response> {
  const { runtime, id, tenant } = start;
  const createdAt = Date.now();
  const run: StoredRun = {
    id,
    owner: tenant,
    model: start.model,
    status: "in_progress",
    background: true,
    createdAt,
    ...(start.stream ? { events: [] } : {}),
    deadline: createdAt + runtime.runner.maxDurationMs + deadlineGraceMs,
  };
  let begin!: (stored: boolean) => void;
  const stored = new Promise<boolean>((resolve) => {
    begin = resolve;
  });
  runtime.runner.start(
    id,
    tenant,
    async (signal) => {
      if (!(await stored)) return;
      const stopped = new CanonicalError("invalid_request", "The interaction was cancelled.");
      const writer = createRunWriter(runtime.runs, run, () => runtime.runner.abort(id, stopped));
      const check = setInterval(() => void writer.sync(), checkEveryMs);
      try {
        const response = await start.answer(signal, writer);
        if (start.stream) {
          const reader = (response.body as ReadableStream<Uint8Array>).getReader();
          while (!(await reader.read()).done);
        } else await writer.settle("completed");
      } catch (thrown) {
        const error = toCanonicalError(signal.aborted ? signal.reason : thrown);
        // A stream that failed before its first event still ends, for its followers, in the front's error event.
        if (start.stream && run.events?.length === 0) {
          const framer = createEventFramer(start.front.format.codec, "sse", runtime.redact);
          const keep = runEventRecorder(writer, start.eventIdOf);
          for (const wire of await terminalErrorEvents(start.front.format.codec, error))
            keep(wire, framer.event(wire));
        }
        await writer.settle("failed", error);
      } finally {
        clearInterval(check);
      }
    },
    start.keepAlive,
  );
  try {
    await runtime.runs.set(run);
  } catch (thrown) {
    begin(false);
    throw thrown;
  }
  begin(true);
  if (!start.stream) return startedResponse(start, run);
  return new Response(followRun(runtime.runs, id, tenant, 0), {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}
