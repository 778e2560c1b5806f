import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contract/http/names';
import {
  commitRepairBody,
  commitRepairResponse,
  connectivityQuery,
  previewRepairBody,
  repairSceneBody,
  startRepairBody,
  startRepairResponse,
} from '../../../contract/http/repair';
import type { ServerContext } from '../../context';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { JobRunner } from '../../jobs/runner';
import { signedInUser } from '../../plugins/auth';
import { causeOf } from '../../realtime/events';
import { connectivityAnswerJson, createRepairService } from './service';

const modelParams = z.object({ id: idSchema });
const repairParams = z.object({ id: idSchema, repairId: idSchema });
const json = 'application/json; charset=utf-8';
/** Accepted lists name up to 1M operations (contract), far past the server's 1 MiB default. */
const acceptedBodyLimit = 32 * 1024 * 1024;

/**
 * Connectivity checks and repairs (issue #8; contract/http/repair.ts; in /api). The report, the plan, the
 * preview and the scene have no response schema, like diffs and scenes: they are JSON text that can list 100k
 * rows, built in a worker thread or read from the derived cache; repair.test.ts parses every answer with the
 * contract's schemas.
 */
export function registerRepairRoutes(
  app: FastifyInstance,
  context: ServerContext,
  deps: { derived: DerivedCache; runner: JobRunner },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createRepairService(context, deps);

  routes.get(
    '/models/:id/data/connectivity',
    { schema: { params: modelParams, querystring: connectivityQuery } },
    async (request, reply) => {
      const answer = await service.connectivity(signedInUser(request).id, request.params.id, request.query);
      return reply
        .code(answer.status === 'queued' || answer.status === 'running' ? 202 : 200)
        .type(json)
        .send(connectivityAnswerJson(answer));
    },
  );

  routes.post(
    '/models/:id/repairs',
    { schema: { params: modelParams, body: startRepairBody, response: { 202: startRepairResponse } } },
    async (request, reply) => {
      const started = await service.start(
        signedInUser(request).id,
        request.params.id,
        request.body,
        causeOf(request),
      );
      return reply.code(202).send(started);
    },
  );

  routes.get(
    '/models/:id/repairs/:repairId',
    { schema: { params: repairParams } },
    async (request, reply) => {
      const answer = await service.get(signedInUser(request).id, request.params.id, request.params.repairId);
      return reply.type(json).send(answer);
    },
  );

  routes.post(
    '/models/:id/repairs/:repairId/preview',
    { bodyLimit: acceptedBodyLimit, schema: { params: repairParams, body: previewRepairBody } },
    async (request, reply) => {
      const { id, repairId } = request.params;
      const answer = await service.preview(signedInUser(request).id, id, repairId, request.body.accepted);
      return reply.type(json).send(answer);
    },
  );

  routes.post(
    '/models/:id/repairs/:repairId/scene',
    { bodyLimit: acceptedBodyLimit, schema: { params: repairParams, body: repairSceneBody } },
    async (request, reply) => {
      const { id, repairId } = request.params;
      const answer = await service.scene(signedInUser(request).id, id, repairId, request.body.accepted);
      return reply.type(json).send(answer);
    },
  );

  routes.post(
    '/models/:id/repairs/:repairId/commit',
    {
      bodyLimit: acceptedBodyLimit,
      schema: { params: repairParams, body: commitRepairBody, response: { 202: commitRepairResponse } },
    },
    async (request, reply) => {
      const { id, repairId } = request.params;
      const job = await service.commit(
        signedInUser(request).id,
        id,
        repairId,
        request.body,
        causeOf(request),
      );
      return reply.code(202).send(job);
    },
  );

  routes.delete(
    '/models/:id/repairs/:repairId',
    { schema: { params: repairParams } },
    async (request, reply) => {
      await service.discard(signedInUser(request).id, request.params.id, request.params.repairId);
      return reply.code(204).send();
    },
  );
}
