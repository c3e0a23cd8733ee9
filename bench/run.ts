/**
 * `pnpm bench`: runs every `bench/*.bench.ts` and prints each timing figure (`benchmarks:
 * Benchmark[]`) as a ratio to its floor and each memory figure (`memoryBenchmarks:
 * MemoryBenchmark[]`) as peak growth against its input. `pnpm bench <filter>` runs the benchmarks whose
 * name contains the filter. Exits non-zero when a benchmark misses its target.
 */
import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { type Benchmark, type BenchmarkResult, runBenchmark } from "./harness";
import { formatMemoryResult, type MemoryBenchmark, runMemoryBenchmark } from "./memory-harness";

const directory = fileURLToPath(new URL(".", import.meta.url));
const filter = process.argv[2] ?? "";
const files = (await readdir(directory)).filter((file) => file.endsWith(".bench.ts")).sort();
const results: BenchmarkResult[] = [];
let memoryOverTarget = false;

for (const file of files) {
  const module = (await import(new URL(file, import.meta.url).href)) as {
    benchmarks?: Benchmark[];
    memoryBenchmarks?: MemoryBenchmark[];
  };
  for (const benchmark of module.benchmarks ?? []) {
    if (!benchmark.name.includes(filter)) continue;
    const result = await runBenchmark(benchmark);
    results.push(result);
    const size = result.payloadBytes ? ` (${(result.payloadBytes / 1024).toFixed(1)} KB)` : "";
    const verdict =
      result.target === undefined ? "" : result.ratio <= result.target ? "  ok" : "  OVER TARGET";
    const target = result.target === undefined ? "" : ` (target ≤ ${result.target}×)`;
    console.log(
      `${result.name}${size}: ${result.ratio.toFixed(2)}× ${result.floorName}${target}` +
        `  [${result.subjectMicros.toFixed(1)} µs vs ${result.floorMicros.toFixed(1)} µs]${verdict}`,
    );
  }
  for (const benchmark of module.memoryBenchmarks ?? []) {
    if (!benchmark.name.includes(filter)) continue;
    const result = await runMemoryBenchmark(benchmark);
    if (!result.withinTarget) memoryOverTarget = true;
    console.log(formatMemoryResult(result));
  }
}

if (memoryOverTarget || results.some((result) => result.target !== undefined && result.ratio > result.target))
  process.exitCode = 1;
