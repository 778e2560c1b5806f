import { serveTask } from '../../jobs/workerTask';
import { performModelTask, type ModelTask } from './modelTasks';

/** A model task (merge, merge preview, review diff and apply) off the server's event loop: runModelTask. */
serveTask((task: ModelTask) => performModelTask(task));
