import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SUPPORT_REQUEST_BODY_MAX_BYTES,
  createSupportRequestBody,
  createSupportRequestResponse,
} from '../../../contract/http/requests';
import { signedInUser } from '../../plugins/auth';
import type { RequestsService } from './service';

/**
 * POST /api/v2/requests (inside the /api scope: signed-in users only). The body may carry a 2 MB screenshot as
 * base64, so this route's body limit is SUPPORT_REQUEST_BODY_MAX_BYTES instead of the app's 1 MiB.
 */
export function registerRequestsRoutes(app: FastifyInstance, deps: { service: RequestsService }): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/v2/requests',
    {
      bodyLimit: SUPPORT_REQUEST_BODY_MAX_BYTES,
      schema: { body: createSupportRequestBody, response: { 201: createSupportRequestResponse } },
    },
    async (request, reply) =>
      reply.code(201).send(await deps.service.create(signedInUser(request), request.body)),
  );
}
