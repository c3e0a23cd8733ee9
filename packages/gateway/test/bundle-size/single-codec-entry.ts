// What a bundler keeps of one codec that decodes one request (bundle-size.test.ts measures it).
import { createConversionContext } from "@interlingua/core";
import { messagesCodec } from "@interlingua/messages";

/** Decodes one messages request into the canonical model. */
export function decodeMessagesRequest(body: unknown) {
  return messagesCodec.decodeRequest(body, createConversionContext());
}
