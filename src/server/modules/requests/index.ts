import type { Capability } from '../capability';
import { registerRequestsRoutes } from './routes';
import { createRequestsService } from './service';

/** Support requests (bug reports and contact). */
export const requestsCapability: Capability = {
  name: 'requests',
  routes: (api, { context, blobs }) =>
    registerRequestsRoutes(api, { service: createRequestsService(context, { blobs }) }),
};
