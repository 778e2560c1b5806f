import type { Capability } from '../capability';
import { registerAnalyticsRoutes } from './routes';

/** Usage analytics: the admin's aggregates of what buildApp's recorder wrote. */
export const analyticsCapability: Capability = {
  name: 'analytics',
  routes: (api, { context, analytics }) => registerAnalyticsRoutes(api, context, { recorder: analytics }),
};
