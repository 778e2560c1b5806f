/**
 * Every task a worker thread runs, by the name of its module (what `runInWorker`'s entry names). The compiled
 * server has one worker entry, `worker.ts`, which loads the task named here; importing a task's module starts
 * it (it answers the one request its thread is sent). A task added to a capability is added here;
 * workerTasks.test.ts holds every `new URL('./…Worker.ts', import.meta.url)` of the server to this list.
 */
export const workerTasks = {
  translateWorker: () => import('./uploads/translateWorker'),
  diffWorker: () => import('./compare/diffWorker'),
  repairWorker: () => import('./repair/repairWorker'),
  dxfWorker: () => import('./dxf/dxfWorker'),
  modelWorker: () => import('./versions/modelWorker'),
  certificateWorker: () => import('./versions/certificateWorker'),
  resultsWorker: () => import('./results/resultsWorker'),
} satisfies Record<string, () => Promise<unknown>>;

export type WorkerTaskName = keyof typeof workerTasks;

export function isWorkerTaskName(name: string): name is WorkerTaskName {
  return Object.hasOwn(workerTasks, name);
}
