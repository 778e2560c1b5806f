import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '../../../contract/http/names';
import {
  resultsDiagramsQuery,
  resultsDiagramsSchema,
  resultsDiffQuery,
  resultsDiffSchema,
  resultsDisplacementsQuery,
  resultsDisplacementsSchema,
  resultsDriftsQuery,
  resultsDriftsSchema,
  resultsSummarySchema,
  resultsUploadQuery,
  resultsValuesQuery,
  resultsValuesSchema,
} from '../../../contract/http/results';
import type { BlobStore } from '../../blobs/blobStore';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import { causeOf } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { publishModelUpdated } from '../models/modelEvents';
import { createResultsService } from './service';

const versionParams = z.object({ id: idSchema, versionId: idSchema });
const base = '/models/:id/data/versions/:versionId/results';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Analysis results on a version (issue #25; contract/http/results.ts; in /api). */
export function registerResultsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  deps: { blobs: BlobStore },
): void {
  const service = createResultsService(context, deps);
  void app.register(async (scope) => {
    // The body is the file itself, streamed to the blob store by the service.
    scope.addContentTypeParser('application/octet-stream', (_request, _payload, done) =>
      done(null, undefined),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.put(
      base,
      {
        schema: {
          params: versionParams,
          querystring: resultsUploadQuery,
          response: { 200: resultsSummarySchema },
        },
      },
      async (request) => {
        const declared = header(request.headers['content-length']);
        const summary = await service.upload({
          userId: signedInUser(request).id,
          modelId: request.params.id,
          versionId: request.params.versionId,
          fileName: request.query.fileName,
          units: request.query.units,
          declaredBytes: declared === undefined ? undefined : Number(declared),
          body: request.raw,
        });
        // Whoever has the model open learns of them; a viewer of this version shows them at once.
        await publishModelUpdated(
          context.db,
          context.realtime ?? noRealtime,
          request.params.id,
          { change: 'resultsAdded', versionId: request.params.versionId },
          causeOf(request),
        ).catch((error: unknown) =>
          request.log.warn({ err: error, modelId: request.params.id }, 'Could not publish ModelUpdated'),
        );
        return summary;
      },
    );

    routes.get(
      base,
      { schema: { params: versionParams, response: { 200: resultsSummarySchema } } },
      async (request) =>
        service.summary(signedInUser(request).id, request.params.id, request.params.versionId),
    );

    routes.get(
      `${base}/values`,
      {
        schema: {
          params: versionParams,
          querystring: resultsValuesQuery,
          response: { 200: resultsValuesSchema },
        },
      },
      async (request) =>
        service.values(signedInUser(request).id, request.params.id, request.params.versionId, request.query),
    );

    routes.get(
      `${base}/diagrams`,
      {
        schema: {
          params: versionParams,
          querystring: resultsDiagramsQuery,
          response: { 200: resultsDiagramsSchema },
        },
      },
      async (request) =>
        service.diagrams(
          signedInUser(request).id,
          request.params.id,
          request.params.versionId,
          request.query,
        ),
    );

    routes.get(
      `${base}/drifts`,
      {
        schema: {
          params: versionParams,
          querystring: resultsDriftsQuery,
          response: { 200: resultsDriftsSchema },
        },
      },
      async (request) =>
        service.drifts(signedInUser(request).id, request.params.id, request.params.versionId, request.query),
    );

    routes.get(
      `${base}/displacements`,
      {
        schema: {
          params: versionParams,
          querystring: resultsDisplacementsQuery,
          response: { 200: resultsDisplacementsSchema },
        },
      },
      async (request) =>
        service.displacements(
          signedInUser(request).id,
          request.params.id,
          request.params.versionId,
          request.query,
        ),
    );

    routes.get(
      `${base}/diff`,
      {
        schema: {
          params: versionParams,
          querystring: resultsDiffQuery,
          response: { 200: resultsDiffSchema },
        },
      },
      async (request) =>
        service.diff(signedInUser(request).id, request.params.id, request.params.versionId, request.query),
    );
  });
}
