import { serveTask } from '../jobs/workerTask';

/** A task worker for workerTask.test.ts: answers its request with the request and, when asked, an error. */
serveTask((request: { fail?: string; payload: unknown }) => {
  if (request.fail) throw new Error(request.fail);
  return { echoed: request.payload, lengths: lengthsOf(request.payload) };
});

function lengthsOf(value: unknown): number[] {
  if (Array.isArray(value)) return [value.length];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(lengthsOf);
}
