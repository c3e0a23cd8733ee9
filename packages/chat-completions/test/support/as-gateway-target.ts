import { type AnyCodec, pairToolResults } from "@interlingua/core";

/**
 * `codec` as the gateway sends to a backend of its format from a caller of another: each tool
 * result paired with its call first (`pairToolResults`: a result answering no call is left out
 * with a loss, a call left unanswered gets an error result), as the pipeline does before encoding
 * for a backend of another format. The loss detector goes through targets this way, so it checks
 * what a backend is sent.
 */
export function asGatewayTarget(codec: AnyCodec): AnyCodec {
  return {
    ...codec,
    encodeRequest: (request, context) => codec.encodeRequest(pairToolResults(request, context), context),
  };
}
