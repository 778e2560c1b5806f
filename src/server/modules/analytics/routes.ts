import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsSummaryQuery, analyticsSummarySchema } from '../../../contract/http/analytics';
import type { ServerContext } from '../../context';
import { signedInUser } from '../../plugins/auth';
import { causeOf, realtimeEvent } from '../../realtime/events';
import { noRealtime } from '../../realtime/realtime';
import { adminOnly } from '../admin/guard';
import type { AnalyticsRecorder } from './recorder';
import { createAnalyticsService } from './service';

/**
 * GET /api/analytics/summary (internal admins; inside the /api scope). What this instance has buffered is written
 * first, so the summary includes the requests of the last second. The summary also goes to the admin's own
 * sockets as routesAnalytics (channel fromAnalyticService), which the client applies when the author is the
 * current user, the message is success and the data is not empty (spec section 4).
 */
export function registerAnalyticsRoutes(
  app: FastifyInstance,
  context: ServerContext,
  deps: { recorder: AnalyticsRecorder },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const service = createAnalyticsService(context);
  const realtime = context.realtime ?? noRealtime;

  routes.get(
    '/analytics/summary',
    {
      onRequest: adminOnly(context.config),
      schema: { querystring: analyticsSummaryQuery, response: { 200: analyticsSummarySchema } },
    },
    async (request) => {
      const admin = signedInUser(request);
      await deps.recorder.flush();
      const summary = await service.summary(request.query);
      void realtime
        .emitToUser(admin.id, realtimeEvent('routesAnalytics', summary, causeOf(request)))
        .catch((error: unknown) => context.log.warn({ err: error }, 'routesAnalytics not sent'));
      return summary;
    },
  );
}
