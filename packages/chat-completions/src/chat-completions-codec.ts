import { type Codec, type ToolNameRule, withLegalToolNameCodec } from "@interlingua/core";
import {
  type ChatCompletionsCodecOptions,
  chatCompletionsDialectOf,
  chatCompletionsModelFamiliesOf,
} from "./chat-completions-codec-options";
import { chatCompletionsFormatId } from "./chat-completions-extensions";
import { chatCompletionsErrorFromWire } from "./errors/chat-completions-error-from-wire";
import { chatCompletionsErrorToWire } from "./errors/chat-completions-error-to-wire";
import { chatCompletionsHttpBinding } from "./http/chat-completions-http-binding";
import { chatCompletionsUnmappedRequestFields } from "./request/chat-completions-unmapped-request-fields";
import { decodeChatCompletionsRequest } from "./request/decode-chat-completions-request";
import { encodeChatCompletionsRequest } from "./request/encode-chat-completions-request";
import { decodeChatCompletionsResponse } from "./response/decode-chat-completions-response";
import { encodeChatCompletionsResponse } from "./response/encode-chat-completions-response";
import {
  createChatCompletionsStreamDecoder,
  createChatCompletionsStreamDecoderTransformer,
} from "./stream/create-chat-completions-stream-decoder";
import {
  createChatCompletionsStreamEncoder,
  createChatCompletionsStreamEncoderTransformer,
} from "./stream/create-chat-completions-stream-encoder";
import { ChatCompletionsRequest } from "./wire/chat-completions-request-schema";
import {
  ChatCompletionsChunk,
  ChatCompletionsErrorBody,
  ChatCompletionsResponse,
} from "./wire/chat-completions-response-schema";

/** The chat-completions codec's type. */
export type ChatCompletionsCodec = Codec<
  ChatCompletionsRequest,
  ChatCompletionsResponse,
  ChatCompletionsChunk,
  ChatCompletionsErrorBody
>;

/**
 * The function names the chat-completions API takes (`FunctionObject.name`: "a-z, A-Z, 0-9, or
 * contain underscores and dashes, with a maximum length of 64"); another format's other names are
 * renamed on the way and back.
 */
export const chatCompletionsToolNameRule: ToolNameRule = {
  legal: /^[a-zA-Z0-9_-]{1,64}$/,
  character: /[a-zA-Z0-9_-]/,
  maxLength: 64,
};

/**
 * The chat-completions format (`POST /v1/chat/completions`), both directions, streaming included,
 * encoding in the dialect `options` names (decoding accepts every dialect, and reads reasoning
 * inside content tags only when the dialect names them) and making requests
 * legal for the model families it knows, function names included.
 */
export function createChatCompletionsCodec(options: ChatCompletionsCodecOptions = {}): ChatCompletionsCodec {
  const dialect = chatCompletionsDialectOf(options);
  const families = chatCompletionsModelFamiliesOf(options);
  return withLegalToolNameCodec(
    {
      id: chatCompletionsFormatId,
      unmappedRequestFields: chatCompletionsUnmappedRequestFields,
      schemas: {
        request: ChatCompletionsRequest,
        response: ChatCompletionsResponse,
        event: ChatCompletionsChunk,
        error: ChatCompletionsErrorBody,
      },
      decodeRequest: (wire, context) => decodeChatCompletionsRequest(wire, context),
      encodeRequest: (request, context) => encodeChatCompletionsRequest(request, context, dialect, families),
      decodeResponse: (wire, context) => decodeChatCompletionsResponse(wire, context, dialect.reasoningTags),
      encodeResponse: (response, context) => encodeChatCompletionsResponse(response, context, dialect),
      createStreamDecoder: (context) => createChatCompletionsStreamDecoder(context, dialect.reasoningTags),
      createStreamEncoder: (context) => createChatCompletionsStreamEncoder(context, dialect),
      createStreamDecoderTransformer: (context) =>
        createChatCompletionsStreamDecoderTransformer(context, dialect.reasoningTags),
      createStreamEncoderTransformer: (context) =>
        createChatCompletionsStreamEncoderTransformer(context, dialect),
      sseEventName: () => undefined,
      errorToWire: chatCompletionsErrorToWire,
      errorFromWire: chatCompletionsErrorFromWire,
      http: chatCompletionsHttpBinding,
    },
    chatCompletionsToolNameRule,
  );
}

/** The chat-completions format (`POST /v1/chat/completions`) in the OpenAI API's own dialect. */
export const chatCompletionsCodec: ChatCompletionsCodec = createChatCompletionsCodec();
