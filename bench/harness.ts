import type { PresetName } from '../src/engine/testing/presets';

/**
 * One timed operation. `run` gets nothing and returns something, so the work cannot be optimised away; a promise
 * is awaited inside the timed region (HTTP round trips).
 */
export interface BenchCase {
  name: string;
  run(): unknown;
}

/** What a benchmark's setup returns: the cases to time, each compared with `baseline` when there is one. */
export interface BenchCases {
  /** Input size in bytes, for the MB/s column. */
  inputBytes?: number;
  baseline?: BenchCase;
  cases: BenchCase[];
  /** Shown under the table: what the baseline is, what the figures include (a function: read after the runs). */
  note?: string | (() => string);
  /** Run once after the last case (servers and databases a setup started). */
  teardown?(): Promise<void>;
}

export interface BenchSettings {
  preset: PresetName;
  seed: number;
  /** Progress for the person watching (setup steps, cache hits); goes to stderr. */
  log(message: string): void;
}

/**
 * A benchmark is one file in bench/benchmarks/ whose default export is a `Benchmark`. `bench/run.ts` finds it,
 * runs its setup (untimed) in a fresh Node process, then times each case.
 */
export interface Benchmark {
  name: string;
  setup(settings: BenchSettings): BenchCases | Promise<BenchCases>;
}

export function defineBenchmark(benchmark: Benchmark): Benchmark {
  return benchmark;
}

export interface CaseResult {
  name: string;
  isBaseline: boolean;
  medianMs: number;
  minMs: number;
  maxMs: number;
  runs: number;
}

export interface BenchmarkResult {
  benchmark: string;
  file: string;
  inputBytes?: number;
  note?: string;
  cases: CaseResult[];
  peakRssMb: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
