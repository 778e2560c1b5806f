import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUserRowSchema,
  adminUsersPage,
  adminUsersQuery,
  fuzzySearchQuery,
  fuzzySearchResponse,
  updateTestingGroupBody,
} from '../../../contract/http/admin';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import { adminOnly } from './guard';
import { createAdminService } from './service';

/**
 * The internal admin area's account routes (inside the /api scope: a session is required; non-admins get 401).
 * The spec writes fuzzySearch/ and updateTestingGroup/ with a trailing slash; Fastify treats the two spellings
 * as different routes, so both are registered. Static segments win over /users/:id in the router.
 */
export function registerAdminRoutes(app: FastifyInstance, context: ServerContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createAdminService(context);
  const onRequest = adminOnly(context.config);

  routes.get(
    '/users/all',
    { onRequest, schema: { querystring: adminUsersQuery, response: { 200: adminUsersPage } } },
    async (request) => service.listUsers(signedInUser(request), request.query),
  );

  for (const url of ['/users/fuzzySearch/', '/users/fuzzySearch']) {
    routes.get(
      url,
      { onRequest, schema: { querystring: fuzzySearchQuery, response: { 200: fuzzySearchResponse } } },
      async (request) => ({
        data: await service.fuzzySearch(signedInUser(request), request.query.searchTerm),
      }),
    );
  }

  for (const url of ['/users/updateTestingGroup/', '/users/updateTestingGroup']) {
    routes.post(
      url,
      { onRequest, schema: { body: updateTestingGroupBody, response: { 200: adminUserRowSchema } } },
      async (request) =>
        service.setTestingGroup(
          signedInUser(request),
          request.body.data.userId,
          request.body.data.testingGroup,
        ),
    );
  }
}
