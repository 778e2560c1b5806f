import { Worker } from 'node:worker_threads';
import type { TranslateMessage, TranslateRequest } from './translateProtocol';

export type TranslateOutcome = Exclude<TranslateMessage, { kind: 'progress' }>;

/** The worker thread ended without an answer (killed, out of memory, or terminated by us). */
export class WorkerDiedError extends Error {
  override readonly name = 'WorkerDiedError';
}

const bootstrap = new URL('./workerBootstrap.mjs', import.meta.url);
const entry = new URL('./translateWorker.ts', import.meta.url).href;

/** Bytes the worker can take over without a copy: a view of a whole ArrayBuffer of its own. */
function transferable(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}

/**
 * Translates a file in a fresh worker thread (one per job: a crash or a leak dies with it, and terminating it
 * stops the work at once). Resolves with the worker's answer; rejects with WorkerDiedError when it ends
 * without one, or with the signal's reason when `signal` aborts (the worker is terminated).
 */
export function translateInWorker(
  request: TranslateRequest,
  options: { signal?: AbortSignal; onProgress?: (stage: string, percent: number) => void } = {},
): Promise<TranslateOutcome> {
  const { signal, onProgress } = options;
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

    worker.on('message', (message: TranslateMessage) => {
      if (message.kind === 'progress') onProgress?.(message.stage, message.percent);
      else settle(() => resolve(message));
    });
    worker.on('error', (error) =>
      settle(() => reject(new WorkerDiedError(`The worker crashed: ${error.message}`))),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new WorkerDiedError(`The worker exited with code ${code}`))),
    );

    const bytes = transferable(request.bytes);
    worker.postMessage({ fileName: request.fileName, bytes } satisfies TranslateRequest, [
      bytes.buffer as ArrayBuffer,
    ]);
  });
}
