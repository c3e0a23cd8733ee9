import { type Codec, type ToolNameRule, withLegalToolNameCodec } from "@interlingua/core";
import { generateContentErrorFromWire } from "./errors/generate-content-error-from-wire";
import { generateContentErrorToWire } from "./errors/generate-content-error-to-wire";
import { generateContentHttpBinding } from "./http/generate-content-http-binding";
import { decodeGenerateContentRequest } from "./request/decode-generate-content-request";
import { encodeGenerateContentRequest } from "./request/encode-generate-content-request";
import type { GenerateContentEncodeOptions } from "./request/generate-content-encode-options";
import { generateContentUnmappedRequestFields } from "./request/generate-content-unmapped-request-fields";
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
 * The function names the generate-content API takes: a letter or `_`, then up to 63 letters, digits,
 * `_`, `.`, `:` or `-` (the API's "Invalid function name" answer); another format's other names are
 * renamed on the way and back.
 */
export const generateContentToolNameRule: ToolNameRule = {
  legal: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
  character: /[A-Za-z0-9_.:-]/,
  maxLength: 64,
  letterFirst: true,
};

/** The codec's type. */
type GenerateContentCodec = Codec<
  GenerateContentRequest,
  GenerateContentResponse,
  GenerateContentStreamEvent,
  GenerateContentErrorBody
>;

/** Options of {@link createGenerateContentCodec} (and of the provider). */
export type GenerateContentCodecOptions = GenerateContentEncodeOptions;

/** The codec before function names are made legal. */
const ownGenerateContentCodec: GenerateContentCodec = {
  id: generateContentFormat,
  unmappedRequestFields: generateContentUnmappedRequestFields,
  schemas: {
    request: GenerateContentRequest,
    response: GenerateContentResponse,
    event: GenerateContentStreamEvent,
    error: GenerateContentErrorBody,
  },
  decodeRequest: decodeGenerateContentRequest,
  encodeRequest: (request, context) => encodeGenerateContentRequest(request, context),
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

/**
 * The generate-content chat format (`models/{model}:generateContent` and
 * `:streamGenerateContent?alt=sse`, under `/v1beta/` or `/v1/`), both directions, streaming
 * included. Streams are data-only SSE: `sseEventName` is always undefined.
 */
export const generateContentCodec: GenerateContentCodec = withLegalToolNameCodec(
  ownGenerateContentCodec,
  generateContentToolNameRule,
);

/** The generate-content format knowing the models of `options` besides the built-in tables. */
export function createGenerateContentCodec(options: GenerateContentCodecOptions = {}): GenerateContentCodec {
  if (!options.thinkingFamilies?.length && !options.jsonSchemaModels?.length) return generateContentCodec;
  return withLegalToolNameCodec(
    {
      ...ownGenerateContentCodec,
      encodeRequest: (request, context) => encodeGenerateContentRequest(request, context, options),
    },
    generateContentToolNameRule,
  );
}
