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
 * Compiles the server, its worker entry and the CLI once per test run, from the source being tested, into a folder
 * of this run's own (again before each watch-mode rerun). Started through tsx, each of the CLI tests' ~60 commands
 * cost 2–4 s of CPU before doing anything, and each worker thread a server test starts about 0.7 s more than
 * compiled; on a busy machine that alone ran tests past their time limit. The server under test runs from source
 * and starts its worker tasks from this folder (GUSSET_TEST_WORKERS, jobs/workerThread.ts).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const name = `server-vitest-${process.pid}`;
  const outdir = await buildServer(name, { quiet: true });
  project.provide('compiledCli', `${outdir}/cli.js`);
  process.env.GUSSET_TEST_WORKERS = outdir;
  project.onTestsRerun(async () => {
    await buildServer(name, { quiet: true });
  });
  return () => rmSync(outdir, { recursive: true, force: true });
}
