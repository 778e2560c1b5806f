import type { Capability } from '../capability';
import { createCompareService } from '../compare/service';
import { registerReportsRoutes } from './routes';
import { createReportsService } from './service';

/** Reports of a model's versions (their diffs come from compare). */
export const reportsCapability: Capability = {
  name: 'reports',
  routes: (api, { context, derived, runner }) => {
    const compare = createCompareService(context, { derived, runner });
    registerReportsRoutes(api, context, { service: createReportsService(context, { compare }) });
  },
};
