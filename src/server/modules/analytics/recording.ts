import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isUuid } from '../access/access';
import type { AnalyticsRecorder, RecordedRequest } from './recorder';
import type { Clock } from '../../clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Usage analytics of this process: tests flush it to read what was recorded. */
    readonly analytics: AnalyticsRecorder;
  }
}

/** The browser, device and OS text is the client's own description: bounded, never parsed. */
const maxAnalyticsTextLength = 300;

/** The route a model export is served from; its format and version feed translations per platform pair. */
export const exportRoute = '/api/models/:id/data/versions/:versionId/export';

function isRecordedRoute(route: string | undefined): route is string {
  return route !== undefined && (route.startsWith('/api/') || route.startsWith('/auth/'));
}

function stringParam(values: unknown, name: string): string | undefined {
  if (typeof values !== 'object' || values === null || !(name in values)) return undefined;
  const value = (values as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The organization a request acted on, when it is cheap to know: the :id of /api/organizations/:id/… routes, or
 * an organizationId in the query (uploads of a new model). Otherwise null.
 */
function organizationOf(request: FastifyRequest, route: string, query: URLSearchParams): string | null {
  const candidate = route.startsWith('/api/organizations/:id')
    ? stringParam(request.params, 'id')
    : (query.get('organizationId') ?? undefined);
  return candidate && isUuid(candidate) ? candidate : null;
}

/**
 * Records every API request (/api and /auth routes) once its answer has gone: route template, method, user,
 * organization, status, duration and the `_ANALYTICS` text. The query is read from the raw URL because route
 * schemas strip parameters they do not declare. Recording only buffers (see createAnalyticsRecorder).
 */
export function registerAnalyticsRecording(
  app: FastifyInstance,
  deps: { recorder: AnalyticsRecorder; clock: Clock },
): void {
  const { recorder, clock } = deps;
  app.decorate('analytics', recorder);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (!isRecordedRoute(route)) return;
    const queryStart = request.url.indexOf('?');
    const query = new URLSearchParams(queryStart < 0 ? '' : request.url.slice(queryStart + 1));
    const analytics = query.get('_ANALYTICS')?.slice(0, maxAnalyticsTextLength) ?? null;
    const entry: RecordedRequest = {
      at: clock(),
      route,
      method: request.method,
      status: reply.statusCode,
      durationMs: reply.elapsedTime,
      userId: request.user?.id ?? null,
      organizationId: organizationOf(request, route, query),
      analytics,
    };
    const versionId = stringParam(request.params, 'versionId');
    const format = query.get('format');
    if (route === exportRoute && reply.statusCode === 200 && versionId && isUuid(versionId) && format) {
      entry.export = { versionId, format: format.slice(0, 20) };
    }
    recorder.record(entry);
  });
  app.addHook('onClose', () => recorder.close());
}
