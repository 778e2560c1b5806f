import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  filterBody,
  filterListQuery,
  filterListResponse,
  filterSchema,
} from '../../../contract/http/filters';
import { idSchema } from '../../../contract/http/names';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import { createFiltersService, type FilterTarget } from './service';

const scopeParams = z.object({ id: idSchema });
const filterParams = z.object({ id: idSchema, filterId: idSchema });

/**
 * /api/organizations/{id}/filters and /api/models/{id}/filters (inside the /api scope). Both scopes share one
 * set of handlers; POST answers 201 with the filter, PUT 200 with it, DELETE 204.
 */
export function registerFiltersRoutes(app: FastifyInstance, context: ServerContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createFiltersService(context);

  for (const kind of ['organization', 'model'] as const) {
    const base = kind === 'organization' ? '/organizations/:id/filters' : '/models/:id/filters';
    const target = (id: string): FilterTarget => ({ kind, id });

    routes.get(
      base,
      {
        schema: { params: scopeParams, querystring: filterListQuery, response: { 200: filterListResponse } },
      },
      async (request) =>
        service.list(signedInUser(request), target(request.params.id), request.query.fromWebUI),
    );

    routes.post(
      base,
      { schema: { params: scopeParams, body: filterBody, response: { 201: filterSchema } } },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.create(signedInUser(request), target(request.params.id), request.body)),
    );

    routes.put(
      `${base}/:filterId`,
      { schema: { params: filterParams, body: filterBody, response: { 200: filterSchema } } },
      async (request) =>
        service.update(
          signedInUser(request),
          target(request.params.id),
          request.params.filterId,
          request.body,
        ),
    );

    routes.delete(`${base}/:filterId`, { schema: { params: filterParams } }, async (request, reply) => {
      await service.remove(signedInUser(request), target(request.params.id), request.params.filterId);
      return reply.code(204).send();
    });
  }
}
