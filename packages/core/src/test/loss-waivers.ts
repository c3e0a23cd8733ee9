import type { LossFinding } from "./loss-detector";

/**
 * A known open finding of the loss detector, left for later on purpose: named, with the reason, and
 * matched narrowly (the kind, the formats, and a pattern of the path).
 */
export interface LossWaiver {
  /** A short name, cited in reports. */
  name: string;
  /** Why it is open, and where it is tracked. */
  reason: string;
  kind: LossFinding["kind"];
  /** The target format, or every target when absent. */
  to?: string;
  /** Matches the finding's path (for a stream, its place in the compared object). */
  path: RegExp;
}

/** The findings no waiver covers. */
export function unwaivedFindings(
  findings: readonly LossFinding[],
  waivers: readonly LossWaiver[],
): LossFinding[] {
  return findings.filter(
    (finding) =>
      !waivers.some(
        (waiver) =>
          waiver.kind === finding.kind &&
          (waiver.to === undefined || waiver.to === finding.to) &&
          waiver.path.test(finding.path),
      ),
  );
}
