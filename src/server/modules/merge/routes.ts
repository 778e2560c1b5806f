import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mergeBody, mergeResponse } from '../../../contract/http/merge';
import { idSchema } from '../../../contract/http/names';
import type { ServerContext } from '../../context';
import type { JobRunner } from '../../jobs/runner';
import { signedInUser } from '../../plugins/auth';
import { causeOf } from '../../realtime/events';
import { createMergeService } from './service';

const modelParams = z.object({ id: idSchema });

/** POST /api/models/{id}/merge/preview and POST /api/models/{id}/merge (issue #7; in /api). */
export function registerMergeRoutes(
  app: FastifyInstance,
  context: ServerContext,
  deps: { runner: JobRunner },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createMergeService(context, deps);

  // No response schema, like GET …/data/diff: the preview is JSON text made off the event loop (it can list 100k
  // changes); the merge tests parse every answer with mergePreviewResponse.
  routes.post(
    '/models/:id/merge/preview',
    { schema: { params: modelParams, body: mergeBody } },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send(await service.preview(signedInUser(request).id, request.params.id, request.body)),
  );

  routes.post(
    '/models/:id/merge',
    { schema: { params: modelParams, body: mergeBody, response: { 202: mergeResponse } } },
    async (request, reply) => {
      const job = await service.start(
        signedInUser(request).id,
        request.params.id,
        request.body,
        causeOf(request),
      );
      return reply.code(202).send(job);
    },
  );
}
