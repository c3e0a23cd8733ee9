import {
  CanonicalError,
  type ChatRequest,
  type ChatResponse,
  createConversionContext,
} from "@interlingua/core";
import type { SideEndpointCall } from "../formats/gateway-format";
import { sealResponseParts } from "../opaque/seal-response-parts";
import { followRun } from "../runs/follow-run";
import { readRun } from "../runs/read-run";
import { runResponse } from "../runs/run-response";
import type { StoredRun } from "../runs/run-store";
import { forwardInteractionCall } from "./forward-interaction-call";

function unknownInteraction(id: string): CanonicalError {
  return new CanonicalError("not_found", `Interaction '${id}' was not found.`, { param: "id" });
}

/** A canonical response as this front's JSON answer. */
function answer(call: SideEndpointCall, response: ChatResponse, request?: ChatRequest): Response {
  const context = createConversionContext();
  if (request) context.request = request;
  const body = call.front.format.codec.encodeResponse(response, context);
  return new Response(call.runtime.redact(JSON.stringify(body)), {
    headers: { "content-type": "application/json" },
  });
}

/** Marks a running run cancelled (stored first, so its writer keeps it so) and stops it if it runs here. */
async function cancelRun(call: SideEndpointCall, run: StoredRun): Promise<void> {
  run.status = "cancelled";
  await call.runtime.runs.set(run);
  call.runtime.runner.abort(run.id, new CanonicalError("invalid_request", "The interaction was cancelled."));
}

/**
 * The stream of a kept run resumed after `last_event_id` (from its first event without one): the
 * events kept after it, then, while the run still runs, its new events as they are stored, never
 * asking the upstream again. Refused when the interaction was not streamed or that id is not one
 * of its kept events.
 */
function resumeStream(run: StoredRun, lastEventId: string | null, call: SideEndpointCall): Response {
  const events = run.events;
  if (events === undefined)
    throw new CanonicalError(
      "invalid_request",
      `Interaction '${run.id}' was not streamed: it has no events to resume.`,
      { param: "stream" },
    );
  let from = 0;
  if (lastEventId !== null) {
    const index = events.findIndex((event) => event.id === lastEventId);
    if (index === -1)
      throw new CanonicalError(
        "invalid_request",
        `No event '${lastEventId}' is kept for interaction '${run.id}'.`,
        { param: "last_event_id" },
      );
    from = index + 1;
  }
  return new Response(followRun(call.runtime.runs, run.id, call.tenant, from), {
    headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
  });
}

/**
 * `GET`, `DELETE` and `POST …/cancel` of an interaction the gateway keeps
 * (`/{version}/interactions/{id}`), from the front's conversation store and its runs, only for the
 * tenant that made it: another tenant's id and an unknown one get the very same 404. `GET` answers
 * the `Interaction` as it was first answered (output sealed for the caller again), or, while it has
 * no answer yet, its run: `in_progress`, `failed` with its error, or `cancelled`. `GET` with
 * `stream=true` resumes its stream after `last_event_id` (see {@link resumeStream}). `cancel` stops a
 * background interaction still running (its upstream exchange aborted) and answers it `cancelled`;
 * any other is refused as the API refuses cancelling a finished one. `DELETE` forgets it (stopping it
 * first if it runs) and answers `{}`. An interaction an interactions upstream keeps (created
 * through a same-format pass-through) is asked of that upstream, for the tenant that created it only.
 */
export async function handleStoredInteraction(call: SideEndpointCall): Promise<Response> {
  const { front, runtime, tenant } = call;
  const id = call.params.id ?? "";
  const conversation = front.conversation;
  if (!conversation) throw unknownInteraction(id);
  const run = await readRun(runtime.runs, id, tenant);
  if (run === undefined && (await conversation.retrieve(id, tenant)) === undefined) {
    // Not the gateway's: perhaps an interactions upstream keeps it, for this tenant.
    const provider = await runtime.continuations.providerOf(id, tenant);
    const direct = provider === undefined ? undefined : runtime.targets.get(provider)?.direct;
    if (direct?.format.codec.id === front.format.codec.id) return forwardInteractionCall(call, direct, id);
    throw unknownInteraction(id);
  }
  if (call.method === "DELETE") {
    if (run?.status === "in_progress") await cancelRun(call, run);
    const forgotten = await conversation.forget(id, tenant);
    const dropped = run !== undefined && (await runtime.runs.delete(id));
    if (!forgotten && !dropped) throw unknownInteraction(id);
    return Response.json({});
  }
  if (call.params.cancel === "true") {
    if (run?.background && run.status === "in_progress") {
      await cancelRun(call, run);
      return answer(call, runResponse(run));
    }
    const status = run?.status ?? (await conversation.retrieve(id, tenant))?.response.status;
    if (status === undefined) throw unknownInteraction(id);
    throw new CanonicalError(
      "invalid_request",
      `Interaction '${id}' is ${status}: only a background interaction that is still running can be cancelled.`,
      { param: "id", code: "FAILED_PRECONDITION" },
    );
  }
  const search = new URL(call.request.url).searchParams;
  if (search.get("stream") === "true") {
    if (run) return resumeStream(run, search.get("last_event_id"), call);
    if (await conversation.retrieve(id, tenant))
      throw new CanonicalError(
        "invalid_request",
        `Interaction '${id}' was not streamed: it has no events to resume.`,
        { param: "stream" },
      );
    throw unknownInteraction(id);
  }
  const record = await conversation.retrieve(id, tenant);
  if (!record) {
    if (run && run.status !== "completed") return answer(call, runResponse(run));
    throw unknownInteraction(id);
  }
  const { codec, toolCallsCarryState } = front.format;
  const request: ChatRequest = { model: record.response.model, messages: record.input };
  if (record.instructions) request.instructions = record.instructions;
  if (record.previousResponseId !== undefined) request.previousResponseId = record.previousResponseId;
  const response = {
    ...record.response,
    created: record.response.created ?? Math.floor(record.createdAt / 1000),
    parts: await sealResponseParts(
      record.response.parts,
      { format: codec.id, toolCallsCarryState },
      runtime.sealer,
    ),
  };
  return answer(call, response, request);
}
