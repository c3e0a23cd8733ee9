import { CanonicalError, errorKindForStatus, toCanonicalError } from "@interlingua/core";
import type { ExchangeObservation } from "./create-exchange-observation";
import { exchangeIdHeader } from "./exchange-event";
import { countBytesOut, type ExchangeRecord } from "./exchange-record";

function statusError(status: number): CanonicalError | undefined {
  if (status < 400) return undefined;
  return new CanonicalError(errorKindForStatus(status), `The mount answered HTTP ${status}.`, { status });
}

/**
 * A mount's answer (the image-task service), observed: the exchange id goes on its headers, its
 * body bytes are counted as they go, and the exchange is finished when the body ends or is
 * cancelled (at once for an answer without a body). A mount that throws is finished as a 500 and
 * the error goes on as before.
 */
export async function observeMountResponse(
  observation: ExchangeObservation,
  record: ExchangeRecord,
  request: Request,
  handle: () => Promise<Response> | Response,
): Promise<Response> {
  record.bytesIn = Number(request.headers.get("content-length") ?? 0) || 0;
  let response: Response;
  try {
    response = await handle();
  } catch (thrown) {
    observation.finish(record, 500, toCanonicalError(thrown));
    throw thrown;
  }
  const headers = new Headers(response.headers);
  headers.set(exchangeIdHeader, record.id);
  const { status } = response;
  const init = { status, statusText: response.statusText, headers };
  if (!response.body) {
    observation.finish(record, status, statusError(status));
    return new Response(null, init);
  }
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (thrown) {
        observation.finish(record, status, toCanonicalError(thrown));
        controller.error(thrown);
        return;
      }
      if (next.done) {
        observation.finish(record, status, statusError(status));
        controller.close();
        return;
      }
      countBytesOut(record, next.value.byteLength);
      controller.enqueue(next.value);
    },
    cancel(reason) {
      record.disconnected = true;
      observation.finish(record, status, new CanonicalError("unavailable", "The client went away."));
      return reader.cancel(reason);
    },
  });
  return new Response(body, init);
}
