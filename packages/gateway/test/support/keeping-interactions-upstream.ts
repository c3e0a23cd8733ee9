import {
  CanonicalError,
  type ChatResponse,
  collect,
  createConversionContext,
  readableFrom,
  replayEvents,
  toCanonicalError,
} from "@interlingua/core";
import { type LocalServer, serveFetch } from "@interlingua/core/test";
import { interactionsCodec } from "@interlingua/interactions";
import { interactionsErrorToWire, matchInteractionsPath } from "@interlingua/interactions/http";

/** One call the upstream received. */
export interface KeepingUpstreamCall {
  method: string;
  /** Path and query. */
  path: string;
  apiKey: string | null;
}

/** A local Interactions API that keeps what it is asked to store, as Google's does. */
export interface KeepingInteractionsUpstream {
  url: string;
  calls: KeepingUpstreamCall[];
  close(): Promise<void>;
}

interface Kept {
  interaction: Record<string, unknown>;
  background: boolean;
  events?: { id: string; frame: string }[];
}

function errorAnswer(error: CanonicalError): Response {
  const wire = interactionsErrorToWire(error);
  return Response.json(wire.body, { status: wire.status });
}

const sse = (frames: readonly { frame: string }[]) =>
  new Response(frames.map((event) => event.frame).join(""), {
    headers: { "content-type": "text/event-stream" },
  });

/**
 * Starts an Interactions API on 127.0.0.1 that answers every create with the text `Kept <n>` under
 * its own ids, keeps it unless `store` is false (a `background` one stays `in_progress`), and serves
 * `GET` (whole, or a stream replayed after `last_event_id`), `POST …/cancel` (a running background
 * interaction only, else 400 `FAILED_PRECONDITION`) and `DELETE` of what it keeps: 404 `NOT_FOUND`
 * for any other id, as the API does. It wants `apiKey` in `x-goog-api-key`.
 */
export async function createKeepingInteractionsUpstream(
  apiKey: string,
): Promise<KeepingInteractionsUpstream> {
  const calls: KeepingUpstreamCall[] = [];
  const kept = new Map<string, Kept>();
  let count = 0;
  const notFound = (id: string) =>
    errorAnswer(new CanonicalError("not_found", `Interaction ${id} not found.`, { code: "NOT_FOUND" }));

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    calls.push({
      method: request.method,
      path: url.pathname + url.search,
      apiKey: request.headers.get("x-goog-api-key"),
    });
    if (request.headers.get("x-goog-api-key") !== apiKey)
      return errorAnswer(
        new CanonicalError("invalid_request", "API key not valid.", { code: "API_KEY_INVALID" }),
      );
    const path = matchInteractionsPath(url.pathname);
    if (!path) return errorAnswer(new CanonicalError("not_found", "Not found."));
    if (path.kind === "create") {
      const wire = (await request.json()) as Record<string, unknown>;
      const context = createConversionContext();
      const decoded = interactionsCodec.decodeRequest(wire, context, {});
      const id = `v1_upstream_${++count}`;
      const background = wire.background === true;
      const answer: ChatResponse = {
        id,
        model: decoded.model,
        parts: [{ type: "text", text: `Kept ${count}` }],
        finishReason: { reason: "stop" },
        usage: { inputTokens: 3, outputTokens: 2 },
        status: "completed",
      };
      const interaction = background
        ? { id, model: decoded.model, status: "in_progress", object: "interaction" }
        : (interactionsCodec.encodeResponse(answer, context) as Record<string, unknown>);
      const entry: Kept = { interaction, background };
      if (wire.stream === true && !background) {
        const events = await collect(
          readableFrom(replayEvents(answer)).pipeThrough(interactionsCodec.createStreamEncoder(context)),
        );
        entry.events = events.map((event) => ({
          id: String((event as { event_id: string }).event_id),
          frame: `data: ${JSON.stringify(event)}\n\n`,
        }));
      }
      if (wire.store !== false) kept.set(id, entry);
      return entry.events ? sse(entry.events) : Response.json(interaction);
    }
    const entry = kept.get(path.id);
    if (!entry) return notFound(path.id);
    if (request.method === "DELETE") {
      kept.delete(path.id);
      return Response.json({});
    }
    if (path.cancel) {
      if (!entry.background || entry.interaction.status !== "in_progress")
        return errorAnswer(
          new CanonicalError("invalid_request", "Only a running background interaction can be cancelled.", {
            code: "FAILED_PRECONDITION",
          }),
        );
      entry.interaction = { ...entry.interaction, status: "cancelled" };
      return Response.json(entry.interaction);
    }
    if (url.searchParams.get("stream") === "true") {
      if (!entry.events) return errorAnswer(new CanonicalError("invalid_request", "Not streamed."));
      const after = url.searchParams.get("last_event_id");
      const from = after === null ? 0 : entry.events.findIndex((event) => event.id === after) + 1;
      return sse(entry.events.slice(from));
    }
    return Response.json(entry.interaction);
  }

  const server: LocalServer = await serveFetch((request) =>
    handle(request).catch((thrown: unknown) => errorAnswer(toCanonicalError(thrown))),
  );
  return { url: server.url, calls, close: () => server.close() };
}
