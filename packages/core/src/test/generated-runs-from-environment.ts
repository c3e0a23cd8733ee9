/**
 * How many generated documents a codec's loss detector test reads, and from which seed, as the
 * environment says: `LOSS_DETECTOR_RUNS` documents (15 when unset, as `pnpm test` runs them) from
 * `LOSS_DETECTOR_SEED`, else a random seed when runs are given (`pnpm fuzz:losses`), else seed 15 so
 * `pnpm test` reads the same documents every time. A seed a failed run printed replays its documents.
 */
export function generatedRunsFromEnvironment(environment: Record<string, string | undefined>): {
  runs: number;
  seed?: number;
} {
  const runs = Number(environment.LOSS_DETECTOR_RUNS ?? 15);
  if (environment.LOSS_DETECTOR_SEED) return { runs, seed: Number(environment.LOSS_DETECTOR_SEED) };
  return environment.LOSS_DETECTOR_RUNS ? { runs } : { runs, seed: 15 };
}
