import { Worker } from 'node:worker_threads';
import { WorkerDiedError } from '../../jobs/translateInWorker';
import type { DiffMessage, DiffRequest } from './diffProtocol';

const bootstrap = new URL('../../jobs/workerBootstrap.mjs', import.meta.url);
const entry = new URL('./diffWorker.ts', import.meta.url).href;

/** The diff threw inside the worker: deterministic for these two versions, so retrying cannot help. */
export class DiffComputationError extends Error {
  override readonly name = 'DiffComputationError';
}

/**
 * Diffs two versions in a fresh worker thread (as uploads translate: a crash or a leak dies with it, and
 * terminating it stops the work at once). Resolves with the DiffView JSON; rejects with DiffComputationError
 * when the diff threw, WorkerDiedError when the worker ended without an answer, or the signal's reason.
 */
export function diffInWorker(request: DiffRequest, signal?: AbortSignal): Promise<string> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, { execArgv: [], workerData: { entry } });
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

    worker.on('message', (message: DiffMessage) =>
      settle(() =>
        message.kind === 'result' ? resolve(message.json) : reject(new DiffComputationError(message.message)),
      ),
    );
    worker.on('error', (error) =>
      settle(() => reject(new WorkerDiedError(`The worker crashed: ${error.message}`))),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new WorkerDiedError(`The worker exited with code ${code}`))),
    );
    worker.postMessage(request);
  });
}
