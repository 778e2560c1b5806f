import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/buildServer';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The CLI compiled from the source under test, for this run only (src/cli/testing/runGusset.ts). */
    compiledCli: string;
  }
}

/**
 * Compiles the CLI once per test run, from the source being tested, into a folder of this run's own. Started
 * through tsx, each of the CLI tests' ~60 commands cost 2–4 s of CPU before doing anything, and on a busy machine
 * that alone ran tests past their time limit; compiled, a command starts in about 0.1 s.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const outdir = await buildServer(`server-vitest-${process.pid}`, { quiet: true });
  project.provide('compiledCli', `${outdir}/cli.js`);
  return () => rmSync(outdir, { recursive: true, force: true });
}
