import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contract/http/names';
import {
  addOrganizationCollaboratorBody,
  createOrganizationBody,
  organizationListResponse,
  organizationSchema,
  updateOrganizationBody,
  updateOrganizationCollaboratorBody,
} from '../../../contract/http/organizations';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import { createOrganizationsService } from './service';

const organizationParams = z.object({ id: idSchema });
const collaboratorParams = z.object({ id: idSchema, userId: idSchema });

/**
 * /api/organizations/* (inside the /api scope: every route needs a session). The static /organizations/all wins
 * over /organizations/:id in Fastify's router.
 */
export function registerOrganizationsRoutes(app: FastifyInstance, context: ServerContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createOrganizationsService(context);

  routes.get(
    '/organizations',
    { schema: { response: { 200: organizationListResponse } } },
    async (request) => ({
      data: await service.listMine(signedInUser(request)),
    }),
  );

  routes.get(
    '/organizations/all',
    { schema: { response: { 200: organizationListResponse } } },
    async (request) => ({
      data: await service.listAll(signedInUser(request)),
    }),
  );

  routes.post(
    '/organizations',
    { schema: { body: createOrganizationBody, response: { 201: organizationSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.create(signedInUser(request), request.body.name)),
  );

  routes.get(
    '/organizations/:id',
    { schema: { params: organizationParams, response: { 200: organizationSchema } } },
    async (request) => service.get(signedInUser(request), request.params.id),
  );

  routes.put(
    '/organizations/:id',
    {
      schema: {
        params: organizationParams,
        body: updateOrganizationBody,
        response: { 200: organizationSchema },
      },
    },
    async (request) => service.update(signedInUser(request), request.params.id, request.body),
  );

  routes.post(
    '/organizations/:id/collaborators',
    {
      schema: {
        params: organizationParams,
        body: addOrganizationCollaboratorBody,
        response: { 201: organizationSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.addCollaborator(signedInUser(request), request.params.id, request.body)),
  );

  routes.put(
    '/organizations/:id/collaborators/:userId',
    {
      schema: {
        params: collaboratorParams,
        body: updateOrganizationCollaboratorBody,
        response: { 200: organizationSchema },
      },
    },
    async (request) =>
      service.updateCollaborator(
        signedInUser(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
  );

  routes.delete(
    '/organizations/:id/collaborators/:userId',
    { schema: { params: collaboratorParams } },
    async (request, reply) => {
      await service.removeCollaborator(signedInUser(request), request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );
}
