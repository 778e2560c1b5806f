import type { Capability } from '../capability';
import { registerJobsRoutes } from './routes';

/** Jobs: GET /api/jobs/{id} answers how any watched job is doing, whichever module owns its kind. */
export const jobsCapability: Capability = {
  name: 'jobs',
  routes: (api, { jobs }) => registerJobsRoutes(api, { service: jobs }),
};
