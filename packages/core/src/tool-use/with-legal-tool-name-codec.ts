import type { Codec } from "../contracts/codec";
import type { ConversionContext } from "../conversion/conversion-context";
import { chainTransformers } from "../stream/chain-transformers";
import { type ToolNameRule, type ToolNames, toolNamesFor } from "./tool-name-rule";
import { createToolNameRestorer, restoreToolNames, withLegalToolNames } from "./with-legal-tool-names";

/**
 * `codec` sending only function names its format takes (`rule`; other names are renamed, a loss
 * each, see {@link withLegalToolNames}). Answers, whole or streamed, are decoded with the names the
 * request used (those the encoding sent, or else rebuilt from `context.request`). A request whose
 * names the format takes, a same-format one included, is encoded unchanged.
 */
export function withLegalToolNameCodec<Req, Res, Event, Err>(
  codec: Codec<Req, Res, Event, Err>,
  rule: ToolNameRule,
): Codec<Req, Res, Event, Err> {
  // The names each conversion sent, by its context: the answer to a request is decoded with them.
  const sentNames = new WeakMap<ConversionContext, ToolNames>();
  const namesOf = (context: ConversionContext) =>
    sentNames.get(context) ??
    (context.request === undefined ? undefined : toolNamesFor(context.request, rule));
  const decoderTransformer = codec.createStreamDecoderTransformer;
  return {
    ...codec,
    encodeRequest(request, context) {
      const names = toolNamesFor(request, rule);
      if (names.sent.size > 0) sentNames.set(context, names);
      return codec.encodeRequest(withLegalToolNames(request, rule, context), context);
    },
    decodeResponse(wire, context) {
      const decoded = codec.decodeResponse(wire, context);
      const names = namesOf(context);
      return names ? restoreToolNames(decoded, names) : decoded;
    },
    createStreamDecoder(context) {
      const names = namesOf(context);
      if (!names || names.received.size === 0) return codec.createStreamDecoder(context);
      if (decoderTransformer)
        return new TransformStream(
          chainTransformers(decoderTransformer(context), createToolNameRestorer(names)),
        );
      const decoder = codec.createStreamDecoder(context);
      const readable = decoder.readable.pipeThrough(new TransformStream(createToolNameRestorer(names)));
      return { writable: decoder.writable, readable };
    },
    ...(decoderTransformer && {
      createStreamDecoderTransformer(context: ConversionContext) {
        const names = namesOf(context);
        const decoder = decoderTransformer(context);
        return !names || names.received.size === 0
          ? decoder
          : chainTransformers(decoder, createToolNameRestorer(names));
      },
    }),
  };
}
