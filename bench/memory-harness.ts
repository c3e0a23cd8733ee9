/**
 * A memory mode beside `harness.ts`: instead of timing a subject against a floor, it runs the
 * subject once over a large input and reports the peak memory growth, as a ratio to the input's
 * size. A streaming subject's ratio falls as the input grows; one that buffers the input stays
 * near or above 1.
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
  /** The highest acceptable peak heap growth as a fraction of the input size. */
  target?: number;
}

/** One measured {@link MemoryBenchmark}. */
export interface MemoryBenchmarkResult {
  name: string;
  inputBytes: number;
  /** Highest `heapUsed + external + arrayBuffers` seen during the run, minus the value before it. */
  peakHeapGrowthBytes: number;
  /** Highest resident set size seen during the run, minus the value before it. */
  peakRssGrowthBytes: number;
  /** peakHeapGrowthBytes / inputBytes. */
  ratio: number;
  target?: number;
}

const sampleMillis = 5;

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
  const timer = setInterval(sample, sampleMillis);
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
    ratio: peakHeapGrowthBytes / inputBytes,
    target: benchmark.target,
  };
}

/** One report line, in the style of the timing benchmarks. */
export function formatMemoryResult(result: MemoryBenchmarkResult): string {
  const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const target = result.target === undefined ? "" : ` (target ≤ ${result.target}×)`;
  const verdict = result.target === undefined ? "" : result.ratio <= result.target ? "  ok" : "  OVER TARGET";
  return (
    `${result.name} (${megabytes(result.inputBytes)}): peak heap growth ${result.ratio.toFixed(3)}× the input${target}` +
    `  [heap +${megabytes(result.peakHeapGrowthBytes)}, rss +${megabytes(result.peakRssGrowthBytes)}]${verdict}`
  );
}
