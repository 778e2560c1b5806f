import type { Capability } from '../capability';
import { registerVersionsRoutes } from './routes';

/** A model's versions: their data, exports and restore; createVersion.ts makes every version. */
export const versionsCapability: Capability = {
  name: 'versions',
  routes: (api, { context, derived, storedResults }) =>
    registerVersionsRoutes(api, context, { derived, storedResults }),
};
