// Worker threads do not inherit tsx from the server (and Vitest has no tsx at all): register it here, then load
// the TypeScript entry named by the parent. The server runs from source (`tsx src/server/main.ts`), so does this.
import { workerData } from 'node:worker_threads';
// eslint-disable-next-line no-restricted-imports -- the tsx package's API, not our browser src/api.
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
