import type { Capability } from '../capability';
import { registerOrganizationsRoutes } from './routes';

/** Organizations. */
export const organizationsCapability: Capability = {
  name: 'organizations',
  routes: (api, { context }) => registerOrganizationsRoutes(api, context),
};
