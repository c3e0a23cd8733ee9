import { isDeepStrictEqual } from "node:util";
import { CanonicalError } from "@interlingua/core";
import { chatRequestArbitrary, chatResponseArbitrary } from "@interlingua/core/test";
import fc from "fast-check";
import { describe, it } from "vitest";
import { decodeExchange } from "../canonical/decode-exchange";
import { encodeExchange } from "../canonical/encode-exchange";
import { defaultRecordingFormats as formats } from "../format/default-recording-formats";
import type { RecordedExchange } from "../format/recorded-exchange";
import { canonicalProjection } from "../testing/canonical-projection";
import { convertExchange } from "./convert-exchange";

describe("convertExchange, property", () => {
  it("carries any exchange recorded in one format to every other, or reports what it lost", async () => {
    await fc.assert(
      fc.asyncProperty(
        chatRequestArbitrary,
        chatResponseArbitrary,
        fc.constantFrom(...formats.map((format) => format.codec.id)),
        async (request, response, from) => {
          // Every format requires a message; an empty conversation is not a recording.
          fc.pre(request.messages.length > 0);
          let recorded: RecordedExchange;
          let original: unknown;
          try {
            recorded = await encodeExchange(
              { request: { ...request, stream: false }, response },
              from,
              formats,
            );
            original = canonicalProjection(await decodeExchange(recorded, formats));
          } catch (error) {
            // Some canonical requests are not valid in the source format at all (a thinking
            // budget over the token limit, a tool result with no call): no server records them.
            fc.pre(!CanonicalError.isInstance(error));
            throw error;
          }
          for (const target of formats) {
            const result = await convertExchange(recorded, { to: target.codec.id, formats });
            if (result.failure) {
              if (result.failure.param === undefined)
                throw new Error(`unexplained failure: ${result.failure.message}`);
              continue;
            }
            const back = canonicalProjection(
              await decodeExchange(result.exchange as RecordedExchange, formats),
            );
            if (!isDeepStrictEqual(back, original) && result.losses.length === 0)
              throw new Error(`${from} → ${target.codec.id} changed the exchange without reporting a loss`);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
