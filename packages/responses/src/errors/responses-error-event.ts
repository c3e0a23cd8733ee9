import {
  type ConversionContext,
  type ErrorData,
  type ErrorKind,
  pointer,
  statusByErrorKind,
} from "@interlingua/core";
import type { WireObject } from "../responses-extensions";
import { responsesErrorKindForCode, responsesErrorTypeByKind } from "./responses-error-kinds";

/**
 * The code an `error` event carries for a kind when the error has none of its own (live traffic's
 * `server_error`, `rate_limit_exceeded`); none for the other kinds, whose failed-response code
 * (`invalid_prompt`) would say more than the error does.
 */
export const responsesEventErrorCodeByKind: Partial<Record<ErrorKind, string>> = {
  rate_limit: "rate_limit_exceeded",
  overloaded: "server_error",
  timeout: "server_error",
  unavailable: "server_error",
  internal: "server_error",
};

/**
 * An `error` event as error data: flat as the spec documents it (`{type: "error", code, message,
 * param}`), or nested under `error` with the error's own `type` as live traffic sends it. Its form,
 * its nested `type` and a `null` code are kept in `extensions.responses` for a round trip; each field
 * is traced to where the event said it (`source` is the event's pointer), the type as a field of its
 * own, so another format's encoder reports it.
 */
export function decodeResponsesErrorEvent(
  event: WireObject,
  source: string,
  context: ConversionContext,
): ErrorData {
  const nested = typeof event.error === "object" && event.error !== null;
  const fields = (nested ? event.error : event) as WireObject;
  const at = nested ? pointer(source, "error") : source;
  const code = typeof fields.code === "string" ? fields.code : undefined;
  // The flat event's own `type` is the event's ("error"), only the nested error's is the error's.
  const type = nested && typeof fields.type === "string" ? fields.type : undefined;
  const kind = responsesErrorKindForCode(code ?? type);
  const data: ErrorData = {
    kind,
    status: statusByErrorKind[kind],
    message: String(fields.message ?? "Upstream error"),
  };
  if (code !== undefined) data.code = code;
  if (typeof fields.param === "string") data.param = fields.param;
  // What the event said besides: kept until the error is whole (see withoutDerivedErrorFields).
  data.extensions = {
    responses: {
      errorForm: nested ? "nested" : "flat",
      ...(nested && { type: type ?? null }),
      ...(code === undefined && { code: null }),
    },
  };
  context.trace("/error/kind", pointer(at, code === undefined && nested ? "type" : "code"));
  context.trace("/error/code", pointer(at, "code"));
  context.trace("/error/message", pointer(at, "message"));
  context.trace("/error/param", pointer(at, "param"));
  if (nested) context.trace("/error/extensions/responses/type", pointer(at, "type"), true);
  return data;
}

/**
 * An `error` event's data without what its kind already says, which {@link encodeResponsesErrorEvent}
 * gives again: a code that is the kind's own (`server_error`), a nested type that is the kind's
 * (`invalid_request_error`), the nested form (the one sent by default) and a `null` code where the
 * kind has none of its own. So only a code or type that says more is another format's to carry or to
 * report lost, and an event of the default form decodes as the failed response's error does.
 */
export function withoutDerivedErrorFields(error: ErrorData): ErrorData {
  const { extensions, ...fields } = error;
  const result: ErrorData = fields;
  const own = responsesEventErrorCodeByKind[error.kind];
  if (error.code !== undefined && error.code === own) delete result.code;
  const { errorForm, type, code, ...rest } = extensions?.responses ?? {};
  const kept = {
    ...rest,
    ...(errorForm === "flat" && { errorForm }),
    ...(errorForm === "nested" && type !== responsesErrorTypeByKind[error.kind] && { type }),
    ...(code === null && own !== undefined && { code }),
  };
  const others = Object.entries(extensions ?? {}).filter(([format]) => format !== "responses");
  if (Object.keys(kept).length > 0) others.push(["responses", kept]);
  if (others.length > 0) result.extensions = Object.fromEntries(others);
  return result;
}

/**
 * The fields of the `error` event that says `error`, and the code and type a client reads from them:
 * nested as live traffic sends it (the error's `type` kept, or the kind's), or flat where the
 * upstream's own event was flat; the code kept, or the kind's own (none where the upstream's said
 * none). A context overflow is `context_length_exceeded` at `input`, as the API names it.
 */
export function encodeResponsesErrorEvent(
  error: ErrorData,
  overflow: boolean,
): { event: WireObject; code: string | undefined } {
  const form = error.extensions?.responses;
  const code = overflow
    ? "context_length_exceeded"
    : (error.code ?? (form?.code === null ? null : (responsesEventErrorCodeByKind[error.kind] ?? null)));
  const fields = { code, message: error.message, param: overflow ? "input" : (error.param ?? null) };
  if (form?.errorForm === "flat") return { event: fields, code: code ?? undefined };
  const type = form !== undefined && "type" in form ? form.type : responsesErrorTypeByKind[error.kind];
  return {
    event: { error: { ...(typeof type === "string" && { type }), ...fields } },
    code: code ?? (typeof type === "string" ? type : undefined),
  };
}
