import type { Capability } from '../capability';
import { registerHealthRoutes } from './routes';

/** GET /health (outside /api: load balancers ask without a session). */
export const healthCapability: Capability = {
  name: 'health',
  rootRoutes: (app, { context }) => registerHealthRoutes(app, { db: context.db }),
};
