import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { ApiResult } from '../../api/types';
import { messages, ownMessages } from '../../contract/errors';
import type { AnalyticsSummary } from '../../contract/http/analytics';
import { createFakeHttpClient, deferred, failure, ok } from '../auth/fakeHttpClient';
import { loadingMachine } from '../loading/loadingMachine';
import { selectIsOverlayVisible, selectOverlayHeadline, selectOverlaySubline } from '../loading/selectors';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { analyticsMachine, createAnalyticsImplementations } from './analyticsMachine';
import { aSummary } from './analyticsTestKit';
import { addDays, defaultRange, rangeProblem } from './range';
import { chartDays, routesByRequests, totalsOf, translationsByCount } from './selectors';

const today = '2025-03-31';

/** The Stats page's machine with the real loading machine behind the overlay, and a feed the test drives. */
function startAnalytics(answer: () => Promise<ApiResult<AnalyticsSummary>> | ApiResult<AnalyticsSummary>) {
  const fake = createFakeHttpClient();
  fake.answer('GET /api/analytics/summary', answer);
  const realtime = createRealtimeFeed();
  const loading = createActor(loadingMachine.provide({ actions: { reloadBrowser: () => {} } })).start();
  const pushListeners = new Set<(summary: AnalyticsSummary) => void>();
  const actor = createActor(
    analyticsMachine.provide(
      createAnalyticsImplementations({
        http: fake.http,
        realtime,
        overlay: {
          show: () => loading.send({ type: 'loading.started', variant: 'analytics' }),
          hide: () => loading.send({ type: 'loading.finished', variant: 'analytics' }),
          socketDataLoading: (busy) => loading.send({ type: 'socketData.loadingChanged', loading: busy }),
        },
        subscribeToPushedSummaries: (listener) => {
          pushListeners.add(listener);
          return () => pushListeners.delete(listener);
        },
      }),
    ),
    { input: { today } },
  );
  return {
    actor,
    fake,
    realtime,
    loading,
    push: (summary: AnalyticsSummary) => pushListeners.forEach((listener) => listener(summary)),
    pushListeners,
    overlay: () => ({
      visible: selectIsOverlayVisible(loading.getSnapshot()),
      headline: selectOverlayHeadline(loading.getSnapshot()),
      subline: selectOverlaySubline(loading.getSnapshot()),
    }),
  };
}

const lastThirtyDays = { from: '2025-03-02', to: today };

describe('analyticsMachine', () => {
  it('asks for the last 30 days, with the analytics overlay up until the summary arrives', async () => {
    const answer = deferred<ApiResult<AnalyticsSummary>>();
    const stats = startAnalytics(() => answer.promise);
    stats.actor.start();

    expect(stats.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(stats.overlay()).toEqual({
      visible: true,
      headline: 'Sorting through 250000 Entries',
      subline: 'This takes a minute or two...',
    });
    expect(stats.fake.requests.map((request) => request.path)).toEqual(['/api/analytics/summary']);

    const summary = aSummary(lastThirtyDays);
    answer.resolve(ok(summary));
    await waitFor(stats.actor, (snapshot) => snapshot.hasTag('loaded'));
    expect(stats.actor.getSnapshot().context.summary).toEqual(summary);
    expect(stats.overlay().visible).toBe(false);
  });

  it('counts 150000 entries while the live connection is still being made', async () => {
    const answer = deferred<ApiResult<AnalyticsSummary>>();
    const stats = startAnalytics(() => answer.promise);
    stats.realtime.publish({ type: 'socket.status', status: 'connecting' });
    stats.actor.start();
    expect(stats.overlay().headline).toBe('Sorting through 150000 Entries');

    stats.realtime.publish({ type: 'socket.status', status: 'online' });
    expect(stats.overlay().headline).toBe('Sorting through 250000 Entries');
    stats.realtime.publish({ type: 'socket.status', status: 'reconnecting' });
    expect(stats.overlay().headline).toBe('Sorting through 150000 Entries');

    answer.resolve(ok(aSummary(lastThirtyDays)));
    await waitFor(stats.actor, (snapshot) => snapshot.hasTag('loaded'));
    expect(stats.overlay().visible).toBe(false);
    // The flag is put back, so the next analytics load starts from the socket's real state.
    expect(stats.loading.getSnapshot().context.socketDataLoading).toBe(false);
  });

  it('hides the overlay when the page closes mid-load', () => {
    const stats = startAnalytics(() => new Promise(() => {}));
    stats.actor.start();
    expect(stats.overlay().visible).toBe(true);
    stats.actor.stop();
    expect(stats.overlay().visible).toBe(false);
    expect(stats.pushListeners.size).toBe(0);
  });

  it('takes the summary pushed as routesAnalytics when it comes first, and later pushes for the same range', async () => {
    const stats = startAnalytics(() => new Promise(() => {}));
    stats.actor.start();

    // Another range's summary (an earlier request) is not this page's.
    stats.push(aSummary({ from: '2025-01-01', to: '2025-01-31' }));
    expect(stats.actor.getSnapshot().hasTag('loading')).toBe(true);

    const pushed = aSummary({ ...lastThirtyDays, totalRequests: 7 });
    stats.push(pushed);
    expect(stats.actor.getSnapshot().hasTag('loaded')).toBe(true);
    expect(stats.actor.getSnapshot().context.summary).toEqual(pushed);
    expect(stats.overlay().visible).toBe(false);

    const fresher = aSummary({ ...lastThirtyDays, totalRequests: 9 });
    stats.push(fresher);
    expect(stats.actor.getSnapshot().context.summary?.totalRequests).toBe(9);
  });

  it('checks a typed range before asking, then asks for it', async () => {
    const stats = startAnalytics(() => ok(aSummary(lastThirtyDays)));
    stats.actor.start();
    await waitFor(stats.actor, (snapshot) => snapshot.hasTag('loaded'));

    stats.actor.send({ type: 'range.change', field: 'from', value: '2025-04-02' });
    stats.actor.send({ type: 'range.change', field: 'to', value: '2025-04-01' });
    stats.actor.send({ type: 'range.apply' });
    expect(stats.actor.getSnapshot().context.error).toBe(ownMessages.analyticsRangeInvalid);
    expect(stats.actor.getSnapshot().hasTag('loaded')).toBe(true);
    expect(stats.fake.requests).toHaveLength(1);

    stats.actor.send({ type: 'range.change', field: 'from', value: '2025-03-15' });
    expect(stats.actor.getSnapshot().context.error).toBeNull();
    stats.fake.answer('GET /api/analytics/summary', ok(aSummary({ from: '2025-03-15', to: '2025-04-01' })));
    stats.actor.send({ type: 'range.apply' });
    expect(stats.actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(stats.overlay().visible).toBe(true);
    await waitFor(stats.actor, (snapshot) => snapshot.hasTag('loaded'));
    expect(stats.actor.getSnapshot().context.range).toEqual({ from: '2025-03-15', to: '2025-04-01' });
    expect(stats.overlay().visible).toBe(false);
  });

  it('shows the server’s refusal in place of the summary, and tries again on request', async () => {
    const stats = startAnalytics(() => failure(401, messages.unauthorizedAccess));
    stats.actor.start();
    await waitFor(stats.actor, (snapshot) => snapshot.hasTag('failed'));
    expect(stats.actor.getSnapshot().context.error).toBe(messages.unauthorizedAccess);
    expect(stats.overlay().visible).toBe(false);

    stats.fake.answer('GET /api/analytics/summary', ok(aSummary(lastThirtyDays)));
    stats.actor.send({ type: 'summary.reload' });
    await waitFor(stats.actor, (snapshot) => snapshot.hasTag('loaded'));
    expect(stats.actor.getSnapshot().context.error).toBeNull();
  });
});

describe('analytics ranges', () => {
  it('defaults to the last 30 days, today included, across month and year ends', () => {
    expect(defaultRange('2025-03-31')).toEqual({ from: '2025-03-02', to: '2025-03-31' });
    expect(defaultRange('2025-01-10')).toEqual({ from: '2024-12-12', to: '2025-01-10' });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('refuses a reversed range, a malformed day and a day that does not exist', () => {
    expect(rangeProblem({ from: '2025-03-01', to: '2025-03-01' })).toBeNull();
    expect(rangeProblem({ from: '2025-03-02', to: '2025-03-01' })).toBe(ownMessages.analyticsRangeInvalid);
    expect(rangeProblem({ from: '', to: '2025-03-01' })).toBe('Use a date as YYYY-MM-DD.');
    expect(rangeProblem({ from: '2025-02-30', to: '2025-03-01' })).toBe(ownMessages.analyticsRangeInvalid);
  });
});

describe('analytics selectors', () => {
  const summary = aSummary();

  it('adds up the totals a summary card shows', () => {
    expect(totalsOf(summary)).toEqual({
      requests: 140,
      errors: 3,
      uploads: 5,
      peakActiveUsers: 5,
      translations: 10,
    });
  });

  it('labels chart days MM/DD and keeps days without requests', () => {
    expect(chartDays(summary).map((day) => [day.label, day.requests, day.p95Ms])).toEqual([
      ['03/01', 40, 50],
      ['03/02', 100, 75],
      ['03/03', 0, null],
    ]);
  });

  it('orders routes and platform pairs by count, busiest first', () => {
    expect(routesByRequests(summary.routes).map((route) => route.route)).toEqual([
      '/api/models/:id',
      '/api/users',
    ]);
    expect(translationsByCount(summary.translations).map((pair) => pair.label)).toEqual([
      'Gusset → SAP2000',
      'ETABS → Gusset',
    ]);
  });
});
