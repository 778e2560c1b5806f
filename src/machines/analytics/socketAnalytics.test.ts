import { describe, expect, it } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { AnalyticsSummary } from '../../contract/http/analytics';
import { createRealtimeFeed } from '../socket/realtimeFeed';
import { aPayload, ada, grace, startSocket } from '../socket/socketTestKit';
import { aSummary } from './analyticsTestKit';
import { payloadsAfter, subscribeToPushedSummaries } from './socketAnalytics';

describe('the routesAnalytics summaries the socket accepted', () => {
  it('reaches the Stats page once the socket exists, only for events after subscribing', async () => {
    const feed = createRealtimeFeed();
    const session: { socket?: AnyActorRef } = {};
    const received: AnalyticsSummary[] = [];
    const unsubscribe = subscribeToPushedSummaries(
      () => session.socket,
      feed,
      (summary) => received.push(summary),
    );

    // The session's socket appears after the page opened (a reload straight into /usageAnalytics).
    const live = startSocket();
    await live.goOnline();
    const before = aSummary({ totalRequests: 1 });
    live.socket.deliver(
      'fromAnalyticService',
      aPayload({ author: ada, eventName: 'routesAnalytics', data: before }),
    );
    session.socket = live.actor;
    feed.publish({ type: 'socket.status', status: 'online' });

    const summary = aSummary({ totalRequests: 2 });
    live.socket.deliver(
      'fromAnalyticService',
      aPayload({ author: ada, eventName: 'routesAnalytics', data: summary }),
    );
    // Rule (e): another user's analytics never reach this page.
    live.socket.deliver(
      'fromAnalyticService',
      aPayload({ author: grace, eventName: 'routesAnalytics', data: aSummary({ totalRequests: 3 }) }),
    );
    // Data that is not a summary is skipped.
    live.socket.deliver(
      'fromAnalyticService',
      aPayload({ author: ada, eventName: 'routesAnalytics', data: [1] }),
    );
    expect(received.map((pushed) => pushed.totalRequests)).toEqual([2]);

    unsubscribe();
    live.socket.deliver(
      'fromAnalyticService',
      aPayload({ author: ada, eventName: 'routesAnalytics', data: summary }),
    );
    expect(received).toHaveLength(1);
  });

  it('follows the newest events even when the socket drops its oldest ones', () => {
    const [a, b, c, d] = [1, 2, 3, 4].map((n) => aPayload({ data: { n } }));
    if (!a || !b || !c || !d) throw new Error('payloads');
    expect(payloadsAfter([a, b, c], b)).toEqual([c]);
    expect(payloadsAfter([b, c, d], a)).toEqual([b, c, d]);
    expect(payloadsAfter([a], undefined)).toEqual([a]);
    expect(payloadsAfter([a, b], b)).toEqual([]);
  });
});
