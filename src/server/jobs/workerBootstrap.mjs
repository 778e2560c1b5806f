// Worker threads do not inherit tsx from the server (and Vitest has no tsx at all): register it here, then load
// the TypeScript entry named by the parent. Used when the server runs from source (tests, `npm run dev`); the
// compiled server starts its compiled workers directly (workerThread.ts).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
