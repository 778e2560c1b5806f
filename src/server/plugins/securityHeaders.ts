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

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers({
      'Content-Security-Policy': contentSecurityPolicy,
      // Reset links carry their token in the path; no-referrer keeps it from leaking to other sites.
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
