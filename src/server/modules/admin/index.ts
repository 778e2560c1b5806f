import type { Capability } from '../capability';
import { registerAdminRoutes } from './routes';

/** The internal admin pages. */
export const adminCapability: Capability = {
  name: 'admin',
  routes: (api, { context }) => registerAdminRoutes(api, context),
};
