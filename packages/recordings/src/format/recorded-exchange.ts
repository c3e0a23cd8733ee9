import * as z from "zod/mini";

/** Headers of a recorded message, lower-case names; secrets are replaced by {@link redactedValue}. */
export const RecordedHeaders = z.record(z.string(), z.string());
/** See {@link RecordedHeaders}. */
export type RecordedHeaders = z.infer<typeof RecordedHeaders>;

/** What the client sent. */
export const RecordedRequest = z.object({
  /** Request headers, secrets redacted. */
  headers: z._default(RecordedHeaders, {}),
  /** The JSON request body. */
  body: z.unknown(),
});
/** See {@link RecordedRequest}. */
export type RecordedRequest = z.infer<typeof RecordedRequest>;

/**
 * What the server answered: a JSON `body` (a response or an error body), or the ordered stream
 * `events` (each the parsed JSON data of one server-sent event) when the answer was a stream.
 */
export const RecordedResponse = z
  .object({
    /** HTTP status. */
    status: z.int().check(z.minimum(100)).check(z.maximum(599)),
    /** Response headers, secrets redacted. */
    headers: z._default(RecordedHeaders, {}),
    /** The JSON body of a whole answer. */
    body: z.optional(z.unknown()),
    /** The stream's events, in order, each the JSON data of one server-sent event. */
    events: z.optional(z.array(z.unknown())),
  })
  .check(
    z.refine((response) => !(response.body !== undefined && response.events !== undefined), {
      message: "A response has a body or stream events, not both",
    }),
  );
/** See {@link RecordedResponse}. */
export type RecordedResponse = z.infer<typeof RecordedResponse>;

/**
 * One recorded exchange, the unit of the recording format (one per JSONL line; see
 * `docs/recordings.md`). A reader of a lone response body or stream transcript yields an exchange
 * without a request; a recorder whose upstream never answered yields one without a response.
 */
export const RecordedExchange = z
  .object({
    /** Id of the wire format (a codec id: `messages`, `responses`, `generate-content`). */
    format: z.string().check(z.minLength(1)),
    /** HTTP method. */
    method: z._default(z.string(), "POST"),
    /** Path and query of the request URL (`/v1/messages`, `/v1beta/models/m:generateContent`). */
    path: z._default(z.string(), ""),
    /** What the client sent. */
    request: z.optional(RecordedRequest),
    /** What the server answered. */
    response: z.optional(RecordedResponse),
    /** A name for reports and replay diagnostics (file and position, or an id the recorder chose). */
    id: z.optional(z.string()),
    /** When the exchange was recorded, ISO 8601. */
    recordedAt: z.optional(z.string()),
  })
  .check(
    z.refine((exchange) => exchange.request !== undefined || exchange.response !== undefined, {
      message: "An exchange has a request, a response, or both",
    }),
  );
/** See {@link RecordedExchange}. */
export type RecordedExchange = z.infer<typeof RecordedExchange>;
