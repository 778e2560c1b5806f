/**
 * The compiled server's one worker-thread entry (dist/server/worker.js): loads the task its thread was started
 * for (jobs/workerThread.ts passes the task's name), which then answers the thread's request. From source
 * (Vitest, `npm run dev`) workers load their task module directly through jobs/workerBootstrap.mjs.
 */
import { workerData } from 'node:worker_threads';
import { isWorkerTaskName, workerTasks } from './modules/workerTasks';

const { task } = workerData as { task: string };
if (!isWorkerTaskName(task)) throw new Error(`No worker task is named ${task} (modules/workerTasks.ts)`);
await workerTasks[task]();
