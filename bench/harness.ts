/**
 * A benchmark compares a subject with a floor measured in the same run on the same payload (for
 * example `JSON.parse` + `JSON.stringify`), so the figure is a ratio that means the same on any machine.
 */
export interface Benchmark {
  /** What is measured. */
  name: string;
  /** What the floor is, for the report (`JSON.parse + JSON.stringify of the same request`). */
  floorName: string;
  /** One run of the floor. */
  floor: () => unknown;
  /** One run of the subject. */
  subject: () => unknown | Promise<unknown>;
  /** The highest acceptable ratio, when the issue sets one. */
  target?: number;
  /** Size of the payload, for the report. */
  payloadBytes?: number;
}

/** One measured benchmark. */
export interface BenchmarkResult {
  name: string;
  floorName: string;
  /** Median microseconds per floor run. */
  floorMicros: number;
  /** Median microseconds per subject run. */
  subjectMicros: number;
  /** subject / floor. */
  ratio: number;
  target?: number;
  payloadBytes?: number;
}

const rounds = 15;
const roundMillis = 40;

async function timeRound(fn: () => unknown | Promise<unknown>): Promise<number> {
  let runs = 0;
  const start = performance.now();
  let elapsed = 0;
  do {
    const result = fn();
    if (result instanceof Promise) await result;
    runs++;
    elapsed = performance.now() - start;
  } while (elapsed < roundMillis);
  return (elapsed * 1000) / runs;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Runs a benchmark: warm-up, then floor and subject in alternating rounds; medians and their ratio. */
export async function runBenchmark(benchmark: Benchmark): Promise<BenchmarkResult> {
  await timeRound(benchmark.floor);
  await timeRound(benchmark.subject);
  const floorTimes: number[] = [];
  const subjectTimes: number[] = [];
  for (let round = 0; round < rounds; round++) {
    floorTimes.push(await timeRound(benchmark.floor));
    subjectTimes.push(await timeRound(benchmark.subject));
  }
  const floorMicros = median(floorTimes);
  const subjectMicros = median(subjectTimes);
  return {
    name: benchmark.name,
    floorName: benchmark.floorName,
    floorMicros,
    subjectMicros,
    ratio: subjectMicros / floorMicros,
    target: benchmark.target,
    payloadBytes: benchmark.payloadBytes,
  };
}
