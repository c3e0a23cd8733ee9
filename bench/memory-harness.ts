/**
 * A memory mode beside `harness.ts`: instead of timing a subject against a floor, it runs the
 * subject once over a large input and reports the peak memory growth, also as a ratio to the
 * input's size. A streaming subject's growth stays the same as the input grows (its ratio falls);
 * one that buffers the input grows with it (a ratio near or above 1).
 */
export interface MemoryBenchmark {
  /** What is measured. */
  name: string;
  /** Makes the input (outside the measurement); returns its size in bytes. */
  prepare(): Promise<number>;
  /** The one run whose memory is measured. */
  subject(): Promise<void>;
  /** Removes the input. */
  cleanup?(): Promise<void>;
  /** The highest acceptable peak heap growth, in megabytes, whatever the input size. */
  targetMegabytes?: number;
}

/** One measured {@link MemoryBenchmark}. */
export interface MemoryBenchmarkResult {
  name: string;
  inputBytes: number;
  /** Highest `heapUsed + external + arrayBuffers` seen during the run, minus the value before it. */
  peakHeapGrowthBytes: number;
  /** Whether garbage was collected while sampling (`--expose-gc`), so the peak is retained memory. */
  collected: boolean;
  /** Highest resident set size seen during the run, minus the value before it. */
  peakRssGrowthBytes: number;
  /** peakHeapGrowthBytes / inputBytes. */
  ratio: number;
  targetMegabytes?: number;
  /** Whether the growth is within the target (true when there is none). */
  withinTarget: boolean;
}

const sampleMillis = 5;
const collectEvery = 20;

function heapBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external + usage.arrayBuffers;
}

/** Runs a memory benchmark: prepare, settle, then sample memory every few milliseconds during the subject. */
export async function runMemoryBenchmark(benchmark: MemoryBenchmark): Promise<MemoryBenchmarkResult> {
  const inputBytes = await benchmark.prepare();
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  collectGarbage?.();
  const baseHeap = heapBytes();
  const baseRss = process.memoryUsage().rss;
  let peakHeap = baseHeap;
  let peakRss = baseRss;
  const sample = () => {
    peakHeap = Math.max(peakHeap, heapBytes());
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  };
  // With `--expose-gc`, garbage is collected before some samples, so the peak is what the run
  // retains rather than what the collector had not yet reclaimed.
  let samples = 0;
  const timer = setInterval(() => {
    if (collectGarbage && ++samples % collectEvery === 0) collectGarbage();
    sample();
  }, sampleMillis);
  try {
    await benchmark.subject();
    sample();
  } finally {
    clearInterval(timer);
    await benchmark.cleanup?.();
  }
  const peakHeapGrowthBytes = peakHeap - baseHeap;
  return {
    name: benchmark.name,
    inputBytes,
    peakHeapGrowthBytes,
    peakRssGrowthBytes: peakRss - baseRss,
    collected: collectGarbage !== undefined,
    ratio: peakHeapGrowthBytes / inputBytes,
    targetMegabytes: benchmark.targetMegabytes,
    withinTarget:
      benchmark.targetMegabytes === undefined ||
      peakHeapGrowthBytes <= benchmark.targetMegabytes * 1024 * 1024,
  };
}

/** One report line, in the style of the timing benchmarks. */
export function formatMemoryResult(result: MemoryBenchmarkResult): string {
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const target = result.targetMegabytes === undefined ? "" : ` (target ≤ ${result.targetMegabytes} MB)`;
  const verdict = result.targetMegabytes === undefined ? "" : result.withinTarget ? "  ok" : "  OVER TARGET";
  return (
    `${result.name}: peak ${result.collected ? "retained" : "heap"} growth ${megabytes(result.peakHeapGrowthBytes)}` +
    `${target}, ${result.ratio.toFixed(3)}× the ${megabytes(result.inputBytes)} input` +
    `  [rss +${megabytes(result.peakRssGrowthBytes)}]${verdict}`
  );
}
