import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jobSchema } from '../../../contract/http/jobs';
import { idSchema } from '../../../contract/http/names';
import { signedInUser } from '../../plugins/auth';
import type { JobsService } from './service';

/** GET /api/jobs/{jobId} (inside the /api scope): a job's status, stage and progress, for the screen following it. */
export function registerJobsRoutes(app: FastifyInstance, deps: { service: JobsService }): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/jobs/:jobId',
      { schema: { params: z.object({ jobId: idSchema }), response: { 200: jobSchema } } },
      async (request) => deps.service.get(signedInUser(request).id, request.params.jobId),
    );
}
