import { describe, expect, it } from "vitest";
import type { AnyCodec, RequestLocation } from "../contracts/codec";
import { createConversionContext } from "../conversion/conversion-context";
import { CanonicalError } from "../errors/canonical-error";
import { ErrorKind } from "../model/error-data";
import { accumulate } from "../stream/accumulate";
import { findEventSequenceProblems } from "../stream/check-event-sequence";
import { transformAll } from "../stream/collect";
import { readableFrom } from "../stream/readable-from";
import type { StreamTransformer } from "../stream/stream-transformer";
import { transformReadable } from "../stream/transform-readable";

/** Wire documents a codec is checked against; each list is optional. */
export interface CodecFixtures {
  /**
   * Request bodies, with what the URL says for formats that put fields in the path (the encoded
   * body must then leave those fields out, as the wire body does).
   */
  requests?: { name: string; wire: unknown; location?: RequestLocation }[];
  /** Non-streaming response bodies. */
  responses?: { name: string; wire: unknown }[];
  /**
   * Streams as their parsed wire events. `exact`: re-encoding the decoded stream must give the same
   * events. `response`: the non-streaming body of the same exchange, whose decoding must equal the
   * accumulated stream.
   */
  streams?: { name: string; events: unknown[]; exact?: boolean; response?: unknown }[];
  /** Error answers: status, body and headers. */
  errors?: { name: string; status: number; body: unknown; headers?: Record<string, string> }[];
}

const deterministic = () => {
  let counter = 0;
  return createConversionContext({
    generateId: (prefix) => `${prefix}_${++counter}`,
    now: () => 1_700_000_000_000,
  });
};

/** Every item of `items` run through `transformer` as one pull-driven stage, as a caller fusing it would. */
async function runTransformer<In, Out>(items: In[], transformer: StreamTransformer<In, Out>): Promise<Out[]> {
  const output: Out[] = [];
  const reader = transformReadable(readableFrom(items), transformer).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) output.push(next.value);
  return output;
}

/**
 * The conformance suite every codec runs (ours and third parties'), as vitest cases:
 * lossless same-format round trips of every fixture, stream rules on every decoded stream,
 * re-encoded streams that decode to the same response, accumulate(stream) = decoded response,
 * errors mapped both ways for every fixture and every canonical error kind, and, where the codec
 * offers its stream decoder and encoder as transformers, the same output from those as from the
 * stream factories for every fixture stream.
 */
export function testCodec(codec: AnyCodec, fixtures: CodecFixtures): void {
  describe(`codec ${codec.id}`, () => {
    for (const fixture of fixtures.requests ?? []) {
      it(`request round trip: ${fixture.name}`, () => {
        const context = deterministic();
        const decoded = codec.decodeRequest(structuredClone(fixture.wire), context, fixture.location);
        const encoded = codec.encodeRequest(decoded, context);
        expect(context.losses).toEqual([]);
        expect(encoded).toEqual(fixture.wire);
      });
    }

    for (const fixture of fixtures.responses ?? []) {
      it(`response round trip: ${fixture.name}`, () => {
        const context = deterministic();
        const decoded = codec.decodeResponse(structuredClone(fixture.wire), context);
        const encoded = codec.encodeResponse(decoded, context);
        expect(context.losses).toEqual([]);
        expect(encoded).toEqual(fixture.wire);
      });
    }

    for (const fixture of fixtures.streams ?? []) {
      it(`stream: ${fixture.name}`, async () => {
        const context = deterministic();
        const decoded = await transformAll(
          structuredClone(fixture.events),
          codec.createStreamDecoder(context),
        );
        expect(findEventSequenceProblems(decoded)).toEqual([]);
        const encoded = await transformAll(decoded, codec.createStreamEncoder(deterministic()));
        if (fixture.exact) expect(encoded).toEqual(fixture.events);
        const redecoded = await transformAll(encoded, codec.createStreamDecoder(deterministic()));
        expect(findEventSequenceProblems(redecoded)).toEqual([]);
        expect(await accumulate(redecoded)).toEqual(await accumulate(decoded));
        if (fixture.response !== undefined) {
          expect(await accumulate(decoded)).toEqual(codec.decodeResponse(fixture.response, deterministic()));
        }
      });
    }

    const { createStreamDecoderTransformer, createStreamEncoderTransformer } = codec;
    for (const fixture of fixtures.streams ?? []) {
      if (!createStreamDecoderTransformer && !createStreamEncoderTransformer) break;
      it(`stream transformers match the stream factories: ${fixture.name}`, async () => {
        const decodeContext = deterministic();
        const encodeContext = deterministic();
        const decoded = await transformAll(
          structuredClone(fixture.events),
          codec.createStreamDecoder(decodeContext),
        );
        const encoded = await transformAll(decoded, codec.createStreamEncoder(encodeContext));
        if (createStreamDecoderTransformer) {
          const context = deterministic();
          const transformer = createStreamDecoderTransformer(context);
          expect(await runTransformer(structuredClone(fixture.events), transformer)).toEqual(decoded);
          expect(context.losses).toEqual(decodeContext.losses);
        }
        if (createStreamEncoderTransformer) {
          const context = deterministic();
          expect(await runTransformer(decoded, createStreamEncoderTransformer(context))).toEqual(encoded);
          expect(context.losses).toEqual(encodeContext.losses);
        }
      });
    }

    for (const fixture of fixtures.errors ?? []) {
      it(`error round trip: ${fixture.name}`, () => {
        const error = codec.errorFromWire(fixture.status, structuredClone(fixture.body), fixture.headers);
        expect(CanonicalError.isInstance(error)).toBe(true);
        const wire = codec.errorToWire(error);
        expect(wire.status).toBe(fixture.status);
        expect(wire.body).toEqual(fixture.body);
      });
    }

    it("maps every canonical error kind to its wire form and back", () => {
      for (const kind of ErrorKind.options) {
        const original = new CanonicalError(kind, `a ${kind} error`, { param: "model" });
        const wire = codec.errorToWire(original);
        const back = codec.errorFromWire(wire.status, wire.body, wire.headers);
        expect({ kind: back.kind, message: back.message }).toEqual({ kind, message: original.message });
      }
    });
  });
}
