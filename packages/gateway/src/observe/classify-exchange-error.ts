import type { CanonicalError } from "@interlingua/core";
import type { ExchangeErrorType } from "./exchange-event";
import type { ExchangeRecord } from "./exchange-record";

/** The code a stream's error carries when the caller cancelled it. */
export const clientDisconnectCode = "client_disconnected";

/** Which {@link ExchangeErrorType} an exchange that ended in `error` had. */
export function classifyExchangeError(record: ExchangeRecord, error: CanonicalError): ExchangeErrorType {
  if (record.disconnected || record.signal.aborted || error.code === clientDisconnectCode)
    return "client_disconnect";
  if (error.code === "conversion_loss") return "strict_refusal";
  if (error.kind === "timeout") return "timeout";
  if (record.upstreamSent !== undefined) return "upstream_error";
  return error.status < 500 ? "client_error" : "gateway_error";
}
