import { describe, expect, it } from "vitest";
import type { AnyCodec } from "../contracts/codec";
import type { NamedDetectorDocument } from "./detector-recordings";
import { type DetectorNormalization, detectLosses } from "./loss-detector";
import { type LossWaiver, unwaivedFindings } from "./loss-waivers";

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
}

/**
 * The loss detector as vitest cases, one per document: every round trip through every other
 * format either gives each source leaf back or reports its loss, in the source's terms, and reports
 * no loss where nothing was lost (see {@link detectLosses}); findings a waiver names are let through.
 */
export function testLossDetector(options: LossDetectorSuiteOptions): void {
  describe(`loss detector: ${options.source.id}`, () => {
    for (const { name, document } of options.documents) {
      it(`${document.kind}: ${name}`, async () => {
        const findings = await detectLosses({ ...options, document });
        expect(unwaivedFindings(findings, options.waivers ?? [])).toEqual([]);
      });
    }
  });
}
