import type { Codec } from "@interlingua/core";
import { responsesErrorFromWire } from "./errors/responses-error-from-wire";
import { responsesErrorToWire } from "./errors/responses-error-to-wire";
import { responsesHttpBinding } from "./http/responses-http-binding";
import { decodeResponsesRequest } from "./request/decode-responses-request";
import { encodeResponsesRequest } from "./request/encode-responses-request";
import { decodeResponsesResponse } from "./response/decode-responses-response";
import { encodeResponsesResponse } from "./response/encode-responses-response";
import { responsesFormatId } from "./responses-extensions";
import {
  createResponsesStreamDecoder,
  createResponsesStreamDecoderTransformer,
} from "./stream/create-responses-stream-decoder";
import {
  createResponsesStreamEncoder,
  createResponsesStreamEncoderTransformer,
  responsesSseEventName,
} from "./stream/create-responses-stream-encoder";
import { ResponsesRequest } from "./wire/responses-request-schema";
import {
  ResponsesErrorBody,
  ResponsesResponse,
  ResponsesStreamEvent,
} from "./wire/responses-response-schema";

/** The responses format (`POST /v1/responses`), both directions, streaming included. */
export const responsesCodec: Codec<
  ResponsesRequest,
  ResponsesResponse,
  ResponsesStreamEvent,
  ResponsesErrorBody
> = {
  id: responsesFormatId,
  schemas: {
    request: ResponsesRequest,
    response: ResponsesResponse,
    event: ResponsesStreamEvent,
    error: ResponsesErrorBody,
  },
  decodeRequest: decodeResponsesRequest,
  encodeRequest: encodeResponsesRequest,
  decodeResponse: decodeResponsesResponse,
  encodeResponse: (response, context) => encodeResponsesResponse(response, context) as ResponsesResponse,
  createStreamDecoder: createResponsesStreamDecoder,
  createStreamEncoder: createResponsesStreamEncoder,
  createStreamDecoderTransformer: createResponsesStreamDecoderTransformer,
  createStreamEncoderTransformer: createResponsesStreamEncoderTransformer,
  sseEventName: responsesSseEventName,
  errorToWire: responsesErrorToWire,
  errorFromWire: responsesErrorFromWire,
  http: responsesHttpBinding,
};
