import type { Capability } from '../capability';
import { registerReviewsRoutes } from './routes';

/** Upload reviews (issue #7): read, apply as a version, or discard. */
export const reviewsCapability: Capability = {
  name: 'reviews',
  routes: (api, { context, derived }) => registerReviewsRoutes(api, context, { derived }),
};
