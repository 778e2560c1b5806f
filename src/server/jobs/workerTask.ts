import { parentPort } from 'node:worker_threads';
import { runInWorker } from './workerThread';

/** A task worker → main thread: its one answer. */
export type TaskMessage<Result> =
  { kind: 'result'; result: Result } | { kind: 'error'; message: string; stack?: string };

/**
 * In a task worker's entry module: answers the one request the main thread posts with `work`'s result, or with
 * what it threw. `transfer` names buffers of the result to move rather than copy.
 */
export function serveTask<Request, Result>(
  work: (request: Request) => Result | Promise<Result>,
  transfer?: (result: Result) => ArrayBuffer[],
): void {
  parentPort?.once('message', (request: Request) => {
    void (async (): Promise<void> => {
      let message: TaskMessage<Result>;
      try {
        message = { kind: 'result', result: await work(request) };
      } catch (error) {
        const failure = error instanceof Error ? error : new Error(String(error));
        message = {
          kind: 'error',
          message: failure.message,
          ...(failure.stack ? { stack: failure.stack } : {}),
        };
      }
      parentPort?.postMessage(message, message.kind === 'result' ? (transfer?.(message.result) ?? []) : []);
    })();
  });
}

/**
 * Runs a served task (serveTask in `entry`) in a fresh worker thread. Rejects with `failure(message)` when the
 * work threw, WorkerDiedError when the worker ended without an answer, or the signal's reason.
 */
export function runTask<Request, Result>(
  entry: URL,
  request: Request,
  options: {
    failure: (message: string) => Error;
    signal?: AbortSignal | undefined;
    transfer?: ArrayBuffer[];
  },
): Promise<Result> {
  return runInWorker<TaskMessage<Result>, Result>({
    entry,
    request,
    ...(options.transfer ? { transfer: options.transfer } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    onMessage: (message) =>
      message.kind === 'result' ? { done: message.result } : { failed: options.failure(message.message) },
  });
}
