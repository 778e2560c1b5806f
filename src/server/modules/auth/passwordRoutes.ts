import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownMessages } from '../../../contract/errors';
import { changePasswordBody } from '../../../contract/http/users';
import { browserSessionOnly, signedInUser } from '../../plugins/auth';
import type { PasswordService } from './passwordService';

/**
 * PUT /api/users/password (inside the /api scope). Answers 204; the client shows 'Password updated'. Not with an
 * API token: the password is what takes an account back, so a token must not be able to change it.
 */
export function registerPasswordRoutes(app: FastifyInstance, deps: { service: PasswordService }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = browserSessionOnly(ownMessages.apiTokenCannotChangePassword);
  routes.put(
    '/users/password',
    { onRequest, schema: { body: changePasswordBody } },
    async (request, reply) => {
      const user = signedInUser(request);
      if (!request.sessionTokenHash) throw new Error('/users/password is not behind requireSession');
      await deps.service.change(
        user,
        request.sessionTokenHash,
        request.body.currentPassword,
        request.body.newPassword,
      );
      return reply.code(204).send();
    },
  );
}
