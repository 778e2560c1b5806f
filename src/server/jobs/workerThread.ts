import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** The worker thread ended without an answer (killed, out of memory, or terminated by us). */
export class WorkerDiedError extends Error {
  override readonly name: string = 'WorkerDiedError';
}

/** The worker ran past its `maxOldGenerationSizeMb`: the work needs more memory than it may use. */
export class WorkerOutOfMemoryError extends WorkerDiedError {
  override readonly name = 'WorkerOutOfMemoryError';
}

/**
 * From source (tsx, Vitest) this module is a .ts file and workers load their .ts entry through workerBootstrap.mjs,
 * which registers tsx. Compiled (scripts/buildServer.ts), the server has one worker entry, dist/server/worker.js
 * (src/server/worker.ts), which loads the task named by the entry's file name (`new URL('./someWorker.ts',
 * import.meta.url)` is the task `someWorker`, listed in modules/workerTasks.ts), with no tsx.
 */
const fromSource = import.meta.url.endsWith('.ts');
const bootstrap = new URL('./workerBootstrap.mjs', import.meta.url);

/**
 * The test run's compiled server (tests/setup/compiledServer.ts builds it from the source under test and names
 * its folder in GUSSET_TEST_WORKERS): the tests run the server from source but its worker tasks compiled, since
 * through tsx each worker spent about 0.7 s more CPU loading the engine, hundreds of times a run. A test's own
 * worker, not a task the build lists in worker-tasks.json, still loads through tsx.
 */
const testWorkers = fromSource ? process.env.GUSSET_TEST_WORKERS : undefined;
let testTasks: ReadonlySet<string> | undefined;
function compiledTestTask(task: string): boolean {
  if (!testWorkers) return false;
  testTasks ??= new Set(
    JSON.parse(readFileSync(path.join(testWorkers, 'worker-tasks.json'), 'utf8')) as string[],
  );
  return testTasks.has(task);
}

function workerScript(entry: URL): { script: URL; execArgv: string[]; workerData: object } {
  const task = path.posix.basename(entry.pathname, '.ts');
  if (fromSource && !compiledTestTask(task)) {
    return { script: bootstrap, execArgv: [], workerData: { entry: entry.href } };
  }
  const folder = fromSource && testWorkers ? pathToFileURL(`${testWorkers}/`) : new URL('.', import.meta.url);
  return {
    script: new URL('worker.js', folder),
    execArgv: ['--enable-source-maps'],
    workerData: { task },
  };
}

export interface WorkerRun<Message, Result> {
  /** The worker module's source, `new URL('./someWorker.ts', import.meta.url)` (see workerScript). */
  entry: URL;
  request: unknown;
  transfer?: ArrayBuffer[];
  signal?: AbortSignal;
  /** The worker's heap limit in MB (Worker resourceLimits.maxOldGenerationSizeMb); absent: V8's default. */
  maxMemoryMb?: number;
  /**
   * After the request is posted: posts the rest of it (slices of a long request, workerTask.ts). `post` answers
   * false once the run is over (the worker is gone), so the feed can stop.
   */
  feed?: (post: (message: unknown) => boolean) => Promise<void>;
  /**
   * Each message the worker posts: return `{ done: value }` to resolve, `{ failed: error }` to reject, or
   * undefined for a message on the way (progress), which `reply` may answer.
   */
  onMessage(
    message: Message,
    reply: (message: unknown) => void,
  ): { done: Result } | { failed: Error } | undefined;
}

/**
 * Runs one piece of work in a fresh worker thread (one per job: a crash or a leak dies with it, and terminating it
 * stops the work at once). Rejects with WorkerDiedError when the worker ends without an answer, or with the
 * signal's reason when `signal` aborts; the worker is terminated either way.
 */
export function runInWorker<Message, Result>(run: WorkerRun<Message, Result>): Promise<Result> {
  const { signal } = run;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const { script, execArgv, workerData } = workerScript(run.entry);
    const worker = new Worker(script, {
      execArgv,
      workerData,
      ...(run.maxMemoryMb ? { resourceLimits: { maxOldGenerationSizeMb: run.maxMemoryMb } } : {}),
    });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      action();
      void worker.terminate();
    };
    const onAbort = () => settle(() => reject(signal?.reason));
    signal?.addEventListener('abort', onAbort, { once: true });

    worker.on('message', (message: Message) => {
      const outcome = run.onMessage(message, (answer) => {
        if (!settled) worker.postMessage(answer);
      });
      if (outcome === undefined) return;
      settle(() => ('done' in outcome ? resolve(outcome.done) : reject(outcome.failed)));
    });
    worker.on('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new WorkerOutOfMemoryError(`The worker ran out of memory: ${error.message}`)
            : new WorkerDiedError(`The worker crashed: ${error.message}`),
        ),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new WorkerDiedError(`The worker exited with code ${code}`))),
    );
    worker.postMessage(run.request, run.transfer ?? []);
    run
      .feed?.((message) => {
        if (!settled) worker.postMessage(message);
        return !settled;
      })
      .catch((error: unknown) =>
        settle(() => reject(error instanceof Error ? error : new Error(String(error)))),
      );
  });
}
