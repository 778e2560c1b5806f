import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dxfExportResponse, dxfQuery } from '../../../contract/http/dxf';
import { idSchema } from '../../../contract/http/names';
import { signedInUser } from '../../plugins/auth';
import type { DxfService } from './service';

const modelParams = z.object({ id: idSchema });
const fileParams = z.object({ id: idSchema, versionId: idSchema });

/** A Content-Disposition that survives any model name (the ASCII name, and the UTF-8 one for browsers). */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * DXF export (issue #9; contract/http/dxf.ts): the spec's `GET /api/models/{id}/data/dxf/` with `ID`, answering
 * 200 with the download or 202 with the job, and the file route it names.
 */
export function registerDxfRoutes(app: FastifyInstance, deps: { service: DxfService }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;

  // The spec writes the path with its slash; without it is the same call.
  for (const path of ['/models/:id/data/dxf/', '/models/:id/data/dxf']) {
    routes.get(
      path,
      {
        schema: {
          params: modelParams,
          querystring: dxfQuery,
          response: { 200: dxfExportResponse, 202: dxfExportResponse },
        },
      },
      async (request, reply) => {
        const answer = await service.request(signedInUser(request).id, request.params.id, request.query.ID);
        return reply.code(answer.status === 'queued' || answer.status === 'running' ? 202 : 200).send(answer);
      },
    );
  }

  routes.get(
    '/models/:id/data/dxf/:versionId/file',
    { schema: { params: fileParams } },
    async (request, reply) => {
      const file = await service.file(signedInUser(request).id, request.params.id, request.params.versionId);
      return reply
        .type('application/dxf')
        .header('content-disposition', attachment(file.fileName))
        .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
    },
  );
}
