import { fromCallback, type EventObject } from 'xstate';
import type { RealtimeEvent, RealtimeNotice, SocketStatus } from './types';

/**
 * The app's realtime feed: the socket actor publishes to it, the feature machines listen. It outlives the
 * socket actor (one per session), so screens subscribe once whatever session comes and goes.
 */
export interface RealtimeFeed {
  /** Every notice from now on; returns the unsubscribe. */
  subscribe(listener: (notice: RealtimeNotice) => void): () => void;
  /** The socket's latest status ('closed' while no session has a socket). */
  status(): SocketStatus;
  /** After the last reconnection attempt failed: try again. */
  retry(): void;
}

export interface RealtimePublisher extends RealtimeFeed {
  publish(notice: RealtimeNotice): void;
}

export function createRealtimeFeed(options: { retry?: () => void } = {}): RealtimePublisher {
  const listeners = new Set<(notice: RealtimeNotice) => void>();
  let current: SocketStatus = 'closed';
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    status: () => current,
    retry: () => options.retry?.(),
    publish(notice) {
      if (notice.type === 'socket.status') current = notice.status;
      // A copy: a listener that unsubscribes (its actor stopped) must not disturb this round.
      for (const listener of [...listeners]) listener(notice);
    },
  };
}

/** A feed with nothing on it, for screens and tests that run without a socket. */
export const silentFeed: RealtimeFeed = {
  subscribe: () => () => {},
  status: () => 'closed',
  retry: () => {},
};

/** What a feature machine receives from the feed: the events, and the resync after a reconnect. */
export type FeedEvent = { type: 'realtime.event'; event: RealtimeEvent } | { type: 'socket.resynced' };

/**
 * The feed as an invoked actor: a feature machine invokes it and receives `realtime.event` and
 * `socket.resynced` for as long as it runs.
 */
export function listenToFeed(feed: RealtimeFeed) {
  return fromCallback<EventObject>(({ sendBack }) =>
    feed.subscribe((notice) => {
      if (notice.type === 'realtime.event' || notice.type === 'socket.resynced') sendBack(notice);
    }),
  );
}
