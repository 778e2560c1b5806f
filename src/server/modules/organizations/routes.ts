import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminOrganizationsPage, adminOrganizationsQuery } from '../../../contract/http/admin';
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
import { causeOf, realtimeEvent } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { createOrganizationsService } from './service';

const organizationParams = z.object({ id: idSchema });
const collaboratorParams = z.object({ id: idSchema, userId: idSchema });

/**
 * /api/organizations/* (inside the /api scope: every route needs a session). The static /organizations/all wins
 * over /organizations/:id in Fastify's router.
 *
 * Live events: a rename or a change of collaborators tells the organization's members (OrganizationUpdated). A new
 * member's sockets join the organization's room and a removed one's leave it before the answer.
 */
export function registerOrganizationsRoutes(app: FastifyInstance, context: ServerContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createOrganizationsService(context);
  const realtime = context.realtime ?? noRealtime;

  function organizationUpdated(request: FastifyRequest, organizationId: string): void {
    const cause = causeOf(request);
    void service
      .forEveryMember(organizationId)
      .then((organization) =>
        realtime.emitToOrganization(
          organizationId,
          realtimeEvent('OrganizationUpdated', { organizationId, organization }, cause),
        ),
      )
      .catch((error: unknown) =>
        context.log.warn({ err: error, organizationId }, 'OrganizationUpdated not sent'),
      );
  }

  routes.get(
    '/organizations',
    { schema: { response: { 200: organizationListResponse } } },
    async (request) => ({
      data: await service.listMine(signedInUser(request)),
    }),
  );

  routes.get(
    '/organizations/all',
    { schema: { querystring: adminOrganizationsQuery, response: { 200: adminOrganizationsPage } } },
    async (request) => service.listAll(signedInUser(request), request.query),
  );

  routes.post(
    '/organizations',
    { schema: { body: createOrganizationBody, response: { 201: organizationSchema } } },
    async (request, reply) => {
      const user = signedInUser(request);
      const organization = await service.create(user, request.body.name);
      realtime.joinOrganization(user.id, organization._id);
      return reply.code(201).send(organization);
    },
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
    async (request) => {
      const organization = await service.update(signedInUser(request), request.params.id, request.body);
      organizationUpdated(request, organization._id);
      return organization;
    },
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
    async (request, reply) => {
      const organization = await service.addCollaborator(
        signedInUser(request),
        request.params.id,
        request.body,
      );
      const address = request.body.emailAddress.toLowerCase();
      const added = organization.collaborators.find((c) => c.user.emailAddress.toLowerCase() === address);
      if (added) realtime.joinOrganization(added.user._id, organization._id);
      organizationUpdated(request, organization._id);
      return reply.code(201).send(organization);
    },
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
    async (request) => {
      const organization = await service.updateCollaborator(
        signedInUser(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      );
      organizationUpdated(request, organization._id);
      return organization;
    },
  );

  routes.delete(
    '/organizations/:id/collaborators/:userId',
    { schema: { params: collaboratorParams } },
    async (request, reply) => {
      const { id, userId } = request.params;
      await service.removeCollaborator(signedInUser(request), id, userId);
      realtime.leaveOrganization(userId, id.trim());
      organizationUpdated(request, id.trim());
      return reply.code(204).send();
    },
  );
}
