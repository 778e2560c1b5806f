import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownMessages } from '../../../contract/errors';
import {
  apiTokenListResponse,
  createApiTokenBody,
  createdApiTokenResponse,
  revokedApiTokenResponse,
} from '../../../contract/http/apiTokens';
import { idSchema } from '../../../contract/http/names';
import { HttpError } from '../../httpError';
import { signedInUser } from '../../plugins/auth';
import type { ApiTokensService } from './service';

/**
 * A route onRequest hook (it runs after the scope's requireSession, before the body is read or validated): a
 * request an API token authenticated is refused with 401, so a leaked token cannot mint more tokens or revoke
 * its owner's others (401, not 403, which the browser would read as the end of its session).
 */
async function browserSessionOnly(request: FastifyRequest): Promise<void> {
  if (request.apiTokenId !== null) throw new HttpError(401, ownMessages.apiTokenNeedsSession);
}

/**
 * /api/users/me/tokens (inside the /api scope, so every route needs a session): list, create (the secret is in
 * this one answer), revoke. The static `me` segment wins over /users/:id in Fastify's router.
 */
export function registerApiTokensRoutes(app: FastifyInstance, { service }: { service: ApiTokensService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users/me/tokens',
    { onRequest: browserSessionOnly, schema: { response: { 200: apiTokenListResponse } } },
    async (request) => ({ data: await service.list(signedInUser(request).id) }),
  );

  routes.post(
    '/users/me/tokens',
    {
      onRequest: browserSessionOnly,
      schema: { body: createApiTokenBody, response: { 201: createdApiTokenResponse } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const created = await service.create(user.id, request.body);
      // The secret must not stay in a proxy's or the browser's cache.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  routes.delete(
    '/users/me/tokens/:tokenId',
    {
      onRequest: browserSessionOnly,
      schema: {
        params: z.object({ tokenId: idSchema }),
        response: { 200: revokedApiTokenResponse },
      },
    },
    async (request) => service.revoke(signedInUser(request).id, request.params.tokenId),
  );
}
