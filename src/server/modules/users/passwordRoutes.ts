import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { changePasswordBody } from '../../../contract/http/users';
import { signedInUser } from '../../plugins/auth';
import type { PasswordService } from './passwordService';

/** PUT /api/users/password (inside the /api scope). Answers 204; the client shows 'Password updated'. */
export function registerPasswordRoutes(app: FastifyInstance, deps: { service: PasswordService }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.put('/users/password', { schema: { body: changePasswordBody } }, async (request, reply) => {
    const user = signedInUser(request);
    if (!request.sessionTokenHash) throw new Error('/users/password is not behind requireSession');
    await deps.service.change(
      user,
      request.sessionTokenHash,
      request.body.currentPassword,
      request.body.newPassword,
    );
    return reply.code(204).send();
  });
}
