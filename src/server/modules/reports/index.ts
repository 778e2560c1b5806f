import type { Capability } from '../capability';
import { createCompareService } from '../compare/service';
import { createResultsReader } from '../results/service';
import { registerReportsRoutes } from './routes';
import { createReportsService } from './service';

/** Reports of a model's versions (their diffs come from compare, their result changes from results). */
export const reportsCapability: Capability = {
  name: 'reports',
  routes: (api, { context, derived, runner, blobs }) => {
    const compare = createCompareService(context, { derived, runner });
    // The report workbook lists the analysis results that changed between its versions (issue #25).
    const results = createResultsReader(context, { blobs });
    registerReportsRoutes(api, context, { service: createReportsService(context, { compare, results }) });
  },
};
