import type { AnyCodec } from "@interlingua/core";
import type { LazyModule } from "./lazy-module";

/**
 * What the gateway needs of a codec before a request of its format arrives: its id, its HTTP
 * binding (which requests are its, how callers present keys, how to call upstream) and its error
 * body (to refuse a request before the rest is loaded). All small.
 */
export type CodecEssentials = Pick<AnyCodec, "id" | "http" | "errorToWire">;

/**
 * A codec whose essentials are at hand and whose conversions come from `module` (see
 * {@link LazyModule}): the gateway loads it before the format serves a request, and a conversion
 * called before that throws. Optional transformer factories are those of the loaded codec.
 */
export function createLazyCodec<Module>(
  essentials: CodecEssentials,
  module: LazyModule<Module>,
  codecOf: (module: Module) => AnyCodec,
): AnyCodec {
  const codec = () => codecOf(module.get());
  return {
    ...essentials,
    get schemas() {
      return codec().schemas;
    },
    decodeRequest: (wire, context, location) => codec().decodeRequest(wire, context, location),
    encodeRequest: (request, context) => codec().encodeRequest(request, context),
    decodeResponse: (wire, context) => codec().decodeResponse(wire, context),
    encodeResponse: (response, context) => codec().encodeResponse(response, context),
    createStreamDecoder: (context) => codec().createStreamDecoder(context),
    createStreamEncoder: (context) => codec().createStreamEncoder(context),
    get unmappedRequestFields() {
      return codec().unmappedRequestFields;
    },
    get createStreamDecoderTransformer() {
      return codec().createStreamDecoderTransformer;
    },
    get createStreamEncoderTransformer() {
      return codec().createStreamEncoderTransformer;
    },
    sseEventName: (event) => codec().sseEventName(event),
    errorFromWire: (status, body, headers) => codec().errorFromWire(status, body, headers),
  };
}
