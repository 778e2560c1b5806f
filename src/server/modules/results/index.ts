import type { Capability } from '../capability';
import { registerResultsRoutes } from './routes';

/** Analysis results on a version (issue #25): upload onto a version, summary, colouring values, diagrams, diff. */
export const resultsCapability: Capability = {
  name: 'results',
  routes: (api, { context, blobs }) => registerResultsRoutes(api, context, { blobs }),
};
