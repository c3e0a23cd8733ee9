import { type Codec, withLegalToolNameCodec } from "@interlingua/core";
import {
  GenerateContentErrorBody,
  generateContentErrorFromWire,
  generateContentErrorToWire,
  generateContentToolNameRule,
} from "@interlingua/generate-content";
import { interactionsHttpBinding } from "./http/interactions-http-binding";
import { interactionsFormat } from "./interactions-extensions";
import { decodeInteractionsRequest } from "./request/decode-interactions-request";
import { encodeInteractionsRequest } from "./request/encode-interactions-request";
import { interactionsUnmappedRequestFields } from "./request/interactions-unmapped-request-fields";
import { decodeInteractionsResponse } from "./response/decode-interactions-response";
import { encodeInteractionsResponse } from "./response/encode-interactions-response";
import {
  createInteractionsStreamDecoder,
  createInteractionsStreamDecoderTransformer,
} from "./stream/create-interactions-stream-decoder";
import {
  createInteractionsStreamEncoder,
  createInteractionsStreamEncoderTransformer,
} from "./stream/create-interactions-stream-encoder";
import { InteractionsRequest } from "./wire/interactions-request-schema";
import { InteractionsResponse, InteractionsStreamEvent } from "./wire/interactions-response-schema";

/** The interactions codec's type. */
export type InteractionsCodec = Codec<
  InteractionsRequest,
  InteractionsResponse,
  InteractionsStreamEvent,
  GenerateContentErrorBody
>;

/** The codec before function names are made legal. */
const ownInteractionsCodec: InteractionsCodec = {
  id: interactionsFormat,
  unmappedRequestFields: interactionsUnmappedRequestFields,
  schemas: {
    request: InteractionsRequest,
    response: InteractionsResponse,
    event: InteractionsStreamEvent,
    error: GenerateContentErrorBody,
  },
  decodeRequest: (wire, context) => decodeInteractionsRequest(wire, context),
  encodeRequest: encodeInteractionsRequest,
  decodeResponse: decodeInteractionsResponse,
  encodeResponse: encodeInteractionsResponse,
  createStreamDecoder: createInteractionsStreamDecoder,
  createStreamEncoder: createInteractionsStreamEncoder,
  createStreamDecoderTransformer: createInteractionsStreamDecoderTransformer,
  createStreamEncoderTransformer: createInteractionsStreamEncoderTransformer,
  // Data-only SSE, as the API sends it (the event kind is each event's `event_type`).
  sseEventName: () => undefined,
  // The Interactions API answers errors as the rest of the Gemini API: `{error: {code, message, status}}`.
  errorToWire: generateContentErrorToWire,
  errorFromWire: generateContentErrorFromWire,
  http: interactionsHttpBinding,
};

/**
 * Gemini's Interactions API (`POST /{v1beta|v1}/interactions`), both directions, streaming
 * included: create requests, the `Interaction` resource, its SSE events and its errors. Function
 * names follow the generate-content rule (the same Gemini models read them).
 */
export const interactionsCodec: InteractionsCodec = withLegalToolNameCodec(
  ownInteractionsCodec,
  generateContentToolNameRule,
);
