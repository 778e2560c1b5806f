import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages, ownMessages } from '../../../contract/errors';
import {
  forgotBody,
  loginBody,
  messageResponse,
  resetBody,
  signupBody,
  verifyBody,
} from '../../../contract/http/auth';
import { sessionResponse } from '../../../contract/http/users';
import { HttpError } from '../../httpError';
import type { RateLimits } from '../../plugins/rateLimit';
import type { AuthService } from './service';

export interface AuthRoutesDeps {
  service: AuthService;
  limits: RateLimits;
  requireSession: onRequestAsyncHookHandler;
  /** The apiTokens module's logout (app.ts hands it in; apiTokens builds on auth). */
  apiTokens: { logout(userId: string, tokenId: string): Promise<void> };
}

/** POST /auth/*: the contract of src/contract/http/auth.ts. Every limit is checked before any password hashing. */
export function registerAuthRoutes(
  app: FastifyInstance,
  { service, limits, requireSession, apiTokens }: AuthRoutesDeps,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/auth/signup',
    { schema: { body: signupBody, response: { 200: messageResponse } } },
    async (request) => {
      const email = request.body.emailAddress;
      await limits.signupPerIp.consume(request.ip);
      await limits.signupPerEmail.consume(email);
      await service.signup(email);
      return { message: ownMessages.confirmationEmailSent };
    },
  );

  routes.post(
    '/auth/verify',
    { schema: { body: verifyBody, response: { 201: sessionResponse } } },
    async (request, reply) => {
      const session = await service.verify(request.body);
      request.log.info({ event: 'auth.account.created', userId: session.user._id }, 'Account created');
      return reply.code(201).send(session);
    },
  );

  routes.post(
    '/auth/login',
    { schema: { body: loginBody, response: { 200: sessionResponse } } },
    async (request) => {
      const { emailAddress: email, password } = request.body;
      await limits.loginPerIp.consume(request.ip);
      // Failures count per account and address, so an attacker elsewhere cannot lock the owner out; across all
      // addresses they only start a growing pause (see docs/architecture.md, rate limits).
      await limits.loginFailures.check(email, request.ip);
      try {
        const session = await service.login(email, password);
        await limits.loginFailures.succeeded(email, request.ip);
        request.log.info({ event: 'auth.login', userId: session.user._id }, 'Login');
        return session;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 401) {
          request.log.warn({ event: 'auth.login.failed', email }, 'Login failed');
          // This failure is still answered 401; the 429 belongs to the next attempt, caught by check() above.
          await limits.loginFailures.failed(email, request.ip);
        }
        throw error;
      }
    },
  );

  routes.post(
    '/auth/forgot',
    { schema: { body: forgotBody, response: { 200: messageResponse } } },
    async (request) => {
      const email = request.body.emailAddress;
      await limits.forgotPerIp.consume(request.ip);
      await limits.forgotPerEmail.consume(email);
      await service.forgot(email);
      return { message: messages.resetEmailSent };
    },
  );

  routes.post(
    '/auth/reset',
    { schema: { body: resetBody, response: { 200: messageResponse } } },
    async (request) => {
      const email = await service.reset(request.body.token, request.body.password);
      // The new password is the owner's; failures an attacker piled up against the old one no longer count.
      await limits.loginFailures.reset(email, request.ip);
      request.log.info({ event: 'auth.password.reset', email }, 'Password reset; all sessions ended');
      return { message: ownMessages.passwordUpdated };
    },
  );

  /**
   * Ends the credential that made the request: the browser's session, or a personal API token (revoked, so a
   * script that logs out has really let go of its token; a 204 that left it working would mislead).
   */
  routes.post('/auth/logout', { onRequest: requireSession }, async (request, reply) => {
    if (request.apiTokenId !== null && request.user)
      await apiTokens.logout(request.user.id, request.apiTokenId);
    else if (request.sessionTokenHash) await service.logout(request.sessionTokenHash);
    return reply.code(204).send();
  });
}
