/**
 * `npm run bench [-- <name filter>…]`: runs every benchmark of bench/benchmarks/ in a fresh Node process, one
 * warm-up and BENCH_RUNS (default 5) timed runs per case, interleaved with the baseline, and prints median
 * times with each case as a ratio to the baseline timed in the same process. Nothing here asserts a time:
 * the figures are for reading (docs/performance-notes.md §6.2).
 *
 * Environment: BENCH_PRESET (1k, 10k, 100k, 1m; default 1m), BENCH_SEED, BENCH_RUNS.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_SEED, parsePresetName } from '../src/engine/testing/presets';
import type { Benchmark, BenchmarkResult, CaseResult } from './harness';
import { median } from './harness';

const here = dirname(fileURLToPath(import.meta.url));
const benchmarksFolder = join(here, 'benchmarks');
const HEAP_MB = 12288;

function settingsFromEnvironment(): {
  preset: NonNullable<ReturnType<typeof parsePresetName>>;
  seed: number;
  runs: number;
} {
  const preset = parsePresetName(process.env.BENCH_PRESET ?? '1m');
  if (!preset) throw new Error(`BENCH_PRESET must be one of 1k, 10k, 100k, 1m`);
  const seed = Number(process.env.BENCH_SEED ?? DEFAULT_SEED);
  const runs = Number(process.env.BENCH_RUNS ?? 5);
  if (!Number.isSafeInteger(seed)) throw new Error('BENCH_SEED must be an integer');
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_RUNS must be a whole number ≥ 1');
  return { preset, seed, runs };
}

const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};

/**
 * A full collection, then a short untimed pause: the collector finishes sweeping the previous case's garbage
 * (microdiff leaves a lot) before the next case's clock starts, instead of inside it.
 */
async function collectGarbage(): Promise<void> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
}

async function runChild(file: string, outFile: string): Promise<void> {
  const { preset, seed, runs } = settingsFromEnvironment();
  const module = (await import(pathToFileURL(file).href)) as { default: Benchmark };
  const benchmark = module.default;
  log(`[${benchmark.name}] setting up (${preset}, seed ${seed})`);
  const setup = await benchmark.setup({
    preset,
    seed,
    log: (message) => log(`[${benchmark.name}] ${message}`),
  });
  const all = [
    ...(setup.baseline ? [{ bench: setup.baseline, isBaseline: true }] : []),
    ...setup.cases.map((bench) => ({ bench, isBaseline: false })),
  ];
  const times = all.map(() => [] as number[]);
  // A result stays alive until just before the next run, then is collected outside the timed region, so each
  // run starts from the same heap and no run pays for collecting another's garbage.
  const results: unknown[] = all.map(() => undefined);
  for (let round = 0; round <= runs; round++) {
    for (const [index, { bench }] of all.entries()) {
      results.fill(undefined);
      await collectGarbage();
      const started = performance.now();
      results[index] = await bench.run();
      const elapsed = performance.now() - started;
      if (round > 0) (times[index] as number[]).push(elapsed);
      log(
        `[${benchmark.name}] ${round === 0 ? 'warm-up' : `run ${round}/${runs}`} ${bench.name}: ${(elapsed / 1000).toFixed(3)} s`,
      );
    }
  }
  await setup.teardown?.();
  const cases: CaseResult[] = all.map(({ bench, isBaseline }, index) => {
    const samples = times[index] as number[];
    return {
      name: bench.name,
      isBaseline,
      medianMs: median(samples),
      minMs: Math.min(...samples),
      maxMs: Math.max(...samples),
      runs: samples.length,
    };
  });
  const result: BenchmarkResult = {
    benchmark: benchmark.name,
    file: basename(file),
    cases,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    ...(setup.inputBytes === undefined ? {} : { inputBytes: setup.inputBytes }),
    ...(setup.note === undefined
      ? {}
      : { note: typeof setup.note === 'function' ? setup.note() : setup.note }),
  };
  writeFileSync(outFile, JSON.stringify(result));
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

/** `0.25× (4.0× faster)`: the case's median over the baseline's. */
function ratioText(ratio: number): string {
  return `${ratio.toFixed(2)}× (${ratio <= 1 ? `${(1 / ratio).toFixed(1)}× faster` : `${ratio.toFixed(1)}× slower`})`;
}

function table(rows: string[][]): string {
  const widths = (rows[0] as string[]).map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 || column === 1
            ? cell.padEnd(widths[column] as number)
            : cell.padStart(widths[column] as number),
        )
        .join('  '),
    )
    .join('\n');
}

function report(results: BenchmarkResult[], settings: ReturnType<typeof settingsFromEnvironment>): string {
  const cpu = cpus();
  const lines = [
    `machine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM, Node ${process.version}, ${process.platform} ${process.arch}`,
    `preset ${settings.preset}, seed ${settings.seed}; median of ${settings.runs} runs after 1 warm-up, each benchmark in a fresh process`,
    '',
  ];
  const rows: string[][] = [
    ['benchmark', 'case', 'median s', 'min s', 'max s', 'MB/s', 'vs baseline', 'peak RSS MB'],
  ];
  for (const result of results) {
    const baseline = result.cases.find((entry) => entry.isBaseline);
    for (const entry of result.cases) {
      const ratio = baseline && !entry.isBaseline ? entry.medianMs / baseline.medianMs : undefined;
      rows.push([
        result.benchmark,
        entry.isBaseline ? `${entry.name} (baseline)` : entry.name,
        seconds(entry.medianMs),
        seconds(entry.minMs),
        seconds(entry.maxMs),
        result.inputBytes === undefined ? '' : (result.inputBytes / 1e6 / (entry.medianMs / 1000)).toFixed(0),
        entry.isBaseline ? '1.00×' : ratio === undefined ? '' : ratioText(ratio),
        entry === result.cases[0] ? result.peakRssMb.toFixed(0) : '',
      ]);
    }
  }
  lines.push(table(rows), '');
  for (const result of results) if (result.note) lines.push(`${result.benchmark}: ${result.note}`);
  return `${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  if (argv[0] === '--child') {
    await runChild(argv[1] as string, argv[3] as string);
    return 0;
  }
  const settings = settingsFromEnvironment();
  const filters = argv.filter((argument) => !argument.startsWith('-'));
  const files = readdirSync(benchmarksFolder)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
    .sort();
  if (files.length === 0) {
    log(`no benchmark in bench/benchmarks matches ${filters.join(', ')}`);
    return 2;
  }
  const scratch = mkdtempSync(join(tmpdir(), 'gusset-bench-results-'));
  const results: BenchmarkResult[] = [];
  let failed = false;
  try {
    for (const name of files) {
      const outFile = join(scratch, `${name}.json`);
      const child = spawnSync(
        process.execPath,
        [
          ...process.execArgv,
          '--expose-gc',
          `--max-old-space-size=${HEAP_MB}`,
          fileURLToPath(import.meta.url),
          '--child',
          join(benchmarksFolder, name),
          '--out',
          outFile,
        ],
        { stdio: ['ignore', 'inherit', 'inherit'] },
      );
      if (child.status !== 0) {
        log(`benchmark ${name} failed (exit ${child.status ?? child.signal})`);
        failed = true;
        continue;
      }
      results.push(JSON.parse(readFileSync(outFile, 'utf8')) as BenchmarkResult);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  process.stdout.write(report(results, settings));
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2));
