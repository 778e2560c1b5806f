import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addModelCollaboratorBody,
  cloneModelBody,
  createModelBody,
  imagesAndVersionsQuery,
  imagesAndVersionsResponse,
  listModelsQuery,
  modelListResponse,
  modelPermissionsResponse,
  modelRemovedResponse,
  modelSchema,
  updateModelBody,
  updateModelCollaboratorBody,
  updateModelCollaboratorByIdBody,
} from '../../../contract/http/models';
import { idSchema } from '../../../contract/http/names';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import { createModelsService } from './service';

const idParams = z.object({ id: idSchema });
const collaboratorParams = z.object({ id: idSchema, userId: idSchema });

/**
 * /api/models/* but the version data routes (inside the /api scope). The static
 * /models/imagesAndVersionsByModelIds wins over /models/:id in Fastify's router.
 */
export function registerModelsRoutes(app: FastifyInstance, context: ServerContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createModelsService(context);

  routes.get(
    '/models',
    { schema: { querystring: listModelsQuery, response: { 200: modelListResponse } } },
    async (request) => {
      const query = request.query;
      return {
        data: await service.list(signedInUser(request).id, {
          images: query.getImages,
          versions: query.getVersions,
          reports: query.getReports,
          organizationId: query.organizationId,
        }),
      };
    },
  );

  routes.get(
    '/models/imagesAndVersionsByModelIds',
    { schema: { querystring: imagesAndVersionsQuery, response: { 200: imagesAndVersionsResponse } } },
    async (request) => ({
      data: await service.imagesAndVersions(signedInUser(request).id, request.query.modelIds),
    }),
  );

  // The spec writes POST /api/models/ with its slash; the browser may send either.
  for (const path of ['/models/', '/models']) {
    routes.post(
      path,
      { schema: { body: createModelBody, response: { 201: modelSchema } } },
      async (request, reply) => {
        reply.code(201);
        return service.create(signedInUser(request).id, request.body);
      },
    );
  }

  routes.get(
    '/models/:id',
    { schema: { params: idParams, response: { 200: modelSchema } } },
    async (request) => service.get(signedInUser(request).id, request.params.id),
  );

  routes.put(
    '/models/:id',
    { schema: { params: idParams, body: updateModelBody, response: { 200: modelSchema } } },
    async (request) => service.update(signedInUser(request).id, request.params.id, request.body),
  );

  routes.delete(
    '/models/:id',
    { schema: { params: idParams, response: { 200: modelRemovedResponse } } },
    async (request) => service.remove(signedInUser(request).id, request.params.id),
  );

  routes.post(
    '/models/:id/clone',
    { schema: { params: idParams, body: cloneModelBody.nullish(), response: { 201: modelSchema } } },
    async (request, reply) => {
      reply.code(201);
      // Fastify hands over null when there is no body; cloning needs nothing else.
      return service.clone(signedInUser(request).id, request.params.id, request.body ?? {});
    },
  );

  routes.post(
    '/models/:id/collaborators',
    {
      schema: {
        params: idParams,
        body: addModelCollaboratorBody,
        response: { 201: modelPermissionsResponse },
      },
    },
    async (request, reply) => {
      reply.code(201);
      const { emailAddress, type } = request.body;
      return service.addCollaborator(signedInUser(request).id, request.params.id, emailAddress, type);
    },
  );

  routes.put(
    '/models/:id/collaborators',
    {
      schema: {
        params: idParams,
        body: updateModelCollaboratorByIdBody,
        response: { 200: modelPermissionsResponse },
      },
    },
    async (request) => {
      const { userId, type } = request.body;
      return service.changeCollaborator(signedInUser(request).id, request.params.id, userId, type);
    },
  );

  routes.put(
    '/models/:id/collaborators/:userId',
    {
      schema: {
        params: collaboratorParams,
        body: updateModelCollaboratorBody,
        response: { 200: modelPermissionsResponse },
      },
    },
    async (request) =>
      service.changeCollaborator(
        signedInUser(request).id,
        request.params.id,
        request.params.userId,
        request.body.type,
      ),
  );

  routes.delete(
    '/models/:id/collaborators/:userId',
    { schema: { params: collaboratorParams, response: { 200: modelPermissionsResponse } } },
    async (request) =>
      service.removeCollaborator(signedInUser(request).id, request.params.id, request.params.userId),
  );
}
