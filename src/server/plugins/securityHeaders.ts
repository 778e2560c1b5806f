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

/** Two years would be the preload list's wish; one year is what browsers need to keep a site on HTTPS. */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

/** Answers of the server's own API: never stored by a browser or a shared cache (they carry private data). */
const noStorePrefixes = ['/api', '/auth'];
const isNoStorePath = (url: string) => {
  const pathname = url.split('?')[0] ?? '';
  return noStorePrefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
};

export interface SecurityHeadersOptions {
  allowStripe?: boolean;
  /** PUBLIC_URL: when it is https, every answer asks the browser to stay on HTTPS. */
  publicUrl?: string;
}

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions = {}): void {
  const policy = options.allowStripe ? stripeContentSecurityPolicy : contentSecurityPolicy;
  const publicHttps = options.publicUrl?.startsWith('https:') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    reply.headers({
      'Content-Security-Policy': policy,
      // Reset links carry their token in the path; no-referrer keeps it from leaking to other sites.
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
    // request.protocol believes X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY), so a TLS-terminating
    // proxy in front still gets HSTS, and a client cannot ask for it over plain HTTP.
    if (publicHttps || request.protocol === 'https') {
      reply.header('Strict-Transport-Security', strictTransportSecurity);
    }
    // Set first, so a route with its own policy (content-addressed images, a year long) still sets it.
    if (isNoStorePath(request.url)) reply.header('Cache-Control', 'no-store');
  });
}
