import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { analyticsSummarySchema, type AnalyticsSummary } from '../../contract/http/analytics';
import type { RealtimePayload } from '../../contract/realtime';
import type { RealtimeFeed } from '../socket/realtimeFeed';
import type { socketMachine } from '../socket/socketMachine';

type SocketActor = ActorRefFrom<typeof socketMachine>;

/** The summary a kept analytic event carries, when it is a routesAnalytics one that fits the contract. */
export function pushedSummaryOf(payload: RealtimePayload): AnalyticsSummary | null {
  if (payload.eventName !== 'routesAnalytics') return null;
  const parsed = analyticsSummarySchema.safeParse(payload.data);
  return parsed.success ? parsed.data : null;
}

/** The payloads of `current` that came after `lastSeen` (the socket keeps the newest few hundred, oldest first). */
export function payloadsAfter(
  current: readonly RealtimePayload[],
  lastSeen: RealtimePayload | undefined,
): RealtimePayload[] {
  if (lastSeen === undefined) return [...current];
  const index = current.lastIndexOf(lastSeen);
  return index === -1 ? [...current] : current.slice(index + 1);
}

/**
 * The socket actor keeps the analytic events it accepted (rule (e)) in its context; this follows them for the
 * Stats page. The socket (systemId 'socket') is spawned per session, possibly after the page opened, so it is
 * looked up again whenever the feed reports a status change until it is found (and again after it closed). Only events that arrive after
 * subscribing are passed on: older ones answered an earlier visit.
 */
export function subscribeToPushedSummaries(
  findSocket: () => AnyActorRef | undefined,
  feed: RealtimeFeed,
  listener: (summary: AnalyticsSummary) => void,
): () => void {
  let socketSubscription: { unsubscribe: () => void } | null = null;

  const attach = () => {
    if (socketSubscription !== null) return;
    const socket = findSocket() as SocketActor | undefined;
    if (socket === undefined) return;
    let lastSeen = socket.getSnapshot().context.analytics.at(-1);
    socketSubscription = socket.subscribe((snapshot) => {
      const fresh = payloadsAfter(snapshot.context.analytics, lastSeen);
      lastSeen = snapshot.context.analytics.at(-1) ?? lastSeen;
      for (const payload of fresh) {
        const summary = pushedSummaryOf(payload);
        if (summary !== null) listener(summary);
      }
    });
  };

  attach();
  const stopFollowingFeed = feed.subscribe((notice) => {
    if (notice.type !== 'socket.status') return;
    // A closed socket is gone for good; the next session's socket is a new actor.
    if (notice.status === 'closed') {
      socketSubscription?.unsubscribe();
      socketSubscription = null;
    } else attach();
  });
  return () => {
    stopFollowingFeed();
    socketSubscription?.unsubscribe();
  };
}
