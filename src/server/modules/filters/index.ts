import type { Capability } from '../capability';
import { registerFiltersRoutes } from './routes';

/** Filters of organizations and models. */
export const filtersCapability: Capability = {
  name: 'filters',
  routes: (api, { context }) => registerFiltersRoutes(api, context),
};
