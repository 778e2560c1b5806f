import type { FastifyInstance } from 'fastify';

/**
 * Sent on every response. The session token lives in localStorage (spec section 4), so script injection would
 * steal sessions: the CSP allows only our own scripts, and nothing may frame the app.
 */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws: wss:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * With Stripe configured (issue #10) the card form is Stripe Elements: Stripe.js from js.stripe.com, its iframes,
 * and its calls to api.stripe.com. Only then; the local test provider needs nothing from outside.
 */
export const stripeContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com https://*.js.stripe.com",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https://*.stripe.com",
  "connect-src 'self' ws: wss: https://api.stripe.com",
  'frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com',
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance, options: { allowStripe?: boolean } = {}): void {
  const policy = options.allowStripe ? stripeContentSecurityPolicy : contentSecurityPolicy;
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'Content-Security-Policy': policy,
      // Reset links carry their token in the path; no-referrer keeps it from leaking to other sites.
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
