import { runTask } from '../../jobs/workerTask';
import type { DiffRequest } from './diffProtocol';

const entry = new URL('./diffWorker.ts', import.meta.url);

/** The diff threw inside the worker: deterministic for these two versions, so retrying cannot help. */
export class DiffComputationError extends Error {
  override readonly name = 'DiffComputationError';
}

/**
 * Diffs two versions in a fresh worker thread, as uploads translate. Resolves with the DiffView JSON (what the cache stores); rejects with
 * DiffComputationError when the diff threw, WorkerDiedError when the worker ended without an answer, or the
 * signal's reason.
 */
export function diffInWorker(request: DiffRequest, signal?: AbortSignal): Promise<string> {
  return runTask<DiffRequest, string>(entry, request, {
    signal,
    failure: (message) => new DiffComputationError(message),
  });
}
