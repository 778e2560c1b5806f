import type { Capability } from '../capability';
import { registerBillingRoutes, registerStripeRoutes } from './routes';

/** Billing (issue #10): its pages under /api, Stripe's webhook outside it. */
export const billingCapability: Capability = {
  name: 'billing',
  rootRoutes: (app, { context, billing }) => registerStripeRoutes(app, context, billing),
  routes: (api, { context, billing }) => registerBillingRoutes(api, context, billing),
};
