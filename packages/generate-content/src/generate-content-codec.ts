import { type Codec, withLegalToolNameCodec } from "@interlingua/core";
import { generateContentErrorFromWire } from "./errors/generate-content-error-from-wire";
import { generateContentErrorToWire } from "./errors/generate-content-error-to-wire";
import { generateContentHttpBinding } from "./http/generate-content-http-binding";
import { decodeGenerateContentRequest } from "./request/decode-generate-content-request";
import { encodeGenerateContentRequest } from "./request/encode-generate-content-request";
import type { GenerateContentEncodeOptions } from "./request/generate-content-encode-options";
import { generateContentToolNameRule } from "./request/generate-content-tool-name-rule";
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

export { generateContentToolNameRule };

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
