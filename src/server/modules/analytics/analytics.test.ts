import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBuilding } from '../../../engine/testing/building';
import { presetParameters } from '../../../engine/testing/presets';
import { messages, ownMessages } from '../../../contract/errors';
import { analyticsSummarySchema, type AnalyticsSummary } from '../../../contract/http/analytics';
import type { SessionResponse } from '../../../contract/http/users';
import { etabsTranslator } from '../../../engine/formats/etabs';
import { connectAndLogin, eventsNamed, type LiveClient } from '../../testing/sockets';
import { signUp, uniqueEmail } from '../../testing/accounts';
import { databases } from '../../testing/databases';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { createOrganization, uploadAndWait } from '../../testing/uploads';
import { createAnalyticsRecorder, type RecordedRequest } from './recorder';
import { createAnalyticsService } from './service';

const silentLog = { warn: () => undefined } as unknown as Parameters<
  typeof createAnalyticsRecorder
>[0]['log'];

/**
 * The same days' totals computed straight from request_log, what the daily aggregates must agree with; requests
 * of `exceptUserId` are left out (the summary request itself, recorded after it answered).
 */
async function naiveDailyTotals(
  server: TestServer,
  from: string,
  to: string,
  exceptUserId: string | null = null,
) {
  return server.db.query<{ day: string; requests: number; errors: number; users: number }>(
    `SELECT (at AT TIME ZONE 'UTC')::date::text AS day, count(*)::int AS requests,
            count(*) FILTER (WHERE status >= 400)::int AS errors, count(DISTINCT user_id)::int AS users
     FROM request_log
     WHERE (at AT TIME ZONE 'UTC')::date BETWEEN $1::date AND $2::date
       AND ($3::uuid IS NULL OR user_id IS DISTINCT FROM $3::uuid)
     GROUP BY 1 ORDER BY 1`,
    [from, to, exceptUserId],
  );
}

/** Lets the last answered request's onResponse hook run, then writes what was recorded. */
async function flushRecorded(server: TestServer): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  await server.app.analytics.flush();
}

describe.each(databases('SQL only PostgreSQL runs'))('usage analytics on $kind', ({ kind }) => {
  describe('aggregation of a known set', () => {
    let server: TestServer;
    let userA: SessionResponse;
    let userB: SessionResponse;

    beforeAll(async () => {
      // Recording off for HTTP: this suite feeds its own recorder, so the log holds exactly the known set.
      server = await startTestServer(kind, { env: { ANALYTICS_ENABLED: 'false' } });
      userA = await signUp(server, uniqueEmail('a'));
      userB = await signUp(server, uniqueEmail('b'));
    });
    afterAll(async () => {
      await server?.close();
    });

    it('counts requests, errors, active users and the p95 per day and per route', async () => {
      const recorder = createAnalyticsRecorder({
        db: server.db,
        config: { enabled: true, flushIntervalMs: 60_000, flushBatchSize: 1_000 },
        log: silentLog,
      });
      const request = (at: string, fields: Partial<RecordedRequest>): RecordedRequest => ({
        at: new Date(at),
        route: '/api/models/:id',
        method: 'GET',
        status: 200,
        durationMs: 1,
        userId: userA.user._id,
        organizationId: null,
        analytics: null,
        ...fields,
      });
      // 2024-03-01: user A reads a model 20 times, taking 1, 2, … 20 ms; two of them 404, one 500.
      const modelReads = Array.from({ length: 20 }, (_, i) =>
        request(`2024-03-01T10:00:${String(i).padStart(2, '0')}Z`, {
          durationMs: i + 1,
          status: i === 3 || i === 4 ? 404 : i === 5 ? 500 : 200,
        }),
      );
      // Five logins without a user (two refused), one of them very slow; user B once, at the last instant.
      const logins = [100, 200, 300, 400, 70_000].map((durationMs, i) =>
        request('2024-03-01T12:00:00Z', {
          route: '/auth/login',
          method: 'POST',
          userId: null,
          durationMs,
          status: i < 2 ? 401 : 200,
        }),
      );
      const lastInstant = request('2024-03-01T23:59:59.999Z', { userId: userB.user._id, durationMs: 0.5 });
      // 2024-03-02: user A three times from its first instant.
      const nextDay = [3, 4, 5].map((durationMs) => request('2024-03-02T00:00:00.000Z', { durationMs }));

      // Two batches, so the second adds to rows the first created.
      for (const entry of [...modelReads.slice(0, 10), ...logins.slice(0, 2)]) recorder.record(entry);
      await recorder.flush();
      for (const entry of [...modelReads.slice(10), ...logins.slice(2), lastInstant, ...nextDay])
        recorder.record(entry);
      await recorder.close();

      const summary = await createAnalyticsService({ db: server.db, clock: () => new Date() }).summary({
        from: '2024-02-29',
        to: '2024-03-03',
      });
      expect(summary.days).toEqual([
        {
          day: '2024-02-29',
          activeUsers: 0,
          requests: 0,
          errors: 0,
          clientErrors: 0,
          serverErrors: 0,
          uploads: 0,
          p95Ms: null,
        },
        {
          day: '2024-03-01',
          activeUsers: 2,
          requests: 26,
          errors: 5,
          clientErrors: 4,
          serverErrors: 1,
          uploads: 0,
          // 26 durations: 0.5, 1…20, 100, 200, 300, 400, 70 000. The 25th (ceil(0.95 × 26)) is 400 ms: bucket
          // (300, 500], whose bound is 500.
          p95Ms: 500,
        },
        {
          day: '2024-03-02',
          activeUsers: 1,
          requests: 3,
          errors: 0,
          clientErrors: 0,
          serverErrors: 0,
          uploads: 0,
          // 3, 4, 5: the 3rd is 5 ms, the bound of bucket (3, 5].
          p95Ms: 5,
        },
        {
          day: '2024-03-03',
          activeUsers: 0,
          requests: 0,
          errors: 0,
          clientErrors: 0,
          serverErrors: 0,
          uploads: 0,
          p95Ms: null,
        },
      ]);
      expect(summary.routes).toEqual([
        {
          route: '/api/models/:id',
          method: 'GET',
          requests: 24,
          errors: 3,
          clientErrors: 2,
          serverErrors: 1,
          // 24 durations: 0.5, 1…20, 3, 4, 5. The 23rd is 19 ms: bucket (15, 20].
          p95Ms: 20,
        },
        {
          route: '/auth/login',
          method: 'POST',
          requests: 5,
          errors: 2,
          clientErrors: 2,
          serverErrors: 0,
          // The 5th of 5 is 70 000 ms, past the last bound (60 000): the slowest time itself.
          p95Ms: 70_000,
        },
      ]);
      expect(summary).toMatchObject({
        from: '2024-02-29',
        to: '2024-03-03',
        totalRequests: 29,
        translations: [],
      });

      // The aggregates agree with the log they were written with.
      const naive = await naiveDailyTotals(server, '2024-02-29', '2024-03-03');
      expect(naive).toEqual(
        summary.days
          .filter((day) => day.requests > 0)
          .map((day) => ({
            day: day.day,
            requests: day.requests,
            errors: day.errors,
            users: day.activeUsers,
          })),
      );
    });

    it('writes as soon as a batch is full, and drops a batch the database refuses without stopping', async () => {
      const warnings: unknown[] = [];
      const recorder = createAnalyticsRecorder({
        db: server.db,
        config: { enabled: true, flushIntervalMs: 60_000, flushBatchSize: 3 },
        log: { warn: (details: unknown) => warnings.push(details) } as unknown as typeof silentLog,
      });
      const countOn = async (day: string) =>
        (
          await server.db.query<{ count: number }>(
            `SELECT count(*)::int AS count FROM request_log WHERE (at AT TIME ZONE 'UTC')::date = $1::date`,
            [day],
          )
        )[0]?.count;
      const entry = (at: string, userId: string | null = null): RecordedRequest => ({
        at: new Date(at),
        route: '/api/users',
        method: 'GET',
        status: 200,
        durationMs: 2,
        userId,
        organizationId: null,
        analytics: null,
      });

      // Two records wait for the timer; the third fills the batch and is written without a flush call.
      recorder.record(entry('2023-05-01T10:00:00Z'));
      recorder.record(entry('2023-05-01T10:00:01Z'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await countOn('2023-05-01')).toBe(0);
      recorder.record(entry('2023-05-01T10:00:02Z'));
      await expect.poll(() => countOn('2023-05-01')).toBe(3);

      // A batch the database refuses (not a uuid) is logged and dropped; the next one is written.
      recorder.record(entry('2023-05-02T10:00:00Z', 'not-a-uuid'));
      await recorder.flush();
      expect(warnings).toHaveLength(1);
      recorder.record(entry('2023-05-03T10:00:00Z', userA.user._id));
      await recorder.close();
      expect([await countOn('2023-05-02'), await countOn('2023-05-03')]).toEqual([0, 1]);
      // After close nothing more is taken.
      recorder.record(entry('2023-05-04T10:00:00Z'));
      await recorder.flush();
      expect(await countOn('2023-05-04')).toBe(0);
    });

    it('records nothing when ANALYTICS_ENABLED is false', async () => {
      const before = await server.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM request_log',
      );
      await server.request('GET', '/api/users', { token: userA.token });
      await flushRecorded(server);
      const after = await server.db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM request_log',
      );
      expect(after).toEqual(before);
    });
  });

  describe('over HTTP', () => {
    let server: TestServer;
    const adminEmail = uniqueEmail('stats-admin');
    let admin: SessionResponse;
    let user: SessionResponse;
    let organizationId: string;
    const clients: LiveClient[] = [];

    beforeAll(async () => {
      server = await startTestServer(kind, { env: { GUSSET_ADMINS: adminEmail } });
      admin = await signUp(server, adminEmail, { firstName: 'Ida', lastName: 'Internal' });
      user = await signUp(server, uniqueEmail('engineer'));
      organizationId = await createOrganization(server, user.user._id, 'Frame Co');
    });
    afterAll(async () => {
      for (const client of clients) client.close();
      await server?.close();
    });

    const summaryOf = async (query = '', headers: Record<string, string> = {}) => {
      const response = await server.request('GET', `/api/analytics/summary${query}`, {
        token: admin.token,
        headers,
      });
      expect(response.status).toBe(200);
      return analyticsSummarySchema.parse(response.body);
    };

    it('records each request with its route template, user, organization, status and _ANALYTICS text', async () => {
      const analyticsText = 'Chrome 126 / desktop / Windows 10';
      await server.request('GET', `/api/users?_ANALYTICS=${encodeURIComponent(analyticsText)}`, {
        token: user.token,
      });
      await server.request('GET', `/api/organizations/${organizationId}`, { token: user.token });
      await server.request('GET', '/api/analytics/summary', { token: user.token });
      await server.request('GET', '/api/users');
      await flushRecorded(server);

      const rows = await server.db.query<{
        route: string;
        method: string;
        status: number;
        user_id: string | null;
        organization_id: string | null;
        analytics: string | null;
        duration_ms: number;
      }>(
        `SELECT route, method, status, user_id, organization_id, analytics, duration_ms FROM request_log
         WHERE route IN ('/api/users', '/api/organizations/:id', '/api/analytics/summary') ORDER BY id`,
      );
      expect(rows).toEqual([
        {
          route: '/api/users',
          method: 'GET',
          status: 200,
          user_id: user.user._id,
          organization_id: null,
          analytics: analyticsText,
          duration_ms: expect.any(Number),
        },
        {
          route: '/api/organizations/:id',
          method: 'GET',
          status: 200,
          user_id: user.user._id,
          organization_id: organizationId,
          analytics: null,
          duration_ms: expect.any(Number),
        },
        // A non-admin asking for the summary: refused, and recorded as such.
        {
          route: '/api/analytics/summary',
          method: 'GET',
          status: 401,
          user_id: user.user._id,
          organization_id: null,
          analytics: null,
          duration_ms: expect.any(Number),
        },
        // Without a token there is no user.
        {
          route: '/api/users',
          method: 'GET',
          status: 403,
          user_id: null,
          organization_id: null,
          analytics: null,
          duration_ms: expect.any(Number),
        },
      ]);
      expect(rows.every((row) => row.duration_ms > 0)).toBe(true);
      // Sign-up went through /auth routes: they are API requests too.
      const auth = await server.db.query<{ route: string }>(
        `SELECT DISTINCT route FROM request_log WHERE route LIKE '/auth/%' ORDER BY route`,
      );
      expect(auth.map((row) => row.route)).toEqual(['/auth/signup', '/auth/verify']);
    });

    it("summarises today's requests as the log has them, including the last second's", async () => {
      await server.request('GET', '/api/users', { token: user.token });
      // No flush here: the summary writes what is buffered first.
      const summary = await summaryOf();
      const today = new Date().toISOString().slice(0, 10);
      expect(summary.to).toBe(today);
      expect(summary.days).toHaveLength(30);
      // The admin has made no request but this one.
      await flushRecorded(server);
      const [naive] = await naiveDailyTotals(server, today, today, admin.user._id);
      expect(summary.days.at(-1)).toMatchObject({
        day: today,
        requests: naive?.requests,
        errors: naive?.errors,
        activeUsers: naive?.users,
      });
      const usersRoute = summary.routes.find(
        (route) => route.route === '/api/users' && route.method === 'GET',
      );
      const [naiveUsers] = await server.db.query<{ requests: number; errors: number }>(
        `SELECT count(*)::int AS requests, count(*) FILTER (WHERE status >= 400)::int AS errors
         FROM request_log WHERE route = '/api/users' AND method = 'GET'`,
      );
      expect(usersRoute).toMatchObject({ requests: naiveUsers?.requests, errors: naiveUsers?.errors });
      expect(summary.totalRequests).toBe(summary.days.reduce((sum, day) => sum + day.requests, 0));
    });

    it('sends the summary to the asking admin as routesAnalytics, and to nobody else', async () => {
      const adminClient = await connectAndLogin(server.url, admin.token, admin.user._id);
      const userClient = await connectAndLogin(server.url, user.token, user.user._id);
      clients.push(adminClient, userClient);
      const summary = await summaryOf('?from=2024-01-01&to=2024-01-31', { GussetSessionId: 'tab-1' });
      const event = await adminClient.waitFor((received) => received.payload.eventName === 'routesAnalytics');
      expect(event.channel).toBe('fromAnalyticService');
      expect(event.payload).toMatchObject({
        author: { _id: admin.user._id },
        message: 'success',
        GussetSessionId: 'tab-1',
        data: summary,
      });
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(eventsNamed(userClient, 'routesAnalytics')).toEqual([]);
    });

    it('counts uploads per day and translations per platform pair', async () => {
      const file = (await etabsTranslator.write(generateBuilding(presetParameters('1k', 5)))).bytes;
      const upload = await uploadAndWait(server, user.token, file, {
        fileName: 'frame.e2k',
        organizationId,
        name: 'Frame',
      });
      const exported = await server.request(
        'GET',
        `/api/models/${upload.modelId}/data/versions/${upload.versionId}/export?format=s2k`,
        { token: user.token },
      );
      expect(exported.status).toBe(200);
      // A refused export translates nothing.
      await server.request(
        'GET',
        `/api/models/${upload.modelId}/data/versions/${upload.versionId}/export?format=xyz`,
        {
          token: user.token,
        },
      );

      const summary: AnalyticsSummary = await summaryOf();
      expect(summary.days.at(-1)?.uploads).toBe(1);
      expect(summary.translations).toEqual(
        expect.arrayContaining([
          { from: 'Etabs', to: 'Gusset', count: 1 },
          { from: 'Etabs', to: 'SAP', count: 1 },
        ]),
      );
      expect(summary.translations).toHaveLength(2);
    });

    it('refuses a malformed, reversed or too long range', async () => {
      for (const [query, message] of [
        ['?from=2024-02-30&to=2024-03-01', ownMessages.analyticsDateInvalid],
        ['?from=03/01/2024', ownMessages.analyticsDateInvalid],
        ['?from=2024-03-02&to=2024-03-01', ownMessages.analyticsRangeReversed],
        ['?from=2023-01-01&to=2024-01-02', ownMessages.analyticsRangeTooLong],
      ] as const) {
        expect(
          await server.request('GET', `/api/analytics/summary${query}`, { token: admin.token }),
        ).toMatchObject({ status: 400, body: { message } });
      }
      expect((await summaryOf('?from=2024-01-01&to=2024-12-31')).days).toHaveLength(366);
      expect(await server.request('GET', '/api/analytics/summary', { token: user.token })).toMatchObject({
        status: 401,
        body: { message: messages.unauthorizedAccess },
      });
    });
  });
});
