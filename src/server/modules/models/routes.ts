import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addModelCollaboratorBody,
  cloneModelBody,
  createModelBody,
  imagesAndVersionsQuery,
  imagesAndVersionsResponse,
  listModelsQuery,
  modelPermissionsResponse,
  modelRemovedResponse,
  modelSchema,
  type UpdateModelBody,
  updateModelBody,
  updateModelCollaboratorBody,
  updateModelCollaboratorByIdBody,
} from '../../../contract/http/models';
import { idSchema } from '../../../contract/http/names';
import type { ModelUpdateKind } from '../../../contract/realtime';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import { causeOf, realtimeEvent } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { createBillingService } from '../billing/service';
import { modelNameOf, publishModelUpdated } from './modelEvents';
import { createModelsService } from './service';

const idParams = z.object({ id: idSchema });
const collaboratorParams = z.object({ id: idSchema, userId: idSchema });

/**
 * /api/models/* but the version data routes (inside the /api scope). The static
 * /models/imagesAndVersionsByModelIds wins over /models/:id in Fastify's router.
 *
 * Live events: a change to a model's name, units or collaborators tells everyone who can see it (ModelUpdated,
 * LIMITEDVIEW included); a delete tells those who could see it just before (ModelRemoved); a clone tells the
 * cloning user (ModelCloned). Room changes are made before the answer: a collaborator removed hears nothing more.
 */
export function registerModelsRoutes(app: FastifyInstance, context: ServerContext): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const billing = createBillingService(context);
  const service = createModelsService(context, { paidModelsChanged: billing.syncQuietly });
  const realtime = context.realtime ?? noRealtime;

  function modelUpdated(
    request: FastifyRequest,
    modelId: string,
    change: ModelUpdateKind,
    previousName?: string,
  ): Promise<void> {
    return publishModelUpdated(
      context.db,
      realtime,
      modelId,
      { change, previousName },
      causeOf(request),
    ).catch((error: unknown) => request.log.warn({ err: error, modelId }, 'Could not publish ModelUpdated'));
  }

  /** What a PUT /models/{id} changed, for its toast: a rename first, then roles, units, plan. */
  function updateKindOf(body: UpdateModelBody): ModelUpdateKind {
    if (body.name !== undefined) return 'renamed';
    if ((body.permissions ?? []).length > 0) return 'rolesChanged';
    if (body.settings !== undefined) return 'unitsChanged';
    return 'planChanged';
  }

  // No response schema: the models page asks this for every model with its versions, and checking the whole
  // answer against zod again cost as much as building it (issue #22's load figures). assemble() is typed with
  // the contract's Model, and models.test.ts parses every list answer with modelListResponse. The answer is
  // JSON text, as the list cache keeps it.
  routes.get('/models', { schema: { querystring: listModelsQuery } }, async (request, reply) => {
    const query = request.query;
    const answer = await service.listAnswer(signedInUser(request).id, {
      images: query.getImages,
      versions: query.getVersions,
      reports: query.getReports,
      organizationId: query.organizationId,
    });
    return reply.type('application/json; charset=utf-8').send(answer);
  });

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
        const model = await service.create(signedInUser(request).id, request.body);
        await realtime.syncModelRoom(model._id);
        return model;
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
    async (request) => {
      // Read before the update, for the toast's 'renamed X to Y'.
      const previousName =
        request.body.name === undefined ? undefined : await modelNameOf(context.db, request.params.id);
      const model = await service.update(signedInUser(request).id, request.params.id, request.body);
      if ((request.body.permissions ?? []).length > 0) await realtime.syncModelRoom(model._id);
      await modelUpdated(request, model._id, updateKindOf(request.body), previousName);
      return model;
    },
  );

  routes.delete(
    '/models/:id',
    { schema: { params: idParams, response: { 200: modelRemovedResponse } } },
    async (request) => {
      const modelId = request.params.id;
      // The permissions go with the model: who could see it is read before, and its name for the toast.
      const audience = await realtime.modelAudience(modelId);
      const modelName = await modelNameOf(context.db, modelId);
      const removed = await service.remove(signedInUser(request).id, modelId);
      realtime.closeModelRoom(modelId);
      void realtime.publish(
        audience.map((userId) => ({ kind: 'user' as const, userId })),
        realtimeEvent(
          'ModelRemoved',
          { modelId, ...(modelName === undefined ? {} : { modelName }) },
          causeOf(request),
        ),
      );
      return removed;
    },
  );

  routes.post(
    '/models/:id/clone',
    { schema: { params: idParams, body: cloneModelBody.nullish(), response: { 201: modelSchema } } },
    async (request, reply) => {
      reply.code(201);
      // Fastify hands over null when there is no body; cloning needs nothing else.
      const user = signedInUser(request);
      const model = await service.clone(user.id, request.params.id, request.body ?? {});
      await realtime.syncModelRoom(model._id);
      void realtime.emitToUser(user.id, realtimeEvent('ModelCloned', { model }, causeOf(request)));
      return model;
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
      const modelId = request.params.id;
      const answer = await service.addCollaborator(signedInUser(request), modelId, emailAddress, type);
      await realtime.syncModelRoom(modelId);
      await modelUpdated(request, modelId, 'collaboratorAdded');
      return answer;
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
      const answer = await service.changeCollaborator(
        signedInUser(request).id,
        request.params.id,
        userId,
        type,
      );
      await modelUpdated(request, request.params.id, 'rolesChanged');
      return answer;
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
    async (request) => {
      const answer = await service.changeCollaborator(
        signedInUser(request).id,
        request.params.id,
        request.params.userId,
        request.body.type,
      );
      await modelUpdated(request, request.params.id, 'rolesChanged');
      return answer;
    },
  );

  routes.delete(
    '/models/:id/collaborators/:userId',
    { schema: { params: collaboratorParams, response: { 200: modelPermissionsResponse } } },
    async (request) => {
      const { id: modelId, userId } = request.params;
      const answer = await service.removeCollaborator(signedInUser(request).id, modelId, userId);
      realtime.leaveModel(userId, modelId);
      await modelUpdated(request, modelId, 'collaboratorRemoved');
      return answer;
    },
  );
}
