import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pluginListResponse, pluginParams } from '../../../contract/http/plugins';
import type { PluginsService } from './service';

/**
 * GET /api/plugins and GET /api/plugins/{id}, inside the /api scope: signed-in users only, like the rest of the
 * API (403 without a session). A download is an attachment under its catalogue file name.
 */
export function registerPluginsRoutes(app: FastifyInstance, deps: { service: PluginsService }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/plugins', { schema: { response: { 200: pluginListResponse } } }, async () => ({
    plugins: await deps.service.list(),
  }));
  routes.get('/plugins/:id', { schema: { params: pluginParams } }, async (request, reply) => {
    const file = await deps.service.download(request.params.id);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'private, no-cache')
      .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
  });
}
