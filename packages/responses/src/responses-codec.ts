import { type Codec, type ToolNameRule, withLegalToolNameCodec } from "@interlingua/core";
import { responsesErrorFromWire } from "./errors/responses-error-from-wire";
import { responsesErrorToWire } from "./errors/responses-error-to-wire";
import { responsesHttpBinding } from "./http/responses-http-binding";
import { decodeResponsesRequest } from "./request/decode-responses-request";
import { encodeResponsesRequest } from "./request/encode-responses-request";
import { responsesUnmappedRequestFields } from "./request/responses-unmapped-request-fields";
import { decodeResponsesResponse } from "./response/decode-responses-response";
import { encodeResponsesResponse } from "./response/encode-responses-response";
import { type ResponsesCodecOptions, responsesModelFamiliesOf } from "./responses-codec-options";
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

/** The responses codec's type. */
type ResponsesCodec = Codec<ResponsesRequest, ResponsesResponse, ResponsesStreamEvent, ResponsesErrorBody>;

/**
 * The responses format (`POST /v1/responses`), both directions, streaming included, knowing the
 * model families of `options` besides the built-in ones (they decide which models reason, so which
 * settings a request may carry).
 */
export function createResponsesCodec(options: ResponsesCodecOptions = {}): ResponsesCodec {
  const families = responsesModelFamiliesOf(options);
  return withLegalToolNameCodec(
    {
      ...ownResponsesCodec,
      decodeRequest: (wire, context) => decodeResponsesRequest(wire, context, families),
      encodeRequest: (request, context) => encodeResponsesRequest(request, context, families),
    },
    responsesToolNameRule,
  );
}

/**
 * The function names the responses API takes (`^[a-zA-Z0-9_-]+$`, at most 64 characters: the
 * function-calling guide, and the API's "string does not match pattern" / "string too long");
 * another format's other names are renamed on the way and back.
 */
export const responsesToolNameRule: ToolNameRule = {
  legal: /^[a-zA-Z0-9_-]{1,64}$/,
  character: /[a-zA-Z0-9_-]/,
  maxLength: 64,
};

/** The codec before function names are made legal. */
const ownResponsesCodec: ResponsesCodec = {
  id: responsesFormatId,
  unmappedRequestFields: responsesUnmappedRequestFields,
  schemas: {
    request: ResponsesRequest,
    response: ResponsesResponse,
    event: ResponsesStreamEvent,
    error: ResponsesErrorBody,
  },
  decodeRequest: (wire, context) => decodeResponsesRequest(wire, context),
  encodeRequest: (request, context) => encodeResponsesRequest(request, context),
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

/** The responses format (`POST /v1/responses`), both directions, streaming included. */
export const responsesCodec: ResponsesCodec = withLegalToolNameCodec(
  ownResponsesCodec,
  responsesToolNameRule,
);
