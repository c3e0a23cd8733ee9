import { ImageTaskCode, type ImageTaskEnvelope } from "../wire/image-task-envelope";

/** A JSON answer. */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

/** An envelope answer. */
export function envelopeResponse(status: number, envelope: ImageTaskEnvelope): Response {
  return jsonResponse(status, envelope);
}

/**
 * A caller error: HTTP `status` (400 invalid parameter, 401, 403, 404, 405, 413) with code 21 and
 * `properties.param` naming the field at fault.
 */
export function callerError(status: number, description: string, param?: string): Response {
  return envelopeResponse(status, {
    code: ImageTaskCode.parameterError,
    description,
    result: null,
    ...(param === undefined ? {} : { properties: { param } }),
  });
}

/** A server-side failure: HTTP 500, code 23. */
export function systemError(description: string): Response {
  return envelopeResponse(500, { code: ImageTaskCode.systemError, description, result: null });
}
