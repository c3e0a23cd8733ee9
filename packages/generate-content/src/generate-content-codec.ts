import type { Codec } from "@interlingua/core";
import { generateContentErrorFromWire } from "./errors/generate-content-error-from-wire";
import { generateContentErrorToWire } from "./errors/generate-content-error-to-wire";
import { generateContentHttpBinding } from "./http/generate-content-http-binding";
import { decodeGenerateContentRequest } from "./request/decode-generate-content-request";
import { encodeGenerateContentRequest } from "./request/encode-generate-content-request";
import { decodeGenerateContentResponse } from "./response/decode-generate-content-response";
import { encodeGenerateContentResponse } from "./response/encode-generate-content-response";
import {
  createGenerateContentStreamDecoder,
  createGenerateContentStreamDecoderTransformer,
} from "./stream/create-generate-content-stream-decoder";
import {
  createGenerateContentStreamEncoder,
  createGenerateContentStreamEncoderTransformer,
} from "./stream/create-generate-content-stream-encoder";
import { GenerateContentErrorBody } from "./wire/generate-content-error-schema";
import { generateContentFormat } from "./wire/generate-content-extensions";
import { GenerateContentRequest } from "./wire/generate-content-request-schema";
import { GenerateContentResponse } from "./wire/generate-content-response-schema";
import { GenerateContentStreamEvent } from "./wire/generate-content-stream-event-schema";

/**
 * The generate-content chat format (`models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse`, under `/v1beta/` or `/v1/`), both directions, streaming
 * included. Streams are data-only SSE: `sseEventName` is always undefined.
 */
export const generateContentCodec: Codec<
  GenerateContentRequest,
  GenerateContentResponse,
  GenerateContentStreamEvent,
  GenerateContentErrorBody
> = {
  id: generateContentFormat,
  schemas: {
    request: GenerateContentRequest,
    response: GenerateContentResponse,
    event: GenerateContentStreamEvent,
    error: GenerateContentErrorBody,
  },
  decodeRequest: decodeGenerateContentRequest,
  encodeRequest: encodeGenerateContentRequest,
  decodeResponse: decodeGenerateContentResponse,
  encodeResponse: encodeGenerateContentResponse,
  createStreamDecoder: createGenerateContentStreamDecoder,
  createStreamEncoder: createGenerateContentStreamEncoder,
  createStreamDecoderTransformer: createGenerateContentStreamDecoderTransformer,
  createStreamEncoderTransformer: createGenerateContentStreamEncoderTransformer,
  sseEventName: () => undefined,
  errorToWire: generateContentErrorToWire,
  errorFromWire: generateContentErrorFromWire,
  http: generateContentHttpBinding,
};
