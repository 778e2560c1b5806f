import type { FastifyInstance } from 'fastify';
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
import { browserSessionOnly, signedInUser } from '../../plugins/auth';
import type { ApiTokensService } from './service';

/** Tokens are managed from the web app only (see browserSessionOnly). */
const sessionOnly = browserSessionOnly(ownMessages.apiTokenNeedsSession);

/**
 * /api/users/me/tokens (inside the /api scope, so every route needs a session): list, create (the secret is in
 * this one answer), revoke. The static `me` segment wins over /users/:id in Fastify's router.
 */
export function registerApiTokensRoutes(app: FastifyInstance, { service }: { service: ApiTokensService }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/users/me/tokens',
    { onRequest: sessionOnly, schema: { response: { 200: apiTokenListResponse } } },
    async (request) => ({ data: await service.list(signedInUser(request).id) }),
  );

  routes.post(
    '/users/me/tokens',
    {
      onRequest: sessionOnly,
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
      onRequest: sessionOnly,
      schema: {
        params: z.object({ tokenId: idSchema }),
        response: { 200: revokedApiTokenResponse },
      },
    },
    async (request) => service.revoke(signedInUser(request).id, request.params.tokenId),
  );
}
