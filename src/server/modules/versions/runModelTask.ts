import { runTask } from '../../jobs/workerTask';
import { modelTaskSize, performModelTask, type ModelTask, type ModelTaskResult } from './modelTasks';

const entry = new URL('./modelWorker.ts', import.meta.url);

/**
 * Below this many objects (all the task's versions together) a task runs in the calling thread: starting a
 * worker (a thread, tsx, the engine's modules) costs about as much as the whole task of a model this size, and
 * such a task holds the event loop for well under 100 ms (docs/architecture.md, "Worker threads").
 */
export const INLINE_BELOW_OBJECTS = 12_000;

/** The engine threw: deterministic for these versions, so retrying cannot help. */
export class ModelTaskError extends Error {
  override readonly name = 'ModelTaskError';
}

/**
 * Runs a model task (modelTasks.ts) off the event loop: in a fresh worker thread, or here when it is small.
 * Rejects with ModelTaskError when the engine threw, WorkerDiedError when the worker ended without an answer, or
 * the signal's reason.
 */
export async function runModelTask<Task extends ModelTask>(
  task: Task,
  signal?: AbortSignal,
): Promise<ModelTaskResult<Task>> {
  if (modelTaskSize(task) >= INLINE_BELOW_OBJECTS) {
    return runTask<Task, ModelTaskResult<Task>>(entry, task, {
      signal,
      failure: (message) => new ModelTaskError(message),
    });
  }
  signal?.throwIfAborted();
  try {
    return performModelTask(task);
  } catch (error) {
    throw new ModelTaskError(error instanceof Error ? error.message : String(error));
  }
}
