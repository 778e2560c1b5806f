import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diffQuery } from '../../../contract/http/compare';
import { idSchema } from '../../../contract/http/names';
import { signedInUser } from '../../plugins/auth';
import type { VersionPair } from './diffStore';
import { diffAnswerJson, type CompareService, type DiffAnswer } from './service';

const modelParams = z.object({ id: idSchema });

/** 200 with the diff (or the failure told once), 202 while a job computes it; the body is JSON text. */
export function sendDiffAnswer(reply: FastifyReply, pair: VersionPair, answer: DiffAnswer) {
  return reply
    .code(answer.status === 'queued' || answer.status === 'running' ? 202 : 200)
    .type('application/json; charset=utf-8')
    .send(diffAnswerJson(pair, answer));
}

/**
 * GET /api/models/{id}/data/diff?from&to (contract/http/compare.ts). No response schema, like minimal: the
 * diff is cached JSON text that can list 100k changes; the compare tests parse every answer with diffResponse.
 */
export function registerCompareRoutes(app: FastifyInstance, deps: { service: CompareService }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;

  routes.get(
    '/models/:id/data/diff',
    { schema: { params: modelParams, querystring: diffQuery } },
    async (request, reply) => {
      const { from, to, lengthTolerance, relativeTolerance } = request.query;
      const pair: VersionPair = { modelId: request.params.id, fromVersionId: from, toVersionId: to };
      const answer = await service.diff(signedInUser(request).id, pair, {
        lengthTolerance,
        relativeTolerance,
      });
      return sendDiffAnswer(reply, pair, answer);
    },
  );
}
