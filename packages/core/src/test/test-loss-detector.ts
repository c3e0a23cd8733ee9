import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { AnyCodec } from "../contracts/codec";
import { createConversionContext } from "../conversion/conversion-context";
import type { NamedDetectorDocument } from "./detector-recordings";
import { type DetectorNormalization, detectLosses } from "./loss-detector";
import { type LossWaiver, unwaivedFindings } from "./loss-waivers";
import { type SpecDocumentKind, specDocumentArbitrary } from "./spec-document-arbitrary";
import type { SpecFormat } from "./spec-validator";

/** Options of {@link testLossDetector}. */
export interface LossDetectorSuiteOptions {
  /** Every format to go through, the source's included. */
  codecs: readonly AnyCodec[];
  /** The format of the documents. */
  source: AnyCodec;
  documents: readonly NamedDetectorDocument[];
  /** Per-format normalisations by codec id (see {@link DetectorNormalization}). */
  normalizations?: Readonly<Record<string, DetectorNormalization>>;
  /** Known open findings, each named and explained. */
  waivers?: readonly LossWaiver[];
  /**
   * Also documents generated from the source format's stored vendor spec (requests and whole
   * answers, `runs` of each, every one through every target), so fields the codec does not know are
   * covered too. A generated document the source codec refuses is skipped.
   */
  generated?: GeneratedDetectorDocuments;
}

/**
 * Documents generated for {@link testLossDetector}: from a stored vendor spec the core validator
 * reads (`format`), or, for a format whose schema is stored in another form, from the format's own
 * `arbitrary` (`format` then only names it).
 */
export type GeneratedDetectorDocuments = { runs: number; seed?: number; timeout?: number } & (
  | { format: SpecFormat; arbitrary?: undefined }
  | { format: string; arbitrary: (kind: SpecDocumentKind) => fc.Arbitrary<unknown> }
);

/** Whether the source codec takes the document at all (a generated one may break a rule it checks). */
function accepted(codec: AnyCodec, kind: SpecDocumentKind, wire: unknown): boolean {
  try {
    const context = createConversionContext();
    if (kind === "request") codec.decodeRequest(structuredClone(wire), context);
    else codec.decodeResponse(structuredClone(wire), context);
    return true;
  } catch {
    return false;
  }
}

/** The arbitrary of generated documents of one kind. */
function documentArbitrary(
  generated: GeneratedDetectorDocuments,
  kind: SpecDocumentKind,
): fc.Arbitrary<unknown> {
  return generated.arbitrary ? generated.arbitrary(kind) : specDocumentArbitrary(generated.format, kind);
}

/**
 * The loss detector as vitest cases, one per document: every round trip through every other
 * format either gives each source leaf back or reports its loss, in the source's terms, and reports
 * no loss where nothing was lost (see {@link detectLosses}); findings a waiver names are let through.
 * With `generated`, the same for documents generated from the format's vendor spec.
 */
export function testLossDetector(options: LossDetectorSuiteOptions): void {
  describe(`loss detector: ${options.source.id}`, () => {
    for (const { name, document } of options.documents) {
      it(`${document.kind}: ${name}`, async () => {
        const findings = await detectLosses({ ...options, document });
        expect(unwaivedFindings(findings, options.waivers ?? [])).toEqual([]);
      });
    }
    const generated = options.generated;
    for (const kind of generated ? (["request", "response"] as const) : []) {
      it(
        `${generated!.runs} ${kind}s generated from the ${generated!.format} spec`,
        async () => {
          await fc.assert(
            fc.asyncProperty(documentArbitrary(generated!, kind), async (wire) => {
              fc.pre(accepted(options.source, kind, wire));
              const findings = await detectLosses({ ...options, document: { kind, wire } });
              expect(unwaivedFindings(findings, options.waivers ?? [])).toEqual([]);
            }),
            {
              numRuns: generated!.runs,
              // Most generated documents break some rule a codec checks; those are skipped.
              maxSkipsPerRun: 1000,
              ...(generated!.seed !== undefined && { seed: generated!.seed }),
            },
          );
        },
        generated!.timeout ?? 30_000,
      );
    }
  });
}
