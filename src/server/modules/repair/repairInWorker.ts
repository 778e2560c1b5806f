import type { OperationId } from '../../../engine/repair';
import { runInWorker } from '../../jobs/workerThread';
import type { RepairMessage, RepairTask } from './repairProtocol';

const entry = new URL('./repairWorker.ts', import.meta.url);

/** The engine threw inside the worker: deterministic for this version and input, so retrying cannot help. */
export class RepairComputationError extends Error {
  override readonly name = 'RepairComputationError';
}

type Answer = Exclude<RepairMessage, { kind: 'progress' } | { kind: 'error' }>;
/** The answer a task kind gets. */
type AnswerOf<Task extends RepairTask['task']> = Extract<
  Answer,
  {
    kind: Task extends 'apply' ? 'applied' : Task;
  }
>;

/**
 * Runs one repair task in a fresh worker thread, as diffs and uploads do. Resolves with the worker's answer;
 * rejects with RepairComputationError when the engine threw, WorkerDiedError when the worker ended without an
 * answer, or the signal's reason.
 */
export function repairInWorker<Task extends RepairTask>(
  task: Task,
  options: { signal?: AbortSignal; onProgress?: (fraction: number, stage: OperationId) => void } = {},
): Promise<AnswerOf<Task['task']>> {
  return runInWorker<RepairMessage, AnswerOf<Task['task']>>({
    entry,
    request: task,
    ...(options.signal ? { signal: options.signal } : {}),
    onMessage: (message) => {
      if (message.kind === 'progress') {
        options.onProgress?.(message.fraction, message.stage);
        return undefined;
      }
      if (message.kind === 'error') return { failed: new RepairComputationError(message.message) };
      return { done: message as AnswerOf<Task['task']> };
    },
  });
}
