import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownMessages } from '../../../contract/errors';
import { jobSchema } from '../../../contract/http/jobs';
import { idSchema } from '../../../contract/http/names';
import { uploadFieldsSchema, uploadResponse } from '../../../contract/http/versions';
import type { BlobStore } from '../../blobs/blobStore';
import type { ServerContext } from '../../context';
import type { JobRunner } from '../../jobs/runner';
import { signedInUser } from '../../plugins/auth';
import { causeOf } from '../../realtime/events';
import type { JobsService } from '../jobs/service';
import { createUploadsService } from './service';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * POST /api/v2/uploads and GET /api/v2/uploads/{jobId} (inside the /api scope). The upload's body is the file
 * as a raw stream: this scope passes application/octet-stream bodies through unread, so the service streams
 * them to the blob store under its own size limit instead of the app's 1 MiB JSON limit.
 */
export function registerUploadsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  deps: { blobs: BlobStore; runner: JobRunner; jobs: JobsService },
): void {
  const service = createUploadsService(context, deps);
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_request, _payload, done) =>
      done(null, undefined),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/v2/uploads',
      { schema: { querystring: uploadFieldsSchema, response: { 200: uploadResponse, 202: uploadResponse } } },
      async (request, reply) => {
        const user = signedInUser(request);
        const declared = header(request.headers['content-length']);
        const accepted = await service.start({
          userId: user.id,
          fields: request.query,
          fileNameHeader: header(request.headers['x-file-name']),
          idempotencyKey: header(request.headers['idempotency-key']),
          declaredBytes: declared === undefined ? undefined : Number(declared),
          body: request.raw,
          cause: causeOf(request),
        });
        return reply.code(accepted.status).send(accepted.job);
      },
    );

    routes.get(
      '/v2/uploads/:jobId',
      { schema: { params: z.object({ jobId: idSchema }), response: { 200: jobSchema } } },
      // Kept for clients older than GET /api/jobs/{jobId}: the same answer, with the upload's wording.
      async (request) =>
        deps.jobs.get(signedInUser(request).id, request.params.jobId, ownMessages.uploadNotFound),
    );
  });
}
