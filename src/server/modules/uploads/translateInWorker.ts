import type { TranslateMessage, TranslateRequest } from './translateProtocol';
import { runInWorker } from '../../jobs/workerThread';

export type TranslateOutcome = Exclude<TranslateMessage, { kind: 'progress' }>;

const entry = new URL('./translateWorker.ts', import.meta.url);

/** Bytes the worker can take over without a copy: a view of a whole ArrayBuffer of its own. */
function transferable(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice();
}

/**
 * Translates a file in a fresh worker thread (runInWorker). Resolves with the worker's answer; rejects with
 * WorkerDiedError when it ends without one, or with the signal's reason when `signal` aborts.
 */
export function translateInWorker(
  request: TranslateRequest,
  options: {
    signal?: AbortSignal;
    onProgress?: (stage: string, percent: number) => void;
    /** The worker's heap limit (JOB_WORKER_MAX_MEMORY_MB); past it the worker dies with WorkerOutOfMemoryError. */
    maxMemoryMb?: number;
  } = {},
): Promise<TranslateOutcome> {
  const { signal, onProgress, maxMemoryMb } = options;
  const bytes = transferable(request.bytes);
  return runInWorker<TranslateMessage, TranslateOutcome>({
    entry,
    request: {
      fileName: request.fileName,
      bytes,
      ...(request.limits ? { limits: request.limits } : {}),
    } satisfies TranslateRequest,
    ...(maxMemoryMb ? { maxMemoryMb } : {}),
    transfer: [bytes.buffer as ArrayBuffer],
    ...(signal ? { signal } : {}),
    onMessage: (message) => {
      if (message.kind !== 'progress') return { done: message };
      onProgress?.(message.stage, message.percent);
      return undefined;
    },
  });
}
