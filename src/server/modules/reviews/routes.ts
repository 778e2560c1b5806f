import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyReviewBody, applyReviewResponse } from '../../../contract/http/reviews';
import { idSchema } from '../../../contract/http/names';
import type { DerivedCache } from '../../blobs/derivedCache';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import { causeOf } from '../../realtime/events';
import { createReviewsService } from './service';

const reviewParams = z.object({ id: idSchema, reviewId: idSchema });

/** GET, POST …/apply and DELETE /api/models/{id}/reviews/{reviewId} (issue #7; in /api). */
export function registerReviewsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  deps: { derived: DerivedCache },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createReviewsService(context, deps);

  // No response schema, like GET …/data/diff: the review's diff is cached JSON text, streamed as it is; the tests
  // parse every answer with reviewResponse.
  routes.get('/models/:id/reviews/:reviewId', { schema: { params: reviewParams } }, async (request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send(await service.get(signedInUser(request).id, request.params.id, request.params.reviewId)),
  );

  routes.post(
    '/models/:id/reviews/:reviewId/apply',
    { schema: { params: reviewParams, body: applyReviewBody, response: { 201: applyReviewResponse } } },
    async (request, reply) => {
      const version = await service.apply(
        signedInUser(request).id,
        request.params.id,
        request.params.reviewId,
        request.body,
        causeOf(request),
      );
      return reply.code(201).send(version);
    },
  );

  routes.delete(
    '/models/:id/reviews/:reviewId',
    { schema: { params: reviewParams, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => service.discard(signedInUser(request).id, request.params.id, request.params.reviewId),
  );
}
