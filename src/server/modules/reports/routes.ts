import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReportBody,
  reportListResponse,
  reportResultsResponse,
  reportRemovedResponse,
  reportSchema,
  updateReportBody,
} from '../../../contract/http/reports';
import { idSchema } from '../../../contract/http/names';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import type { ModelUpdateKind } from '../../../contract/realtime';
import { causeOf } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { sendDiffAnswer } from '../compare/routes';
import { publishModelUpdated } from '../models/modelEvents';
import type { ReportsService } from './service';

const modelParams = z.object({ id: idSchema });
const reportParams = z.object({ id: idSchema, reportId: idSchema });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** RFC 6266: a plain ASCII name for every client, and the exact UTF-8 one for those that read filename*. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Reports (contract/http/compare.ts): list, create, update, delete, the report's diff and its workbook. A
 * create, update or delete tells everyone who can see the model (ModelUpdated, LIMITEDVIEW included, as for a
 * rename) so their lists and report counts refresh; READ and up are told which (publishModelUpdated).
 */
export function registerReportsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  deps: { service: ReportsService },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { service } = deps;
  const realtime = context.realtime ?? noRealtime;

  function modelUpdated(request: FastifyRequest, modelId: string, change: ModelUpdateKind): Promise<void> {
    return publishModelUpdated(context.db, realtime, modelId, { change }, causeOf(request)).catch(
      (error: unknown) => request.log.warn({ err: error, modelId }, 'Could not publish ModelUpdated'),
    );
  }

  routes.get(
    '/models/:id/reports',
    { schema: { params: modelParams, response: { 200: reportListResponse } } },
    async (request) => ({ data: await service.list(signedInUser(request).id, request.params.id) }),
  );

  routes.post(
    '/models/:id/reports',
    { schema: { params: modelParams, body: createReportBody, response: { 201: reportSchema } } },
    async (request, reply) => {
      const report = await service.create(signedInUser(request).id, request.params.id, request.body);
      await modelUpdated(request, request.params.id, 'reportAdded');
      return reply.code(201).send(report);
    },
  );

  routes.put(
    '/models/:id/reports/:reportId',
    { schema: { params: reportParams, body: updateReportBody, response: { 200: reportSchema } } },
    async (request) => {
      const { id, reportId } = request.params;
      const report = await service.update(signedInUser(request).id, id, reportId, request.body);
      await modelUpdated(request, id, 'reportChanged');
      return report;
    },
  );

  routes.delete(
    '/models/:id/reports/:reportId',
    { schema: { params: reportParams, response: { 200: reportRemovedResponse } } },
    async (request) => {
      const { id, reportId } = request.params;
      const removed = await service.remove(signedInUser(request).id, id, reportId);
      await modelUpdated(request, id, 'reportRemoved');
      return removed;
    },
  );

  // No response schema, like GET …/data/diff: cached JSON text.
  routes.get(
    '/models/:id/reports/:reportId/diff',
    { schema: { params: reportParams } },
    async (request, reply) => {
      const { id, reportId } = request.params;
      const { pair, answer } = await service.diff(signedInUser(request).id, id, reportId);
      return sendDiffAnswer(reply, pair, answer);
    },
  );

  routes.get(
    '/models/:id/reports/:reportId/results',
    { schema: { params: reportParams, response: { 200: reportResultsResponse } } },
    async (request) => service.results(signedInUser(request).id, request.params.id, request.params.reportId),
  );

  routes.get(
    '/models/:id/reports/:reportId/xlsx',
    { schema: { params: reportParams } },
    async (request, reply) => {
      const { id, reportId } = request.params;
      const file = await service.workbook(signedInUser(request).id, id, reportId);
      return reply.type(XLSX_TYPE).header('content-disposition', attachment(file.fileName)).send(file.bytes);
    },
  );
}
