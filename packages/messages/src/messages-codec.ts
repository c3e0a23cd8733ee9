import {
  type ChatEvent,
  type Codec,
  type StreamEncoderTransformer,
  type ToolNameRule,
  withLegalToolNameCodec,
} from "@interlingua/core";
import { messagesErrorFromWire } from "./errors/messages-error-from-wire";
import { messagesErrorToWire } from "./errors/messages-error-to-wire";
import { messagesHttpBinding } from "./http/messages-http-binding";
import { decodeMessagesRequest } from "./request/decode-messages-request";
import { encodeMessagesRequest } from "./request/encode-messages-request";
import { defaultMessagesModelFamilies, type MessagesModelFamily } from "./request/messages-model-families";
import { messagesUnmappedRequestFields } from "./request/messages-unmapped-request-fields";
import { decodeMessagesResponse } from "./response/decode-messages-response";
import { encodeMessagesResponse } from "./response/encode-messages-response";
import {
  createMessagesStreamDecoder,
  createMessagesStreamDecoderTransformer,
} from "./stream/create-messages-stream-decoder";
import {
  createMessagesStreamEncoder,
  createMessagesStreamEncoderTransformer,
} from "./stream/create-messages-stream-encoder";
import { MessagesErrorBody } from "./wire/messages-error";
import { MessagesRequest } from "./wire/messages-request";
import { MessagesResponse } from "./wire/messages-response";
import { MessagesStreamEvent } from "./wire/messages-stream-event";

/**
 * The function names the messages API takes (spec `Tool.name`: `^[a-zA-Z0-9_-]{1,128}$`); another
 * format's other names are renamed on the way and back.
 */
export const messagesToolNameRule: ToolNameRule = {
  legal: /^[a-zA-Z0-9_-]{1,128}$/,
  character: /[a-zA-Z0-9_-]/,
  maxLength: 128,
};

/** The codec's type. */
type MessagesCodec = Codec<MessagesRequest, MessagesResponse, MessagesStreamEvent, MessagesErrorBody>;

/** Options of {@link createMessagesCodec} (and of the provider). */
export interface MessagesCodecOptions {
  /**
   * Model families to know besides the built-in ones (`defaultMessagesModelFamilies`), checked
   * first: a deployment's own model names, or a new family before this package knows it.
   */
  modelFamilies?: readonly MessagesModelFamily[];
}

/** The codec before function names are made legal, for `families`. */
function ownMessagesCodec(families: readonly MessagesModelFamily[]): MessagesCodec {
  return {
    id: "messages",
    unmappedRequestFields: messagesUnmappedRequestFields,
    schemas: {
      request: MessagesRequest,
      response: MessagesResponse,
      event: MessagesStreamEvent,
      error: MessagesErrorBody,
    },
    decodeRequest: (wire, context) => decodeMessagesRequest(wire, context, families),
    encodeRequest: (request, context) => encodeMessagesRequest(request, context, families),
    decodeResponse: decodeMessagesResponse,
    encodeResponse: encodeMessagesResponse,
    createStreamDecoder: createMessagesStreamDecoder,
    // The encoder builds events field by field from trusted canonical data, typed loosely inside.
    createStreamEncoder: (context) =>
      createMessagesStreamEncoder(context) as unknown as TransformStream<ChatEvent, MessagesStreamEvent>,
    createStreamDecoderTransformer: createMessagesStreamDecoderTransformer,
    createStreamEncoderTransformer: (context) =>
      createMessagesStreamEncoderTransformer(
        context,
      ) as unknown as StreamEncoderTransformer<MessagesStreamEvent>,
    sseEventName: (event) => event.type,
    errorToWire: messagesErrorToWire,
    errorFromWire: messagesErrorFromWire,
    http: messagesHttpBinding,
  };
}

/** The messages chat format (`POST /v1/messages`), both directions, streaming included. */
export const messagesCodec: MessagesCodec = withLegalToolNameCodec(
  ownMessagesCodec(defaultMessagesModelFamilies),
  messagesToolNameRule,
);

/** The messages format knowing the model families of `options` besides the built-in ones. */
export function createMessagesCodec(options: MessagesCodecOptions = {}): MessagesCodec {
  if (!options.modelFamilies?.length) return messagesCodec;
  return withLegalToolNameCodec(
    ownMessagesCodec([...options.modelFamilies, ...defaultMessagesModelFamilies]),
    messagesToolNameRule,
  );
}
